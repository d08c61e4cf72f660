// List view of the same people, by generation, windowed: only the rows in sight (and the active one) are in the page,
// so 5,000 persons cost what 50 do. It stays one listbox: each option carries its place (aria-posinset/-setsize)
// and its generation. Arrows move between relatives, Page Up/Down and End along the list, Enter selects, Escape
// clears.
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import { families } from '../../../core/i18n/messages/families.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { generationGroups, listRows } from './family-list-rows.ts';
import { kinMove } from './kin-navigation.ts';
import './families-panels.css';

/** Rows moved by Page Up and Page Down. */
const PAGE_ROWS = 10;
/** First guesses of a row's height in px (each row is measured once drawn; a long one wraps at 360 px). */
const GENERATION_ROW_PX = 30;
const PERSON_ROW_PX = 48;
/** The list box's height before it is measured (28rem, families-panels.css). */
const LIST_BOX_PX = 448;

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

  const groups = useMemo(() => generationGroups(graph), [graph]);
  const { rows, persons, indexOf, order } = useMemo(
    () => listRows(groups, filtered ? (id) => matchIds.has(id) : null),
    [groups, filtered, matchIds],
  );
  const activeIndex = indexOf.get(activeId);

  // Always drawn besides the rows in sight: the heading of the generation at the top (it sticks there) and the
  // active row, which aria-activedescendant names.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (let index = Math.min(range.startIndex, rows.length - 1); index >= 0; index--) {
        if (rows[index]?.kind === 'generation') {
          indexes.add(index);
          break;
        }
      }
      if (activeIndex !== undefined) indexes.add(activeIndex);
      return [...indexes].sort((a, b) => a - b);
    },
    [rows, activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => listRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'generation' ? GENERATION_ROW_PX : PERSON_ROW_PX),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
    // A row scrolled to stops below the generation heading stuck at the top, not under it.
    scrollPaddingStart: GENERATION_ROW_PX,
    rangeExtractor,
    initialRect: { width: 0, height: LIST_BOX_PX },
  });
  const items = virtualizer.getVirtualItems();
  // The heading of the generation at the top of the box sticks there (families-panels.css).
  let stuck = -1;
  for (let index = Math.min(virtualizer.range?.startIndex ?? 0, rows.length - 1); index >= 0; index--)
    if (rows[index]?.kind === 'generation') {
      stuck = index;
      break;
    }

  // Kept in sync: a selection made on the graph or by search becomes the active row.
  useEffect(() => {
    if (selectedId) setActiveId(selectedId);
  }, [selectedId]);
  useEffect(() => {
    if (activeIndex !== undefined) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, virtualizer]);

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
  const moveAlong = (step: number) => {
    if (order.length === 0) return;
    const at = order.indexOf(activeId);
    const next = at < 0 ? 0 : Math.max(0, Math.min(order.length - 1, at + step));
    setActiveId(order[next] ?? activeId);
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
        aria-activedescendant={activeIndex === undefined ? undefined : optionId(activeId)}
        data-testid="families-list"
        data-active-id={activeId}
        data-persons={persons}
        onKeyDown={(event) => {
          const next = kinMove(graph, activeId, event.key);
          const keys: Record<string, () => void> = {
            Enter: () => onSelect(activeId),
            ' ': () => onSelect(activeId),
            Escape: onClear,
            Home: () => setActiveId(graph.rootId),
            End: () => setActiveId(order.at(-1) ?? activeId),
            PageDown: () => moveAlong(PAGE_ROWS),
            PageUp: () => moveAlong(-PAGE_ROWS),
          };
          if (next) {
            event.preventDefault();
            setActiveId(next);
          } else if (keys[event.key]) {
            event.preventDefault();
            keys[event.key]?.();
          } else if (event.key.startsWith('Arrow')) {
            event.preventDefault();
          }
        }}
      >
        <div
          role="presentation"
          className="families-list-window"
          style={{ height: `${virtualizer.getTotalSize()}px` }}
        >
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const place =
              item.index === stuck
                ? { className: 'is-stuck' }
                : { style: { transform: `translateY(${item.start}px)` } };
            if (row.kind === 'generation')
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className={`families-list-generation ${place.className ?? ''}`}
                  style={place.style}
                  aria-hidden="true"
                >
                  {t(families.generation, { number: row.number })}
                </div>
              );
            const { id } = row;
            const node = graph.nodeById.get(id);
            const classes = [
              'families-list-option',
              id === activeId ? 'is-active' : '',
              highlightedIds.has(id) ? 'is-highlighted' : '',
              matchIds.has(id) ? 'is-match' : '',
            ];
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                id={optionId(id)}
                role="option"
                aria-selected={id === selectedId}
                aria-setsize={persons}
                aria-posinset={row.position}
                className={classes.filter(Boolean).join(' ')}
                style={place.style}
                data-person-id={id}
                onClick={() => {
                  setActiveId(id);
                  onSelect(id);
                }}
              >
                <span
                  className={`families-gender-mark families-gender-${node?.gender ?? 'unknown'}`}
                  aria-hidden="true"
                />
                <span className="families-option-name" translate="no">
                  {node?.name}
                </span>
                <span className="families-option-meta">
                  <span className="visually-hidden">{t(families.generation, { number: row.number })}, </span>
                  {describe(id)}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
