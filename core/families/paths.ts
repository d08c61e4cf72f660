// Shortest paths through the family links: any person to the root, or between any two persons.
import type { FamilyGraph, StepKind } from './family-graph.ts';

export interface PathStep {
  /** The person reached by this step. */
  id: string;
  linkId: string;
  /** The reached person is the previous one's spouse, parent or child. */
  kind: StepKind;
}

export interface FamilyPath {
  /** False when no path joins the two persons: the path is then only the start person. */
  found: boolean;
  nodeIds: string[];
  linkIds: string[];
  steps: PathStep[];
}

const onlyThePerson = (id: string): FamilyPath => ({ found: false, nodeIds: [id], linkIds: [], steps: [] });

/** Breadth-first search: fewest links; among equal paths the one found first in link order. */
export function shortestPath(graph: FamilyGraph, fromId: string, toId: string): FamilyPath {
  if (!graph.nodeById.has(fromId) || !graph.nodeById.has(toId)) return onlyThePerson(fromId);
  if (fromId === toId) return { found: true, nodeIds: [fromId], linkIds: [], steps: [] };
  const cameFrom = new Map<string, { previous: string; step: PathStep }>();
  const seen = new Set<string>([fromId]);
  const queue = [fromId];
  for (let head = 0; head < queue.length; head++) {
    const current = queue[head] as string;
    for (const next of graph.neighbours.get(current) ?? []) {
      if (seen.has(next.id)) continue;
      seen.add(next.id);
      cameFrom.set(next.id, {
        previous: current,
        step: { id: next.id, linkId: next.linkId, kind: next.kind },
      });
      if (next.id === toId) return unwind(cameFrom, fromId, toId);
      queue.push(next.id);
    }
  }
  return onlyThePerson(fromId);
}

function unwind(
  cameFrom: ReadonlyMap<string, { previous: string; step: PathStep }>,
  fromId: string,
  toId: string,
): FamilyPath {
  const steps: PathStep[] = [];
  let current = toId;
  while (current !== fromId) {
    const entry = cameFrom.get(current);
    if (!entry) break;
    steps.unshift(entry.step);
    current = entry.previous;
  }
  return {
    found: true,
    nodeIds: [fromId, ...steps.map((step) => step.id)],
    linkIds: steps.map((step) => step.linkId),
    steps,
  };
}

/** Trace to Root: the shortest path from the person to the root; "only the person" when there is none. */
export function pathToRoot(graph: FamilyGraph, personId: string): FamilyPath {
  return shortestPath(graph, personId, graph.rootId);
}
