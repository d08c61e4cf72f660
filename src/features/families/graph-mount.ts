// Creates the cytoscape instance once, with the precomputed positions: its handlers (taps, drags), the first
// auto-fit, the refit after a resize, the theme's colours and the read-only test hook; returns the instance and
// what undoes all of it. Every handler reads the latest options through `options()`.
import cytoscape from 'cytoscape';
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import { preventCytoscapeInlineStyle } from './cytoscape-csp.ts';
import type { FamilyGraphOptions } from './family-graph-types.ts';
import { fitViewport } from './graph-camera.ts';
import { points, size, type GraphMotion } from './graph-motion.ts';
import { graphClassesOf } from './graph-operations.ts';
import { afterNextPaint } from '../../lib/tasks.ts';
import { buildStylesheet, nodeSize, readGraphColours, type GraphColours } from './graph-stylesheet.ts';
import { installTestHook, type GraphTestState } from './graph-test-hook.ts';

export function mountGraph(
  container: HTMLDivElement,
  motion: GraphMotion,
  options: () => FamilyGraphOptions,
  setColours: (colours: GraphColours) => void,
): { cy: cytoscape.Core; unmount: () => void } {
  const { graph, layout } = options();
  preventCytoscapeInlineStyle();
  const batches = drawingBatches(graph, layout[options().view]);
  const large = graph.nodes.length > FAMILY_GRAPH.largeLineagePersons;
  const cy = cytoscape({
    container,
    elements: batches[0] ?? [],
    style: buildStylesheet(readGraphColours(), options().labelsVisible, large),
    // Framed below from the positions alone: cytoscape's own fit measures every element (its style and label)
    // at once, in this task.
    layout: { name: 'preset', fit: false },
    minZoom: 0.05,
    maxZoom: 6,
    boxSelectionEnabled: false,
    autounselectify: true,
    hideEdgesOnViewport: large,
    // A large lineage pans and zooms as a picture of itself, redrawn when the gesture ends.
    textureOnViewport: large,
  });
  cy.viewport(
    fitViewport(
      points(
        cy,
        cy.nodes().map((node) => node.id()),
      ),
      size(cy),
      FAMILY_GRAPH.autoFitPadding,
      3,
    ),
  );
  const testState: GraphTestState = {
    readyAt: null,
    pinned: motion.pinned,
    autoFitStarted: false,
    resizePending: false,
  };
  const removeHook = installTestHook(cy, testState);
  // The rest of a large lineage, a batch a frame, so no task holds the page long: each added in a task after a
  // paint, apart from cytoscape's styling and drawing of it (its own frame callback).
  let nextBatch = 1;
  let stopped = false;
  const addBatch = () => {
    const batch = batches[nextBatch++];
    if (!batch || stopped) return;
    // Added with their classes (the highlight chosen before), so each element is styled once.
    const { highlight, selectedId, matchIds, mode } = options();
    const current = { highlight, selectedId, matchIds, mode };
    const added = cy.add(
      batch.map((element) => ({ ...element, classes: graphClassesOf(String(element.data.id), current) })),
    );
    // Styled and measured here, in this batch's own task: cytoscape would otherwise do it in its next drawing,
    // which it puts off while drawing is slow, so batches pile up into one long frame.
    added.boundingBox();
    void afterNextPaint().then(addBatch);
  };
  if (batches.length > 1) void afterNextPaint().then(addBatch);
  cy.one('render', () => {
    testState.readyAt = performance.now();
    container.dataset.ready = 'true';
  });

  cy.on('tap', 'node', (event) => options().onNodeTap((event.target as cytoscape.NodeSingular).id()));
  cy.on('tap', (event) => {
    if (event.target === cy) options().onBackgroundTap({ ...event.position });
  });
  // A dragged node stays where it is dropped: remember it (never lock(), which would stop further dragging).
  cy.on('dragfree', 'node', (event) => {
    const node = event.target as cytoscape.NodeSingular;
    motion.pinned.set(node.id(), { ...node.position() });
    motion.displaced.delete(node.id());
    options().onPinsChange(new Set(motion.pinned.keys()));
  });

  // The first fit frames the person chosen before the lineage was opened (in the family view) with their
  // relatives, readable; with nobody chosen, everyone.
  const initialFit = window.setTimeout(() => {
    testState.autoFitStarted = true;
    const focus = options().highlight?.nodeIds;
    motion.animateViewport(
      cy,
      fitViewport(
        points(cy, focus ?? cy.nodes().map((n) => n.id())),
        size(cy),
        FAMILY_GRAPH.autoFitPadding,
        focus ? FAMILY_GRAPH.focusMaxZoom : 3,
      ),
      FAMILY_GRAPH.autoFitDurationMs,
    );
  }, FAMILY_GRAPH.autoFitDelayMs);
  const stopRefit = refitOnResize(cy, motion, options, testState);
  // Theme: <html data-theme> is 'light' or absent (dark); re-read the CSS variables when it changes.
  const observer = new MutationObserver(() => setColours(readGraphColours()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const unmount = () => {
    stopped = true;
    window.clearTimeout(initialFit);
    stopRefit();
    observer.disconnect();
    removeHook();
    cy.destroy();
  };
  return { cy, unmount };
}

/**
 * After the window is resized (debounced 100 ms), fits the camera again around the highlight, or everyone;
 * returns what stops it.
 */
function refitOnResize(
  cy: cytoscape.Core,
  motion: GraphMotion,
  options: () => FamilyGraphOptions,
  testState: GraphTestState,
): () => void {
  let resizeTimer = 0;
  const onResize = () => {
    window.clearTimeout(resizeTimer);
    testState.resizePending = true;
    resizeTimer = window.setTimeout(() => {
      testState.resizePending = false;
      cy.resize();
      const focus = options().highlight?.nodeIds ?? cy.nodes().map((n) => n.id());
      motion.animateViewport(
        cy,
        fitViewport(points(cy, focus), size(cy), FAMILY_GRAPH.resizeRefitPadding, FAMILY_GRAPH.focusMaxZoom),
        FAMILY_GRAPH.resizeRefitDurationMs,
      );
    }, 100);
  };
  window.addEventListener('resize', onResize);
  return () => {
    window.clearTimeout(resizeTimer);
    window.removeEventListener('resize', onResize);
  };
}

/**
 * The elements in batches of FAMILY_GRAPH.drawBatchPersons persons, nearest the root first (breadth first), each
 * link in the batch of its later end.
 */
function drawingBatches(
  graph: FamilyGraphOptions['graph'],
  positions: Readonly<Record<string, { x: number; y: number }>>,
): cytoscape.ElementDefinition[][] {
  const order = [graph.rootId];
  const batchOf = new Map<string, number>([[graph.rootId, 0]]);
  for (let head = 0; head < order.length; head++) {
    for (const next of graph.neighbours.get(order[head] as string) ?? []) {
      if (batchOf.has(next.id)) continue;
      batchOf.set(next.id, Math.floor(order.length / FAMILY_GRAPH.drawBatchPersons));
      order.push(next.id);
    }
  }
  const batches: cytoscape.ElementDefinition[][] = [];
  const batch = (index: number) => (batches[index] ??= []);
  for (const id of order) {
    const node = graph.nodeById.get(id);
    if (!node) continue;
    batch(batchOf.get(id) ?? 0).push({
      group: 'nodes',
      data: { ...node, size: nodeSize(node.val) },
      position: { ...(positions[id] ?? { x: 0, y: 0 }) },
    });
  }
  for (const link of graph.links)
    batch(Math.max(batchOf.get(link.source) ?? 0, batchOf.get(link.target) ?? 0)).push({
      group: 'edges',
      data: { ...link },
    });
  return batches;
}
