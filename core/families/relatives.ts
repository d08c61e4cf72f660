// Direct relatives of a person (spouses, parents, children) read from the graph's links.
import type { FamilyGraph, StepKind } from './family-graph.ts';

export interface DirectRelatives {
  spouses: string[];
  parents: string[];
  children: string[];
  /** The links joining the person to each relative. */
  linkIds: string[];
}

export function directRelatives(graph: FamilyGraph, personId: string): DirectRelatives {
  const result: DirectRelatives = { spouses: [], parents: [], children: [], linkIds: [] };
  const bucket: Record<StepKind, string[]> = {
    spouse: result.spouses,
    parent: result.parents,
    child: result.children,
  };
  for (const neighbour of graph.neighbours.get(personId) ?? []) {
    const list = bucket[neighbour.kind];
    if (!list.includes(neighbour.id)) list.push(neighbour.id);
    result.linkIds.push(neighbour.linkId);
  }
  return result;
}

/** The person and every direct relative, person first, each once. */
export function relativesWithSelf(
  graph: FamilyGraph,
  personId: string,
): { nodeIds: string[]; linkIds: string[] } {
  const relatives = directRelatives(graph, personId);
  const nodeIds = new Set([personId, ...relatives.spouses, ...relatives.parents, ...relatives.children]);
  return { nodeIds: [...nodeIds], linkIds: relatives.linkIds };
}
