// Precomputes both views' positions in Node (dagre Generations, headless cytoscape + fcose Organic) and stores them in the data.
import cytoscape from 'cytoscape';
import fcose from 'cytoscape-fcose';
import { buildFamilyGraph } from '../core/families/family-graph.ts';
import type { FamilyGraph } from '../core/families/family-graph.ts';
import { computeGenerationsLayout } from '../core/families/generations-layout.ts';
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

export function computeOrganicLayout(graph: FamilyGraph, seed = 42): Record<string, Point> {
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
      quality: ORGANIC_LAYOUT.quality,
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

/** The data with fresh positions for both views (persons not connected to the root get none: they are not shown). */
export function withLayout(data: FamilyData, timings?: LayoutTimings): FamilyData {
  const graph = buildFamilyGraph(data);
  let start = performance.now();
  const generations = computeGenerationsLayout(data, graph);
  const generationsMs = performance.now() - start;
  start = performance.now();
  const organic = computeOrganicLayout(graph);
  if (timings) {
    timings.generationsMs = generationsMs;
    timings.organicMs = performance.now() - start;
  }
  return { ...data, layout: { generations, organic } };
}
