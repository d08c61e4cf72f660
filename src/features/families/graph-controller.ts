// The commands the families page gives the graph (fit, focus a family, center, zoom, re-layout, move and pin
// nodes), each on the current cytoscape instance through the graph's motion.
import type cytoscape from 'cytoscape';
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import type { FamilyGraphController, FamilyGraphOptions } from './family-graph-types.ts';
import {
  centerViewport,
  circlePositions,
  fitViewport,
  relativesRadius,
  zoomAroundCenter,
} from './graph-camera.ts';
import { points, size, type GraphMotion } from './graph-motion.ts';
import { runOrganicRelayout } from './graph-operations.ts';

export function createGraphController(
  cyOf: () => cytoscape.Core | null,
  motion: GraphMotion,
  options: () => FamilyGraphOptions,
  viewLayout: () => cytoscape.PresetLayoutOptions,
): FamilyGraphController {
  const controller: FamilyGraphController = {
    fitAll(ms = FAMILY_GRAPH.autoFitDurationMs, padding = FAMILY_GRAPH.autoFitPadding) {
      const cy = cyOf();
      if (cy)
        motion.animateViewport(
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
      const cy = cyOf();
      if (!cy) return;
      controller.restorePositions();
      const center = cy.getElementById(id).position();
      const movable = nodeIds.filter((other) => other !== id && !motion.pinned.has(other));
      const targets = circlePositions(
        center,
        movable,
        relativesRadius({ width: window.innerWidth, height: window.innerHeight }),
      );
      targets.forEach((position, other) => {
        motion.displaced.add(other);
        motion.moveTo(cy.getElementById(other), position, FAMILY_GRAPH.zoomDurationMs);
      });
      motion.animateViewport(
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
      const cy = cyOf();
      if (!cy) return;
      controller.restorePositions();
      motion.animateViewport(
        cy,
        fitViewport(points(cy, ids), size(cy), FAMILY_GRAPH.focusPadding, FAMILY_GRAPH.focusMaxZoom),
        FAMILY_GRAPH.zoomDurationMs,
      );
    },
    centerOn(id, zoom, ms) {
      const cy = cyOf();
      const node = cy?.getElementById(id);
      if (!cy || !node || node.empty()) return;
      const target = motion.displaced.has(id) ? motion.positionOf(id) : node.position();
      controller.restorePositions();
      motion.animateViewport(cy, centerViewport(target, zoom, size(cy)), ms);
    },
    zoomBy(factor) {
      const cy = cyOf();
      if (!cy) return;
      const next = zoomAroundCenter({ zoom: cy.zoom(), pan: cy.pan() }, factor, size(cy), {
        min: cy.minZoom(),
        max: cy.maxZoom(),
      });
      motion.animateViewport(cy, next, FAMILY_GRAPH.zoomDurationMs);
    },
    restorePositions() {
      const cy = cyOf();
      if (!cy) return;
      motion.displaced.forEach((id) =>
        motion.moveTo(cy.getElementById(id), motion.positionOf(id), FAMILY_GRAPH.zoomDurationMs),
      );
      motion.displaced.clear();
    },
    async relayout() {
      const cy = cyOf();
      if (!cy) return;
      motion.displaced.clear();
      const { view } = options();
      if (view === 'generations') {
        cy.layout(viewLayout()).run();
        return;
      }
      motion.basePositions.organic = await runOrganicRelayout(cy, motion.pinned, options().reducedMotion);
    },
    moveNode(id, point) {
      const cy = cyOf();
      if (!cy) return;
      motion.pinned.set(id, { ...point });
      motion.displaced.delete(id);
      motion.moveTo(cy.getElementById(id), point, FAMILY_GRAPH.zoomDurationMs);
      options().onPinsChange(new Set(motion.pinned.keys()));
    },
    setPinned(id, pin) {
      const cy = cyOf();
      if (!cy) return;
      const node = cy.getElementById(id);
      if (pin) motion.pinned.set(id, { ...node.position() });
      else {
        motion.pinned.delete(id);
        motion.moveTo(node, motion.positionOf(id), FAMILY_GRAPH.zoomDurationMs);
      }
      motion.displaced.delete(id);
      options().onPinsChange(new Set(motion.pinned.keys()));
    },
  };
  return controller;
}
