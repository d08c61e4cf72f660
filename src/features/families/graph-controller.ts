// The commands the families page gives the graph (fit, focus a family, center, zoom, re-layout, move and pin
// nodes), each on the current cytoscape instance through the graph's motion.
import type cytoscape from 'cytoscape';
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import type { Point } from '../../../core/families/family-schema.ts';
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

export class GraphController implements FamilyGraphController {
  constructor(
    private readonly cyOf: () => cytoscape.Core | null,
    private readonly motion: GraphMotion,
    private readonly options: () => FamilyGraphOptions,
    private readonly viewLayout: () => cytoscape.PresetLayoutOptions,
  ) {}

  fitAll(ms = FAMILY_GRAPH.autoFitDurationMs, padding = FAMILY_GRAPH.autoFitPadding) {
    const cy = this.cyOf();
    if (cy)
      this.motion.animateViewport(
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
  }

  focusFamily(id: string, nodeIds: readonly string[]) {
    const cy = this.cyOf();
    if (!cy) return;
    this.restorePositions();
    const center = cy.getElementById(id).position();
    const movable = nodeIds.filter((other) => other !== id && !this.motion.pinned.has(other));
    const targets = circlePositions(
      center,
      movable,
      relativesRadius({ width: window.innerWidth, height: window.innerHeight }),
    );
    targets.forEach((position, other) => {
      this.motion.displaced.add(other);
      this.motion.moveTo(cy.getElementById(other), position, FAMILY_GRAPH.zoomDurationMs);
    });
    this.motion.animateViewport(
      cy,
      fitViewport(
        points(cy, nodeIds, targets),
        size(cy),
        FAMILY_GRAPH.focusPadding,
        FAMILY_GRAPH.focusMaxZoom,
      ),
      FAMILY_GRAPH.zoomDurationMs,
    );
  }

  fitNodes(ids: readonly string[]) {
    const cy = this.cyOf();
    if (!cy) return;
    this.restorePositions();
    this.motion.animateViewport(
      cy,
      fitViewport(points(cy, ids), size(cy), FAMILY_GRAPH.focusPadding, FAMILY_GRAPH.focusMaxZoom),
      FAMILY_GRAPH.zoomDurationMs,
    );
  }

  centerOn(id: string, zoom: number, ms: number) {
    const cy = this.cyOf();
    const node = cy?.getElementById(id);
    if (!cy || !node || node.empty()) return;
    const target = this.motion.displaced.has(id) ? this.motion.positionOf(id) : node.position();
    this.restorePositions();
    this.motion.animateViewport(cy, centerViewport(target, zoom, size(cy)), ms);
  }

  zoomBy(factor: number) {
    const cy = this.cyOf();
    if (!cy) return;
    const next = zoomAroundCenter({ zoom: cy.zoom(), pan: cy.pan() }, factor, size(cy), {
      min: cy.minZoom(),
      max: cy.maxZoom(),
    });
    this.motion.animateViewport(cy, next, FAMILY_GRAPH.zoomDurationMs);
  }

  restorePositions() {
    const cy = this.cyOf();
    if (!cy) return;
    this.motion.displaced.forEach((id) =>
      this.motion.moveTo(cy.getElementById(id), this.motion.positionOf(id), FAMILY_GRAPH.zoomDurationMs),
    );
    this.motion.displaced.clear();
  }

  async relayout() {
    const cy = this.cyOf();
    if (!cy) return;
    this.motion.displaced.clear();
    const { view } = this.options();
    if (view === 'generations') {
      cy.layout(this.viewLayout()).run();
      return;
    }
    this.motion.basePositions.organic = await runOrganicRelayout(
      cy,
      this.motion.pinned,
      this.options().reducedMotion,
    );
  }

  moveNode(id: string, point: Point) {
    const cy = this.cyOf();
    if (!cy) return;
    this.motion.pinned.set(id, { ...point });
    this.motion.displaced.delete(id);
    this.motion.moveTo(cy.getElementById(id), point, FAMILY_GRAPH.zoomDurationMs);
    this.options().onPinsChange(new Set(this.motion.pinned.keys()));
  }

  setPinned(id: string, pin: boolean) {
    const cy = this.cyOf();
    if (!cy) return;
    const node = cy.getElementById(id);
    if (pin) this.motion.pinned.set(id, { ...node.position() });
    else {
      this.motion.pinned.delete(id);
      this.motion.moveTo(node, this.motion.positionOf(id), FAMILY_GRAPH.zoomDurationMs);
    }
    this.motion.displaced.delete(id);
    this.options().onPinsChange(new Set(this.motion.pinned.keys()));
  }
}
