// Builds the drawable family graph: nodes for persons connected to the root, marriage and parent-child links, adjacency.
import { FAMILY_GRAPH } from '../constants.ts';
import { describeDate } from './dates.ts';
import { parentsOf } from './family-schema.ts';
import type { FamilyData, Gender } from './family-schema.ts';

export type LinkType = 'marriage' | 'parent-child';

/** Flat node data (cytoscape element data stays flat). */
export interface GraphNode {
  id: string;
  name: string;
  gender: Gender;
  birthYear?: number;
  /** Readable birth and death dates ("about 1850", "850 (Julian calendar)"). */
  born?: string;
  died?: string;
  /** Known to have died though no date is known (a death date says so by itself). */
  deceased?: true;
  /** Display size: 20 for the royal lineage, 8 for everyone else (spec section 9). */
  val: number;
  royalLineage: boolean;
  sample: boolean;
}

export interface GraphLink {
  id: string;
  source: string;
  target: string;
  type: LinkType;
  marriageId: string;
}

/** How a neighbour relates to the person: the neighbour is their spouse, parent or child. */
export type StepKind = 'spouse' | 'parent' | 'child';

export interface Neighbour {
  id: string;
  linkId: string;
  kind: StepKind;
}

export interface FamilyGraph {
  rootId: string;
  nodes: GraphNode[];
  links: GraphLink[];
  nodeById: ReadonlyMap<string, GraphNode>;
  /** Persons of the data not connected to the root (not drawn; the page says how many). */
  unconnected: number;
  /** Neighbours in link order: spouses, parents and children, each link seen from both ends. */
  neighbours: ReadonlyMap<string, readonly Neighbour[]>;
}

export const marriageLinkId = (marriageId: string) => `m:${marriageId}`;
export const parentLinkId = (marriageId: string, parentId: string, childId: string) =>
  `pc:${marriageId}:${parentId}:${childId}`;

/** Every link of the data, before the root-connectivity filter; duplicates (same id) are dropped. */
function allLinks(data: FamilyData): GraphLink[] {
  const links = new Map<string, GraphLink>();
  const add = (link: GraphLink) => {
    if (!links.has(link.id)) links.set(link.id, link);
  };
  for (const marriage of data.marriages) {
    // A one-parent family has parent-child links only.
    if (marriage.husbandId !== undefined && marriage.wifeId !== undefined)
      add({
        id: marriageLinkId(marriage.id),
        source: marriage.husbandId,
        target: marriage.wifeId,
        type: 'marriage',
        marriageId: marriage.id,
      });
    for (const childId of marriage.childIds) {
      for (const parentId of parentsOf(marriage)) {
        add({
          id: parentLinkId(marriage.id, parentId, childId),
          source: parentId,
          target: childId,
          type: 'parent-child',
          marriageId: marriage.id,
        });
      }
    }
  }
  return [...links.values()];
}

function neighbourMap(ids: Iterable<string>, links: readonly GraphLink[]): Map<string, Neighbour[]> {
  const map = new Map<string, Neighbour[]>();
  for (const id of ids) map.set(id, []);
  for (const link of links) {
    const fromSource: StepKind = link.type === 'marriage' ? 'spouse' : 'child';
    const fromTarget: StepKind = link.type === 'marriage' ? 'spouse' : 'parent';
    map.get(link.source)?.push({ id: link.target, linkId: link.id, kind: fromSource });
    map.get(link.target)?.push({ id: link.source, linkId: link.id, kind: fromTarget });
  }
  return map;
}

/** Ids reachable from the root through any link (breadth first). */
function connectedToRoot(rootId: string, neighbours: ReadonlyMap<string, readonly Neighbour[]>): Set<string> {
  const seen = new Set<string>([rootId]);
  const queue = [rootId];
  for (let head = 0; head < queue.length; head++) {
    const current = queue[head] as string;
    for (const next of neighbours.get(current) ?? []) {
      if (!seen.has(next.id)) {
        seen.add(next.id);
        queue.push(next.id);
      }
    }
  }
  return seen;
}

