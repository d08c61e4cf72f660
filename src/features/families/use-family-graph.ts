// Owns the cytoscape instance: created once with precomputed positions, handlers registered once, classes and camera driven by the page.
import type cytoscape from 'cytoscape';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import type { FamilyGraphController, FamilyGraphOptions } from './family-graph-types.ts';
import { GraphController } from './graph-controller.ts';
import { GraphMotion } from './graph-motion.ts';
import { mountGraph } from './graph-mount.ts';
import { applyGraphClasses } from './graph-operations.ts';
import { buildStylesheet, readGraphColours } from './graph-stylesheet.ts';

export function useFamilyGraph(
  containerRef: RefObject<HTMLDivElement | null>,
  options: FamilyGraphOptions,
): FamilyGraphController {
  const cyRef = useRef<cytoscape.Core | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const motionRef = useRef<GraphMotion | null>(null);
  motionRef.current ??= new GraphMotion(() => optionsRef.current);
  const motion = motionRef.current;
  const [colours, setColours] = useState(readGraphColours);
  const graphSize = options.graph.nodes.length;

  // Create once; every handler reads the latest options through the ref (registered once, never re-bound).
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { cy, unmount } = mountGraph(container, motion, () => optionsRef.current, setColours);
    cyRef.current = cy;
    return () => {
      unmount();
      cyRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; later changes flow through optionsRef and the effects below
  }, [containerRef]);

  useEffect(() => {
    cyRef.current?.style(
      buildStylesheet(colours, options.labelsVisible, graphSize > FAMILY_GRAPH.largeLineagePersons),
    );
  }, [colours, options.labelsVisible, graphSize]);

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
        motion.positionOf(node.id(), view)) as unknown as cytoscape.NodePositionFunction,
      animate: !reducedMotion,
      animationDuration: FAMILY_GRAPH.zoomDurationMs,
      fit: true,
      padding: FAMILY_GRAPH.autoFitPadding,
    }),
    [motion, view, reducedMotion],
  );
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    motion.displaced.clear();
    cyRef.current?.layout(viewLayout).run();
  }, [motion, viewLayout]);

  const viewLayoutRef = useRef(viewLayout);
  viewLayoutRef.current = viewLayout;
  const controller = useRef<FamilyGraphController | null>(null);
  controller.current ??= new GraphController(
    () => cyRef.current,
    motion,
    () => optionsRef.current,
    () => viewLayoutRef.current,
  );
  return controller.current;
}
