// The four kingdom figures of product-spec section 1, shared by the home and about pages.
import { home } from '../../../core/i18n/messages/home.ts';
import { formatNumber, useT, type Translate } from '../../i18n/i18n.tsx';
import { KINGDOM_FIGURES } from '../../../core/constants.ts';

const STATS = [
  { value: () => formatNumber(KINGDOM_FIGURES.villages), label: home.statVillages },
  { value: () => formatNumber(KINGDOM_FIGURES.yearCycle), label: home.statYearCycles },
  {
    value: (t: Translate) => t(home.ordinal, { n: KINGDOM_FIGURES.generation }),
    label: home.statGeneration,
  },
  // A year, not a quantity: no grouping separator.
  { value: () => String(KINGDOM_FIGURES.nextTransition), label: home.statNext },
] as const;

export function KingdomStats({ headingId }: { headingId: string }) {
  const t = useT();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t(home.figures)}
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