/** Every link of the data and every person's neighbours, read once per data (a graph per tree reuses them). */
const wholeData = new WeakMap<FamilyData, WholeGraph>();
function whole(data: FamilyData) {
  let known = wholeData.get(data);
  if (!known) {
    const links = allLinks(data);
    known = { links, neighbours: neighbourMap(Object.keys(data.persons), links) };
    wholeData.set(data, known);
  }
  return known;
}

/**
 * Every link of the data and every person's neighbours (what the graph of any of its trees is cut from): computed
 * once, where it is cheapest (the families page has a worker compute it and hand it over in parts).
 */
export type WholeGraph = { links: GraphLink[]; neighbours: Map<string, Neighbour[]> };
export const wholeGraphOf = (data: FamilyData): WholeGraph => whole(data);
/** Takes `known`, computed elsewhere from this very data (a worker), instead of computing it again. */
export function adoptWholeGraph(data: FamilyData, known: WholeGraph): void {
  wholeData.set(data, known);
}

/** The graph of the persons connected to `rootId` (the data's root unless the reader chose another tree). */
export function buildFamilyGraph(data: FamilyData, rootId = data.rootPersonId): FamilyGraph {
  const { links, neighbours } = whole(data);
  const connected = connectedToRoot(rootId, neighbours);
  const nodes: GraphNode[] = [];
  for (const person of Object.values(data.persons)) {
    if (!connected.has(person.id)) continue;
    const node: GraphNode = {
      id: person.id,
      name: person.name,
      gender: person.gender,
      val: person.royalLineage ? FAMILY_GRAPH.nodeSizeRoyal : FAMILY_GRAPH.nodeSizeOther,
      royalLineage: person.royalLineage,
      sample: person.sample,
    };
    if (person.birthYear !== undefined) node.birthYear = person.birthYear;
    const born = describeDate(person.birthDate ?? person.birthYear?.toString());
    if (born) node.born = born;
    const died = describeDate(person.deathDate);
    if (died) node.died = died;
    else if (person.deceased) node.deceased = true;
    nodes.push(node);
  }
  const shownLinks = links.filter((link) => connected.has(link.source) && connected.has(link.target));
  return {
    rootId,
    nodes,
    links: shownLinks,
    unconnected: Object.keys(data.persons).length - nodes.length,
    nodeById: new Map(nodes.map((node) => [node.id, node])),
    neighbours: neighbourMap(
      nodes.map((node) => node.id),
      shownLinks,
    ),
  };
}

export interface FamilyCounters {
  persons: number;
  male: number;
  female: number;
}

/** The page's counters, computed from the persons shown (those connected to the root). */
export function countPersons(graph: FamilyGraph): FamilyCounters {
  let male = 0;
  let female = 0;
  for (const node of graph.nodes) {
    if (node.gender === 'male') male++;
    else if (node.gender === 'female') female++;
  }
  return { persons: graph.nodes.length, male, female };
}

/** A tree of the data apart from the one shown: who it starts from (its eldest person without parents) and its size. */
export interface TreeApart {
  rootId: string;
  persons: number;
}

/**
 * Every family tree of the data not connected to `rootId`, largest first: each can be chosen as the shown tree,
 * so nobody in the data is out of reach.
 */
export function treesApart(data: FamilyData, rootId = data.rootPersonId): TreeApart[] {
  const { neighbours } = whole(data);
  const placed = connectedToRoot(rootId, neighbours);
  const trees: TreeApart[] = [];
  for (const id of Object.keys(data.persons)) {
    if (placed.has(id)) continue;
    const members = connectedToRoot(id, neighbours);
    let start = id;
    const rank = (member: string) => {
      const hasParents = (neighbours.get(member) ?? []).some((next) => next.kind === 'parent');
      return [hasParents ? 1 : 0, data.persons[member]?.birthYear ?? Infinity] as const;
    };
    for (const member of members) {
      placed.add(member);
      const [parents, born] = rank(member);
      const [bestParents, bestBorn] = rank(start);
      if (parents < bestParents || (parents === bestParents && born < bestBorn)) start = member;
    }
    trees.push({ rootId: start, persons: members.size });
  }
  return trees.sort((a, b) => b.persons - a.persons);
}
