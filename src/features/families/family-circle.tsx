// The phone-first family view: one person in the middle with grandparents and parents above, spouses beside,
// siblings, children and grandchildren below, as plain buttons with names readable at any width. Tapping a
// person centres the view on them, so it grows as the reader moves. No graph library: the same cost for 88
// persons as for 5,000.
import { useMemo } from 'react';
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import {
  NEIGHBOURHOOD_ROWS,
  neighbourhoodOf,
  type NeighbourhoodRow,
} from '../../../core/families/neighbourhood.ts';
import { families } from '../../../core/i18n/messages/families.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { useT } from '../../i18n/i18n.tsx';

const ROW_LABELS: Record<NeighbourhoodRow, MessageDescriptor> = {
  grandparents: families.rowGrandparents,
  parents: families.rowParents,
  self: families.rowSelf,
  siblings: families.rowSiblings,
  children: families.rowChildren,
  grandchildren: families.rowGrandchildren,
};

export interface FamilyCircleProps {
  graph: FamilyGraph;
  focusId: string;
  highlightedIds: ReadonlySet<string>;
  matchIds: ReadonlySet<string>;
  onFocus: (id: string) => void;
}

export function FamilyCircle({ graph, focusId, highlightedIds, matchIds, onFocus }: FamilyCircleProps) {
  const t = useT();
  const rows = useMemo(() => neighbourhoodOf(graph, focusId), [graph, focusId]);
  const focus = graph.nodeById.get(focusId);
  return (
    <section
      className="families-circle"
      aria-label={t(families.circleLabel, { name: focus?.name ?? '' })}
      data-testid="families-circle"
      data-focus-id={focusId}
      data-ready="true"
    >
      {NEIGHBOURHOOD_ROWS.map((row) => {
        const ids = rows[row];
        if (ids.length === 0 && row !== 'self') return null;
        return (
          <div key={row} className={`families-circle-row families-circle-${row}`} data-row={row}>
            <h3 className="families-circle-label">{t(ROW_LABELS[row], { count: ids.length })}</h3>
            <ul className="families-circle-people">
              {ids.map((id) => {
                const node = graph.nodeById.get(id);
                if (!node) return null;
                const years = [node.born, node.died].filter(Boolean).join(' – ');
                const classes = [
                  'families-circle-person',
                  `families-circle-${node.gender}`,
                  id === focusId ? 'is-focus' : '',
                  node.royalLineage ? 'is-royal' : '',
                  highlightedIds.has(id) ? 'is-highlighted' : '',
                  matchIds.has(id) ? 'is-match' : '',
                ];
                return (
                  <li key={id}>
                    <button
                      type="button"
                      className={classes.filter(Boolean).join(' ')}
                      aria-current={id === focusId ? 'true' : undefined}
                      data-person-id={id}
                      onClick={() => onFocus(id)}
                    >
                      <span
                        className={`families-gender-mark families-gender-${node.gender}`}
                        aria-hidden="true"
                      />
                      <span className="families-circle-name" translate="no">
                        {node.name}
                      </span>
                      {years && <span className="families-circle-years">{years}</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
