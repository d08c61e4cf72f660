// Generation numbers from the root (no layout library, so the page can use it without a layout in its chunk).
import type { FamilyGraph } from './family-graph.ts';

/** Generation number per person: root 0, a child one more than its parent, a spouse the same (breadth first). */
export function generationsOf(graph: FamilyGraph): Map<string, number> {
  const generation = new Map<string, number>([[graph.rootId, 0]]);
  const queue = [graph.rootId];
  for (let head = 0; head < queue.length; head++) {
    const current = queue[head] as string;
    const level = generation.get(current) ?? 0;
    for (const next of graph.neighbours.get(current) ?? []) {
      if (generation.has(next.id)) continue;
      generation.set(next.id, next.kind === 'child' ? level + 1 : next.kind === 'parent' ? level - 1 : level);
      queue.push(next.id);
    }
  }
  return generation;
}
