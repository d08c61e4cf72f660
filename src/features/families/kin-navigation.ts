// Keyboard moves between relatives (list view and canvas): up to a parent, down to a child, left/right along the row.
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import { directRelatives } from '../../../core/families/relatives.ts';

/**
 * The person's row: everyone reachable through sibling (a shared parent) and spouse links, in data order. It is the
 * same list for everyone in it, so Left/Right walk a stable ring.
 */
export function rowOf(graph: FamilyGraph, id: string): string[] {
  const seen = new Set([id]);
  const queue = [id];
  for (let head = 0; head < queue.length && seen.size < 1000; head++) {
    const relatives = directRelatives(graph, queue[head] as string);
    const siblings = relatives.parents.flatMap((parentId) => directRelatives(graph, parentId).children);
    for (const next of [...relatives.spouses, ...siblings]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  const order = new Map(graph.nodes.map((node, index) => [node.id, index]));
  return [...seen].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/** The person the key moves to from `id`, or null when the key is not a move or leads nowhere. */
export function kinMove(graph: FamilyGraph, id: string, key: string): string | null {
  const relatives = directRelatives(graph, id);
  switch (key) {
    case 'ArrowUp':
      return relatives.parents[0] ?? null;
    case 'ArrowDown':
      return relatives.children[0] ?? null;
    case 'ArrowRight':
    case 'ArrowLeft': {
      const row = rowOf(graph, id);
      if (row.length < 2) return null;
      const step = key === 'ArrowRight' ? 1 : -1;
      return row[(row.indexOf(id) + step + row.length) % row.length] ?? null;
    }
    default:
      return null;
  }
}
