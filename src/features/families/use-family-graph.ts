// Owns the cytoscape instance: created once with precomputed positions, handlers registered once, classes and camera driven by the page.
import cytoscape from 'cytoscape';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import type { LayoutView, Point } from '../../../core/families/family-schema.ts';
import type { FamilyGraphController, FamilyGraphOptions } from './family-graph-types.ts';
import {
  centerViewport,
  circlePositions,
  fitViewport,
  relativesRadius,
  zoomAroundCenter,
  type Viewport,
} from './graph-camera.ts';
import { applyGraphClasses, runOrganicRelayout } from './graph-operations.ts';
import { buildStylesheet, readGraphColours } from './graph-stylesheet.ts';
import { installTestHook, type GraphTestState } from './graph-test-hook.ts';
import { preventCytoscapeInlineStyle } from './cytoscape-csp.ts';

const easing = 'ease-in-out-cubic' as const;

export function useFamilyGraph(
  containerRef: RefObject<HTMLDivElement | null>,
  options: FamilyGraphOptions,
): FamilyGraphController {
  const cyRef = useRef<cytoscape.Core | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const pinned = useRef(new Map<string, Point>());
  const displaced = useRef(new Set<string>());
  /** Re-layout results replace the shipped positions of a view for this visit. */
  const basePositions = useRef<Record<LayoutView, Record<string, Point>>>({ ...options.layout });
  const [colours, setColours] = useState(readGraphColours);

  const positionOf = (id: string, view = optionsRef.current.view): Point =>
    pinned.current.get(id) ?? basePositions.current[view][id] ?? { x: 0, y: 0 };
  const duration = (ms: number) => (optionsRef.current.reducedMotion ? 0 : ms);
  const animateViewport = (cy: cytoscape.Core, viewport: Viewport, ms: number) => {
    cy.stop(true, false);
    if (duration(ms) === 0) cy.viewport(viewport);
    else cy.animate({ zoom: viewport.zoom, pan: viewport.pan }, { duration: ms, easing });
  };
  const moveTo = (node: cytoscape.NodeSingular, position: Point, ms: number) => {
    node.stop(true, false);
    if (duration(ms) === 0) node.position(position);
    else node.animate({ position }, { duration: ms, easing });
  };
  const size = (cy: cytoscape.Core) => ({ width: cy.width(), height: cy.height() });
  const points = (cy: cytoscape.Core, ids: readonly string[], override?: ReadonlyMap<string, Point>) =>
    ids.flatMap((id) => {
      const node = cy.getElementById(id);
      return node.empty() ? [] : [{ ...(override?.get(id) ?? node.position()), r: node.width() / 2 + 20 }];
    });

  // Create once; every handler reads the latest options through the ref (registered once, never re-bound).
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { graph, layout } = optionsRef.current;
    preventCytoscapeInlineStyle();
    const cy = cytoscape({
      container,
      elements: [
        ...graph.nodes.map((node) => ({
          group: 'nodes' as const,
          data: { ...node },
          position: { ...(layout[optionsRef.current.view][node.id] ?? { x: 0, y: 0 }) },
        })),
        ...graph.links.map((link) => ({ group: 'edges' as const, data: { ...link } })),
      ],
      style: buildStylesheet(readGraphColours(), optionsRef.current.labelsVisible),
      layout: { name: 'preset', fit: true, padding: FAMILY_GRAPH.autoFitPadding },
      minZoom: 0.05,
      maxZoom: 6,
      boxSelectionEnabled: false,
      autounselectify: true,
      hideEdgesOnViewport: graph.nodes.length > 1000,
    });
    cyRef.current = cy;
    const testState: GraphTestState = {
      readyAt: null,
      pinned: pinned.current,
      autoFitStarted: false,
      resizePending: false,
    };
    const removeHook = installTestHook(cy, testState);
    cy.one('render', () => {
      testState.readyAt = performance.now();
      container.dataset.ready = 'true';
    });

    cy.on('tap', 'node', (event) =>
      optionsRef.current.onNodeTap((event.target as cytoscape.NodeSingular).id()),
    );
    cy.on('tap', (event) => {
      if (event.target === cy) optionsRef.current.onBackgroundTap({ ...event.position });
    });
    // A dragged node stays where it is dropped: remember it (never lock(), which would stop further dragging).
    cy.on('dragfree', 'node', (event) => {
      const node = event.target as cytoscape.NodeSingular;
      pinned.current.set(node.id(), { ...node.position() });
      displaced.current.delete(node.id());
      optionsRef.current.onPinsChange(new Set(pinned.current.keys()));
    });

    const initialFit = window.setTimeout(() => {
      testState.autoFitStarted = true;
      animateViewport(
        cy,
        fitViewport(
          points(
            cy,
            cy.nodes().map((n) => n.id()),
          ),
          size(cy),
          FAMILY_GRAPH.autoFitPadding,
          3,
        ),
        FAMILY_GRAPH.autoFitDurationMs,
      );
    }, FAMILY_GRAPH.autoFitDelayMs);
    let resizeTimer = 0;
    const onResize = () => {
      window.clearTimeout(resizeTimer);
      testState.resizePending = true;
      resizeTimer = window.setTimeout(() => {
        testState.resizePending = false;
        cy.resize();
        const focus = optionsRef.current.highlight?.nodeIds ?? cy.nodes().map((n) => n.id());
        animateViewport(
          cy,
          fitViewport(
            points(cy, focus),
            size(cy),
            FAMILY_GRAPH.resizeRefitPadding,
            FAMILY_GRAPH.focusMaxZoom,
          ),
          FAMILY_GRAPH.resizeRefitDurationMs,
        );
      }, 100);
    };
    window.addEventListener('resize', onResize);
    // Theme: <html data-theme> is 'light' or absent (dark); re-read the CSS variables when it changes.
    const observer = new MutationObserver(() => setColours(readGraphColours()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      window.clearTimeout(initialFit);
      window.clearTimeout(resizeTimer);
      window.removeEventListener('resize', onResize);
      observer.disconnect();
      removeHook();
      cy.destroy();
      cyRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; later changes flow through optionsRef and the effects below
  }, [containerRef]);

  useEffect(() => {
    cyRef.current?.style(buildStylesheet(colours, options.labelsVisible));
  }, [colours, options.labelsVisible]);

  const { highlight, selectedId, matchIds, mode } = options;
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    applyGraphClasses(cy, { highlight, selectedId, matchIds, mode });
  }, [highlight, selectedId, matchIds, mode]);

  // Switching views moves every node that is not pinned to the view's positions (memoised preset options).
  const { view, reducedMotion } = options;
  const viewLayout = useMemo<cytoscape.PresetLayoutOptions>(
    () => ({
      name: 'preset',
      // cytoscape calls this with the node (its typings say the id).
      positions: ((node: cytoscape.NodeSingular) =>
        positionOf(node.id(), view)) as unknown as cytoscape.NodePositionFunction,
      animate: !reducedMotion,
      animationDuration: FAMILY_GRAPH.zoomDurationMs,
      fit: true,
      padding: FAMILY_GRAPH.autoFitPadding,
    }),

    [view, reducedMotion],
  );
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    displaced.current.clear();
    cyRef.current?.layout(viewLayout).run();
  }, [viewLayout]);

  const controller = useRef<FamilyGraphController | null>(null);
  controller.current ??= {
    fitAll(ms = FAMILY_GRAPH.autoFitDurationMs, padding = FAMILY_GRAPH.autoFitPadding) {
      const cy = cyRef.current;
      if (cy)
        animateViewport(
          cy,
          fitViewport(
            points(
              cy,
              cy.nodes().map((n) => n.id()),
            ),
            size(cy),
            padding,
            3,
          ),
          ms,
        );
    },
    focusFamily(id, nodeIds) {
      const cy = cyRef.current;
      if (!cy) return;
      controller.current?.restorePositions();
      const center = cy.getElementById(id).position();
      const movable = nodeIds.filter((other) => other !== id && !pinned.current.has(other));
      const targets = circlePositions(
        center,
        movable,
        relativesRadius({ width: window.innerWidth, height: window.innerHeight }),
      );
      targets.forEach((position, other) => {
        displaced.current.add(other);
        moveTo(cy.getElementById(other), position, FAMILY_GRAPH.zoomDurationMs);
      });
      animateViewport(
        cy,
        fitViewport(
          points(cy, nodeIds, targets),
          size(cy),
          FAMILY_GRAPH.focusPadding,
          FAMILY_GRAPH.focusMaxZoom,
        ),
        FAMILY_GRAPH.zoomDurationMs,
      );
    },
    fitNodes(ids) {
      const cy = cyRef.current;
      if (!cy) return;
      controller.current?.restorePositions();
      animateViewport(
        cy,
        fitViewport(points(cy, ids), size(cy), FAMILY_GRAPH.focusPadding, FAMILY_GRAPH.focusMaxZoom),
        FAMILY_GRAPH.zoomDurationMs,
      );
    },
    centerOn(id, zoom, ms) {
      const cy = cyRef.current;
      const node = cy?.getElementById(id);
      if (!cy || !node || node.empty()) return;
      const target = displaced.current.has(id) ? positionOf(id) : node.position();
      controller.current?.restorePositions();
      animateViewport(cy, centerViewport(target, zoom, size(cy)), ms);
    },
    zoomBy(factor) {
      const cy = cyRef.current;
      if (!cy) return;
      const next = zoomAroundCenter({ zoom: cy.zoom(), pan: cy.pan() }, factor, size(cy), {
        min: cy.minZoom(),
        max: cy.maxZoom(),
      });
      animateViewport(cy, next, FAMILY_GRAPH.zoomDurationMs);
    },
    restorePositions() {
      const cy = cyRef.current;
      if (!cy) return;
      displaced.current.forEach((id) =>
        moveTo(cy.getElementById(id), positionOf(id), FAMILY_GRAPH.zoomDurationMs),
      );
      displaced.current.clear();
    },
    async relayout() {
      const cy = cyRef.current;
      if (!cy) return;
      displaced.current.clear();
      const { view } = optionsRef.current;
      if (view === 'generations') {
        cy.layout(viewLayout).run();
        return;
      }
      basePositions.current.organic = await runOrganicRelayout(
        cy,
        pinned.current,
        optionsRef.current.reducedMotion,
      );
    },
    moveNode(id, point) {
      const cy = cyRef.current;
      if (!cy) return;
      pinned.current.set(id, { ...point });
      displaced.current.delete(id);
      moveTo(cy.getElementById(id), point, FAMILY_GRAPH.zoomDurationMs);
      optionsRef.current.onPinsChange(new Set(pinned.current.keys()));
    },
    setPinned(id, pin) {
      const cy = cyRef.current;
      if (!cy) return;
      const node = cy.getElementById(id);
      if (pin) pinned.current.set(id, { ...node.position() });
      else {
        pinned.current.delete(id);
        moveTo(node, positionOf(id), FAMILY_GRAPH.zoomDurationMs);
      }
      displaced.current.delete(id);
      optionsRef.current.onPinsChange(new Set(pinned.current.keys()));
    },
  };
  return controller.current;
}
