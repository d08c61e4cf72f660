// How the family graph moves: camera and node animations (jumps when the user prefers reduced motion), and
// where each node belongs (where the user pinned it, else its place in the current view).
import type cytoscape from 'cytoscape';
import type { LayoutView, Point } from '../../../core/families/family-schema.ts';
import type { FamilyGraphOptions } from './family-graph-types.ts';
import type { Viewport } from './graph-camera.ts';

const easing = 'ease-in-out-cubic' as const;

export class GraphMotion {
  /** Nodes the user dragged: they stay where dropped, across view changes. */
  readonly pinned = new Map<string, Point>();
  /** Nodes moved aside for a selection, to be put back. */
  readonly displaced = new Set<string>();
  /** Re-layout results replace the shipped positions of a view for this visit. */
  basePositions: Record<LayoutView, Record<string, Point>>;

  constructor(private readonly options: () => FamilyGraphOptions) {
    this.basePositions = { ...options().layout };
  }

  positionOf(id: string, view = this.options().view): Point {
    return this.pinned.get(id) ?? this.basePositions[view][id] ?? { x: 0, y: 0 };
  }

  duration(ms: number): number {
    return this.options().reducedMotion ? 0 : ms;
  }

  animateViewport(cy: cytoscape.Core, viewport: Viewport, ms: number): void {
    cy.stop(true, false);
    if (this.duration(ms) === 0) cy.viewport(viewport);
    else cy.animate({ zoom: viewport.zoom, pan: viewport.pan }, { duration: ms, easing });
  }

  moveTo(node: cytoscape.NodeSingular, position: Point, ms: number): void {
    node.stop(true, false);
    if (this.duration(ms) === 0) node.position(position);
    else node.animate({ position }, { duration: ms, easing });
  }
}

export const size = (cy: cytoscape.Core) => ({ width: cy.width(), height: cy.height() });

/** The nodes' positions (or overrides) with a margin each, for fitting the camera around them. */
export const points = (cy: cytoscape.Core, ids: readonly string[], override?: ReadonlyMap<string, Point>) =>
  ids.flatMap((id) => {
    const node = cy.getElementById(id);
    return node.empty() ? [] : [{ ...(override?.get(id) ?? node.position()), r: node.width() / 2 + 20 }];
  });
