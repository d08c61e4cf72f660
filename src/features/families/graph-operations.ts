// Cytoscape operations of the family graph: highlight classes, and the in-page Organic re-layout (fcose, loaded on demand).
import cytoscape from 'cytoscape';
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import type { Point } from '../../../core/families/family-schema.ts';
import { ORGANIC_LAYOUT } from '../../../core/families/organic-layout-options.ts';
import type { GraphMode, Highlight } from './families-state.ts';

export interface GraphClasses {
  highlight: Highlight | null;
  selectedId: string | null;
  matchIds: ReadonlySet<string>;
  mode: GraphMode;
}

/** Highlighted elements stay; the rest dim (0.2 when a person is selected, 0.05 for a trace or a relation). */
export function applyGraphClasses(
  cy: cytoscape.Core,
  { highlight, selectedId, matchIds, mode }: GraphClasses,
): void {
  cy.batch(() => {
    cy.elements().removeClass('highlighted dimmed dimmed-trace selected-person match');
    if (highlight) {
      const keep = cy.collection();
      highlight.nodeIds.forEach((id) => keep.merge(cy.getElementById(id)));
      highlight.linkIds.forEach((id) => keep.merge(cy.getElementById(id)));
      keep.addClass('highlighted');
      cy.elements()
        .difference(keep)
        .addClass(mode === 'select' ? 'dimmed' : 'dimmed-trace');
    }
    if (selectedId) cy.getElementById(selectedId).addClass('selected-person');
    matchIds.forEach((id) => cy.getElementById(id).addClass('match'));
  });
}

/**
 * The same classes for an element added later (the batches of a large lineage), given with it when it is added:
 * a pass over every element per batch would restyle the whole graph each time.
 */
export function graphClassesOf(id: string, { highlight, selectedId, matchIds, mode }: GraphClasses): string {
  const classes: string[] = [];
  if (highlight) {
    const kept = highlight.nodeIds.includes(id) || highlight.linkIds.includes(id);
    classes.push(kept ? 'highlighted' : mode === 'select' ? 'dimmed' : 'dimmed-trace');
  }
  if (id === selectedId) classes.push('selected-person');
  if (matchIds.has(id)) classes.push('match');
  return classes.join(' ');
}

let fcoseRegistered = false;

/** Re-runs fcose in the page with pinned nodes fixed; fcose is its own chunk, fetched on the first Re-layout. */
export async function runOrganicRelayout(
  cy: cytoscape.Core,
  pinned: ReadonlyMap<string, Point>,
  reducedMotion: boolean,
): Promise<Record<string, Point>> {
  const { default: fcose } = await import('cytoscape-fcose');
  if (!fcoseRegistered) {
    cytoscape.use(fcose);
    fcoseRegistered = true;
  }
  const done = new Promise<void>((resolve) => cy.one('layoutstop', () => resolve()));
  cy.layout({
    name: 'fcose',
    quality: ORGANIC_LAYOUT.quality,
    randomize: ORGANIC_LAYOUT.randomize,
    nodeSeparation: ORGANIC_LAYOUT.nodeSeparation,
    idealEdgeLength: () => ORGANIC_LAYOUT.idealEdgeLength,
    nodeRepulsion: () => ORGANIC_LAYOUT.nodeRepulsion,
    numIter: ORGANIC_LAYOUT.numIter,
    animate: reducedMotion ? false : 'end',
    animationDuration: ORGANIC_LAYOUT.animationDurationMs,
    fit: true,
    padding: FAMILY_GRAPH.autoFitPadding,
    fixedNodeConstraint: [...pinned].map(([nodeId, position]) => ({ nodeId, position })),
  } as cytoscape.LayoutOptions).run();
  await done;
  const positions: Record<string, Point> = {};
  cy.nodes().forEach((node) => {
    positions[node.id()] = { ...node.position() };
  });
  return positions;
}
