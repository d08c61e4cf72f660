// The four kingdom figures of product-spec section 1, shared by the home and about pages.
import { heritage } from '../../../core/i18n/messages/heritage.ts';
import { formatNumber, useT, type Translate } from '../../i18n/i18n.tsx';
import { KINGDOM_FIGURES } from '../../../core/constants.ts';

const STATS = [
  { value: () => formatNumber(KINGDOM_FIGURES.villages), label: heritage.statVillages },
  { value: () => formatNumber(KINGDOM_FIGURES.yearCycle), label: heritage.statYearCycles },
  {
    value: (t: Translate) => t(heritage.ordinal, { n: KINGDOM_FIGURES.generation }),
    label: heritage.statGeneration,
  },
  // A year, not a quantity: no grouping separator.
  { value: () => String(KINGDOM_FIGURES.nextTransition), label: heritage.statNext },
] as const;

export function KingdomStats({ headingId }: { headingId: string }) {
  const t = useT();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t(heritage.figures)}
      </h2>
      <dl className="grid heritage-stats">
        {STATS.map((stat) => (
          <div key={stat.label.id} className="card stat">
            <dt className="stat-label">{t(stat.label)}</dt>
            <dd className="stat-value">{stat.value(t)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
