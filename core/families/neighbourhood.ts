// A person's neighbourhood, as the phone-first family view draws it: grandparents, parents, the person with their
// spouses, siblings, children and grandchildren, each row in link order and each person once (read from the graph's
// links; no layout, so it costs the same for 88 persons as for 5,000).
import type { FamilyGraph } from './family-graph.ts';
import { directRelatives } from './relatives.ts';

export const NEIGHBOURHOOD_ROWS = [
  'grandparents',
  'parents',
  'self',
  'siblings',
  'children',
  'grandchildren',
] as const;
export type NeighbourhoodRow = (typeof NEIGHBOURHOOD_ROWS)[number];

export type Neighbourhood = Record<NeighbourhoodRow, string[]>;

/** The rows around `personId` (the person first in `self`, then spouses); an unknown id gives empty rows. */
export function neighbourhoodOf(graph: FamilyGraph, personId: string): Neighbourhood {
  const rows: Neighbourhood = {
    grandparents: [],
    parents: [],
    self: [],
    siblings: [],
    children: [],
    grandchildren: [],
  };
  if (!graph.nodeById.has(personId)) return rows;
  const seen = new Set<string>();
  const put = (row: NeighbourhoodRow, ids: readonly string[]) => {
    for (const id of ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      rows[row].push(id);
    }
  };
  const relatives = directRelatives(graph, personId);
  put('self', [personId, ...relatives.spouses]);
  put('parents', relatives.parents);
  put('children', relatives.children);
  put(
    'grandparents',
    relatives.parents.flatMap((id) => directRelatives(graph, id).parents),
  );
  put(
    'siblings',
    relatives.parents.flatMap((id) => directRelatives(graph, id).children),
  );
  put(
    'grandchildren',
    relatives.children.flatMap((id) => directRelatives(graph, id).children),
  );
  return rows;
}
