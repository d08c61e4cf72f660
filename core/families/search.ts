// Family search: case-insensitive substring match on names, in graph order, capped for the dropdown.
import { FAMILY_GRAPH } from '../constants.ts';
import type { GraphNode } from './family-graph.ts';

/** Every match (for the amber "match" ring); empty or blank queries match nobody. */
export function matchPersons(nodes: readonly GraphNode[], query: string): GraphNode[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [];
  return nodes.filter((node) => node.name.toLocaleLowerCase().includes(needle));
}

/** The dropdown's matches: at most FAMILY_GRAPH.dropdownLimit (8). */
export function searchPersons(
  nodes: readonly GraphNode[],
  query: string,
  limit: number = FAMILY_GRAPH.dropdownLimit,
): GraphNode[] {
  return matchPersons(nodes, query).slice(0, limit);
}
