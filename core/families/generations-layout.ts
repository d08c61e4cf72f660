// Generations layout: one row per generation, children below parents, in-laws beside their spouse. Linear in the
// number of persons and links (dagre took 5-20 s for 2,000 persons; this takes milliseconds for 5,000), and every
// tree of the data is laid out, side by side, so any of them can be the one shown.
import { buildFamilyGraph, treesApart } from './family-graph.ts';
import type { FamilyGraph } from './family-graph.ts';
import { generationsOf } from './generations.ts';
import type { FamilyData, Point } from './family-schema.ts';

/** Layout units: model coordinates of the canvas (1 unit = 1 px at zoom 1). */
export const GENERATIONS_LAYOUT = {
  rowHeight: 160,
  /** Horizontal room for a node with its label. */
  nodeWidth: 110,
  nodeHeight: 40,
  minGap: 24,
  /** Room between two trees of the data, in steps (node width and gap). */
  treeGapSteps: 3,
} as const;

const step = GENERATIONS_LAYOUT.nodeWidth + GENERATIONS_LAYOUT.minGap;

/**
 * Rows in family order: a depth-first walk from the root puts each person, then their spouses, then (on the row
 * below) their children, so siblings sit together under their parents. Parents reached only upwards (an in-law's
 * family) are walked after.
 */
function rowOrder(graph: FamilyGraph, generation: ReadonlyMap<string, number>): Map<number, string[][]> {
  const rows = new Map<number, string[][]>();
  const placed = new Set<string>();
  const pending = [graph.rootId];
  const visit = (id: string) => {
    if (placed.has(id)) return;
    placed.add(id);
    const level = generation.get(id) ?? 0;
    // A block: a person followed by the spouses on their row not placed yet.
    const block = [id];
    const neighbours = graph.neighbours.get(id) ?? [];
    for (const next of neighbours) {
      if (next.kind === 'spouse' && !placed.has(next.id) && generation.get(next.id) === level) {
        placed.add(next.id);
        block.push(next.id);
      }
    }
    let row = rows.get(level);
    if (!row) rows.set(level, (row = []));
    row.push(block);
    for (const member of block)
      for (const next of graph.neighbours.get(member) ?? []) {
        if (next.kind === 'child') visit(next.id);
        else if (!placed.has(next.id)) pending.push(next.id);
      }
  };
  for (let head = 0; head < pending.length; head++) visit(pending[head] as string);
  return rows;
}

/** Positions of the persons of one tree (`graph`), its top row at y = 0 and its leftmost person at x = 0. */
export function computeGenerationsLayout(_data: FamilyData, graph: FamilyGraph): Record<string, Point> {
  const generation = generationsOf(graph);
  const rows = rowOrder(graph, generation);
  const positions: Record<string, Point> = {};
  const levels = [...rows.keys()].sort((a, b) => a - b);
  const minLevel = levels[0] ?? 0;
  const parentsX = (id: string) => {
    let sum = 0;
    let count = 0;
    for (const next of graph.neighbours.get(id) ?? []) {
      const point = next.kind === 'parent' ? positions[next.id] : undefined;
      if (point) {
        sum += point.x;
        count++;
      }
    }
    return count === 0 ? null : sum / count;
  };
  const keys = new Map<string, string>();
  const parentsKey = (id: string) => {
    let key = keys.get(id);
    if (key === undefined) {
      key = (graph.neighbours.get(id) ?? [])
        .filter((next) => next.kind === 'parent')
        .map((next) => next.id)
        .sort()
        .join(' ');
      keys.set(id, key);
    }
    return key;
  };
  let minX = Infinity;
  for (const level of levels) {
    const blocks = rows.get(level) ?? [];
    let end = -Infinity;
    for (let index = 0; index < blocks.length; index++) {
      const block = blocks[index] as string[];
      const first = block[0] as string;
      let desired = Number.isFinite(end) ? end + step : 0;
      const above = parentsX(first);
      if (above !== null) {
        // Siblings (consecutive blocks under the same parents) are centred together under them.
        let width = 0;
        const key = parentsKey(first);
        for (let next = index; next < blocks.length && parentsKey(blocks[next]?.[0] ?? '') === key; next++)
          width += blocks[next]?.length ?? 0;
        const previousSibling = index > 0 && parentsKey(blocks[index - 1]?.[0] ?? '') === key;
        if (!previousSibling) desired = above - ((width - 1) * step) / 2;
      }
      const x = Math.max(desired, end + step);
      block.forEach((id, offset) => {
        positions[id] = {
          x: Math.round(x + offset * step),
          y: (level - minLevel) * GENERATIONS_LAYOUT.rowHeight,
        };
      });
      end = x + (block.length - 1) * step;
      minX = Math.min(minX, x);
    }
  }
  for (const point of Object.values(positions)) point.x -= Number.isFinite(minX) ? Math.round(minX) : 0;
  return positions;
}

/** Every tree of the data laid out, the root's first, the others to its right, largest first. */
export function computeAllGenerationsLayout(data: FamilyData): Record<string, Point> {
  const positions: Record<string, Point> = {};
  let offset = 0;
  for (const rootId of [data.rootPersonId, ...treesApart(data).map((tree) => tree.rootId)]) {
    const tree = computeGenerationsLayout(data, buildFamilyGraph(data, rootId));
    let right = 0;
    for (const [id, point] of Object.entries(tree)) {
      positions[id] = { x: point.x + offset, y: point.y };
      right = Math.max(right, point.x);
    }
    offset += right + GENERATIONS_LAYOUT.treeGapSteps * step;
  }
  return positions;
}
