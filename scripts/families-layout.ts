// Precomputes both views' positions in Node (Generations in linear time, headless cytoscape + fcose Organic) for every tree of the data and stores them in it.
import cytoscape from 'cytoscape';
import fcose from 'cytoscape-fcose';
import { buildFamilyGraph, treesApart } from '../core/families/family-graph.ts';
import type { FamilyGraph } from '../core/families/family-graph.ts';
import { computeAllGenerationsLayout } from '../core/families/generations-layout.ts';
import { ORGANIC_LAYOUT } from '../core/families/organic-layout-options.ts';
import type { FamilyData, Point } from '../core/families/family-schema.ts';

cytoscape.use(fcose);

/** mulberry32, standing in for Math.random during fcose so the same data always gives the same file. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every person and link of the data, tree by tree (the layout places each tree apart). */
function everyTree(data: FamilyData): Pick<FamilyGraph, 'nodes' | 'links'> {
  const graphs = [data.rootPersonId, ...treesApart(data).map((tree) => tree.rootId)].map((rootId) =>
    buildFamilyGraph(data, rootId),
  );
  return { nodes: graphs.flatMap((graph) => graph.nodes), links: graphs.flatMap((graph) => graph.links) };
}

export function computeOrganicLayout(
  graph: Pick<FamilyGraph, 'nodes' | 'links'>,
  seed = 42,
): Record<string, Point> {
  const cy = cytoscape({
    headless: true,
    styleEnabled: true,
    elements: [
      ...graph.nodes.map((node) => ({ group: 'nodes' as const, data: { id: node.id, val: node.val } })),
      ...graph.links.map((link) => ({
        group: 'edges' as const,
        data: { id: link.id, source: link.source, target: link.target, type: link.type },
      })),
    ],
    style: [
      {
        selector: 'node',
        style: {
          width: (ele: cytoscape.NodeSingular) => ORGANIC_LAYOUT.nodeDiameter(Number(ele.data('val'))),
          height: (ele: cytoscape.NodeSingular) => ORGANIC_LAYOUT.nodeDiameter(Number(ele.data('val'))),
        },
      },
    ],
  });
  const originalRandom = Math.random;
  Math.random = seeded(seed);
  try {
    cy.layout({
      name: 'fcose',
      animate: false,
      fit: false,
      // The spectral start alone for a large tree (minutes of refinement otherwise).
      quality: graph.nodes.length > ORGANIC_LAYOUT.refineMaxPersons ? 'draft' : ORGANIC_LAYOUT.quality,
      randomize: ORGANIC_LAYOUT.randomize,
      packComponents: ORGANIC_LAYOUT.packComponents,
      nodeSeparation: ORGANIC_LAYOUT.nodeSeparation,
      idealEdgeLength: () => ORGANIC_LAYOUT.idealEdgeLength,
      nodeRepulsion: () => ORGANIC_LAYOUT.nodeRepulsion,
      edgeElasticity: () => ORGANIC_LAYOUT.edgeElasticity,
      gravity: ORGANIC_LAYOUT.gravity,
      numIter: ORGANIC_LAYOUT.numIter,
    } as cytoscape.LayoutOptions).run();
  } finally {
    Math.random = originalRandom;
  }
  const positions: Record<string, Point> = {};
  cy.nodes().forEach((node) => {
    const { x, y } = node.position();
    positions[node.id()] = { x: Math.round(x), y: Math.round(y) };
  });
  cy.destroy();
  return positions;
}

export interface LayoutTimings {
  generationsMs: number;
  organicMs: number;
}

/** The data with fresh positions for both views, for every tree of the data (any can be the one shown). */
export function withLayout(data: FamilyData, timings?: LayoutTimings): FamilyData {
  let start = performance.now();
  const generations = computeAllGenerationsLayout(data);
  const generationsMs = performance.now() - start;
  start = performance.now();
  const organic = computeOrganicLayout(everyTree(data));
  if (timings) {
    timings.generationsMs = generationsMs;
    timings.organicMs = performance.now() - start;
  }
  return { ...data, layout: { generations, organic } };
}
