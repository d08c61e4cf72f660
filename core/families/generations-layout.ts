// Generations layout (dagre): one row per generation, children below parents, in-laws on their spouse's row.
import dagre from '@dagrejs/dagre';
import type { FamilyGraph } from './family-graph.ts';
import { generationsOf } from './generations.ts';
import { parentsOf } from './family-schema.ts';
import type { FamilyData, Point } from './family-schema.ts';

/** Layout units: model coordinates of the canvas (1 unit = 1 px at zoom 1). */
export const GENERATIONS_LAYOUT = {
  rowHeight: 160,
  /** Horizontal room for a node with its label. */
  nodeWidth: 110,
  nodeHeight: 40,
  minGap: 24,
} as const;

/**
 * dagre orders each row to limit crossings (persons and one small "union" node per marriage, so both parents sit
 * above their children); rows are then forced to the computed generation and spaced so nodes never overlap.
 */
export function computeGenerationsLayout(data: FamilyData, graph: FamilyGraph): Record<string, Point> {
  const { rowHeight, nodeWidth, nodeHeight, minGap } = GENERATIONS_LAYOUT;
  const g = new dagre.graphlib.Graph({ multigraph: false });
  g.setGraph({ rankdir: 'TB', nodesep: minGap, ranksep: rowHeight / 2, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { width: nodeWidth, height: nodeHeight });
  for (const marriage of data.marriages) {
    const parents = parentsOf(marriage);
    if (!parents.every((id) => graph.nodeById.has(id))) continue;
    const union = `union:${marriage.id}`;
    g.setNode(union, { width: 1, height: 1 });
    for (const parentId of parents) g.setEdge(parentId, union, { weight: 2 });
    for (const childId of marriage.childIds)
      if (graph.nodeById.has(childId)) g.setEdge(union, childId, { weight: 1 });
  }
  dagre.layout(g);

  const generation = generationsOf(graph);
  const step = nodeWidth + minGap;
  const rows = new Map<number, string[]>();
  const attached = inLawAttachments(graph, generation);
  for (const node of graph.nodes) {
    if (attached.has(node.id)) continue;
    const level = generation.get(node.id) ?? 0;
    rows.set(level, [...(rows.get(level) ?? []), node.id]);
  }
  const positions: Record<string, Point> = {};
  const minLevel = Math.min(...generation.values());
  for (const [level, blood] of rows) {
    blood.sort((a, b) => g.node(a).x - g.node(b).x);
    // Each person born into the family is followed by the in-laws who married into it (and their later spouses).
    const units = blood.map((id) => ({ desired: g.node(id).x, members: withInLaws(id, attached) }));
    let end = -Infinity;
    let drift = 0;
    const placed = units.map((unit) => {
      const x = Math.max(unit.desired, end + step);
      end = x + (unit.members.length - 1) * step;
      drift += x - unit.desired;
      return x;
    });
    // Centre the row on where dagre wanted it, so pushing right does not skew wide rows.
    const shift = units.length > 0 ? drift / units.length : 0;
    units.forEach((unit, index) => {
      unit.members.forEach((id, offset) => {
        positions[id] = {
          x: Math.round((placed[index] ?? 0) - shift + offset * step),
          y: (level - minLevel) * rowHeight,
        };
      });
    });
  }
  return positions;
}

/** In-laws (no parents shown, not the root) sit beside the first spouse on their row: id -> that spouse. */
function inLawAttachments(graph: FamilyGraph, generation: ReadonlyMap<string, number>): Map<string, string> {
  const attached = new Map<string, string>();
  for (const node of graph.nodes) {
    const links = graph.neighbours.get(node.id) ?? [];
    if (node.id === graph.rootId || links.some((link) => link.kind === 'parent')) continue;
    const spouse = links.find(
      (link) => link.kind === 'spouse' && generation.get(link.id) === generation.get(node.id),
    );
    if (spouse) attached.set(node.id, spouse.id);
  }
  // Two in-laws married to each other: keep the one attached to a born member, release the other to avoid a cycle.
  for (const [id, spouse] of attached) {
    if (attached.get(spouse) === id) attached.delete(spouse);
  }
  return attached;
}

/** The person followed by everyone attached to them, depth first (a wife, then her later husband). */
function withInLaws(id: string, attached: ReadonlyMap<string, string>): string[] {
  const result = [id];
  for (let index = 0; index < result.length; index++) {
    for (const [inLaw, spouse] of attached)
      if (spouse === result[index] && !result.includes(inLaw)) result.splice(index + 1, 0, inLaw);
  }
  return result;
}
