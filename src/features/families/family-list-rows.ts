// The list view's rows in the order shown: a heading per generation (oldest first), then its persons; with a
// search, only the persons it matches (and the headings of their generations). Flat, so the list can be windowed.
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import { generationsOf } from '../../../core/families/generations.ts';

export type FamilyListRow =
  | { kind: 'generation'; key: string; number: number }
  /** `position` counts persons only (1-based), as aria-posinset does. */
  | { kind: 'person'; key: string; id: string; number: number; position: number };

export interface FamilyListRows {
  rows: FamilyListRow[];
  /** The persons among the rows, for aria-setsize. */
  persons: number;
  /** Row index of each person shown. */
  indexOf: ReadonlyMap<string, number>;
  /** Persons shown, in row order (the list's own order for Page Up/Down and End). */
  order: readonly string[];
}

/** Persons grouped by generation (1 is the oldest), each group in data order. */
export function generationGroups(graph: FamilyGraph): { number: number; ids: string[] }[] {
  const generation = generationsOf(graph);
  const byLevel = new Map<number, string[]>();
  for (const node of graph.nodes) {
    const level = generation.get(node.id) ?? 0;
    const group = byLevel.get(level);
    if (group) group.push(node.id);
    else byLevel.set(level, [node.id]);
  }
  const levels = [...byLevel.keys()].sort((a, b) => a - b);
  const first = levels[0] ?? 0;
  return levels.map((level) => ({ number: level - first + 1, ids: byLevel.get(level) ?? [] }));
}

export function listRows(
  groups: readonly { number: number; ids: readonly string[] }[],
  keep: ((id: string) => boolean) | null,
): FamilyListRows {
  const rows: FamilyListRow[] = [];
  const indexOf = new Map<string, number>();
  const order: string[] = [];
  for (const group of groups) {
    const ids = keep ? group.ids.filter(keep) : group.ids;
    if (ids.length === 0) continue;
    rows.push({ kind: 'generation', key: `generation-${group.number}`, number: group.number });
    for (const id of ids) {
      indexOf.set(id, rows.length);
      order.push(id);
      rows.push({ kind: 'person', key: id, id, number: group.number, position: order.length });
    }
  }
  return { rows, persons: order.length, indexOf, order };
}
