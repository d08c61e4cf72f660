// The four kingdom figures of product-spec section 1, shared by the home and about pages.
import { KINGDOM_FIGURES } from '../../../core/constants.ts';
import { ordinal } from './draft-marker.tsx';

const STATS = [
  { value: String(KINGDOM_FIGURES.villages), label: 'Villages' },
  { value: String(KINGDOM_FIGURES.yearCycle), label: 'Year cycles' },
  { value: ordinal(KINGDOM_FIGURES.generation), label: 'Generation in power' },
  { value: String(KINGDOM_FIGURES.nextTransition), label: 'Next transition' },
] as const;

export function KingdomStats({ headingId }: { headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        The kingdom in figures
      </h2>
      <dl className="grid heritage-stats">
        {STATS.map((stat) => (
          <div key={stat.label} className="card stat">
            <dt className="stat-label">{stat.label}</dt>
            <dd className="stat-value">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
