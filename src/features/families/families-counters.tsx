// The family data's counts: persons, men and women.
import type { FamilyCounters } from '../../../core/families/family-graph.ts';
import { families as messages } from '../../../core/i18n/messages/families.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';

export function FamiliesCounters({ counters }: { counters: FamilyCounters }) {
  const t = useT();
  return (
    <dl className="families-counters" data-testid="families-counters">
      {(
        [
          ['persons', messages.persons, counters.persons],
          ['male', messages.male, counters.male],
          ['female', messages.female, counters.female],
        ] as const
      ).map(([key, label, value]) => (
        <div key={key} className="card stat">
          <dt className="stat-label">{t(label)}</dt>
          <dd className="stat-value" data-counter={key}>
            {formatNumber(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
