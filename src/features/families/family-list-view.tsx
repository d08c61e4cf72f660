// List view of the same people, by generation: arrows move between relatives, Enter selects, Escape clears.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import { generationsOf } from '../../../core/families/generations.ts';
import { families } from '../../../core/i18n/messages/families.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { kinMove } from './kin-navigation.ts';
import './families-panels.css';

export interface FamilyListViewProps {
  graph: FamilyGraph;
  selectedId: string | null;
  highlightedIds: ReadonlySet<string>;
  matchIds: ReadonlySet<string>;
  /** While the page's search has text, the list shows only the persons it matches. */
  filtered: boolean;
  onSelect: (id: string) => void;
  onClear: () => void;
}

export function FamilyListView({
  graph,
  selectedId,
  highlightedIds,
  matchIds,
  filtered,
  onSelect,
  onClear,
}: FamilyListViewProps) {
  const t = useT();
  const baseId = useId();
  const [activeId, setActiveId] = useState(selectedId ?? graph.rootId);
  const listRef = useRef<HTMLDivElement>(null);
  const optionId = (id: string) => `${baseId}-${id}`;

  const rows = useMemo(() => {
    const generation = generationsOf(graph);
    const byLevel = new Map<number, string[]>();
    for (const node of graph.nodes) {
      const level = generation.get(node.id) ?? 0;
      const row = byLevel.get(level);
      if (row) row.push(node.id);
      else byLevel.set(level, [node.id]);
    }
    let first = Infinity;
    for (const level of byLevel.keys()) first = Math.min(first, level);
    return [...byLevel.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([level, ids]) => ({
        key: level,
        label: t(families.generation, { number: level - first + 1 }),
        ids,
      }));
  }, [graph, t]);

  // Kept in sync: a selection made on the graph or by search becomes the active row.
  useEffect(() => {
    if (selectedId) setActiveId(selectedId);
  }, [selectedId]);
  useEffect(() => {
    document.getElementById(optionId(activeId))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId only depends on baseId
  }, [activeId]);

  const describe = (id: string) => {
    const node = graph.nodeById.get(id);
    if (!node) return '';
    return [
      node.gender === 'unknown' ? null : t(node.gender === 'male' ? families.male : families.female),
      node.born ? t(families.born, { year: node.born }) : null,
      node.died ? t(families.died, { year: node.died }) : null,
      node.deceased ? t(families.deceased) : null,
      node.royalLineage ? t(families.royalLineage) : null,
      id === graph.rootId ? t(families.rootPerson) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  };

  return (
    <section className="card families-list" aria-labelledby={`${baseId}-heading`}>
      <h2 id={`${baseId}-heading`}>{t(families.people, { count: formatNumber(graph.nodes.length) })}</h2>
      <p className="muted" id={`${baseId}-help`}>
        {t(families.listHelp)}
      </p>
      <div
        ref={listRef}
        role="listbox"
        tabIndex={0}
        className="families-list-box"
        aria-label={t(families.familyMembers)}
        aria-describedby={`${baseId}-help`}
        aria-activedescendant={optionId(activeId)}
        data-testid="families-list"
        data-active-id={activeId}
        onKeyDown={(event) => {
          const next = kinMove(graph, activeId, event.key);
          if (next) {
            event.preventDefault();
            setActiveId(next);
          } else if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onSelect(activeId);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onClear();
          } else if (event.key === 'Home') {
            event.preventDefault();
            setActiveId(graph.rootId);
          } else if (event.key.startsWith('Arrow')) {
            event.preventDefault();
          }
        }}
      >
        {rows.map((row) => {
          const ids = filtered ? row.ids.filter((id) => matchIds.has(id)) : row.ids;
          if (ids.length === 0) return null;
          return (
            <div key={row.key} role="group" aria-label={row.label}>
              <div className="families-list-generation" aria-hidden="true">
                {row.label}
              </div>
              {ids.map((id) => {
                const classes = [
                  'families-list-option',
                  id === activeId ? 'is-active' : '',
                  highlightedIds.has(id) ? 'is-highlighted' : '',
                  matchIds.has(id) ? 'is-match' : '',
                ];
                return (
                  <div
                    key={id}
                    id={optionId(id)}
                    role="option"
                    aria-selected={id === selectedId}
                    className={classes.filter(Boolean).join(' ')}
                    data-person-id={id}
                    onClick={() => {
                      setActiveId(id);
                      onSelect(id);
                    }}
                  >
                    <span
                      className={`families-gender-mark families-gender-${graph.nodeById.get(id)?.gender ?? 'unknown'}`}
                      aria-hidden="true"
                    />
                    <span className="families-option-name" translate="no">
                      {graph.nodeById.get(id)?.name}
                    </span>
                    <span className="families-option-meta">{describe(id)}</span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </section>
  );
}
