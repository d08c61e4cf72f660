// Options and controller of the family-graph hook: what the page passes in, and the camera/placement actions it calls.
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import type { FamilyLayout, LayoutView, Point } from '../../../core/families/family-schema.ts';
import type { GraphMode, Highlight } from './families-state.ts';

export interface FamilyGraphOptions {
  graph: FamilyGraph;
  layout: FamilyLayout;
  view: LayoutView;
  reducedMotion: boolean;
  mode: GraphMode;
  highlight: Highlight | null;
  selectedId: string | null;
  matchIds: ReadonlySet<string>;
  labelsVisible: boolean;
  onNodeTap: (id: string) => void;
  onBackgroundTap: (point: Point) => void;
  onPinsChange: (pinned: ReadonlySet<string>) => void;
}

export interface FamilyGraphController {
  fitAll(duration?: number, padding?: number): void;
  /** Relatives on a circle around the person, then fit them (max zoom 3, padding 100). */
  focusFamily(id: string, nodeIds: readonly string[]): void;
  fitNodes(ids: readonly string[]): void;
  centerOn(id: string, zoom: number, duration: number): void;
  zoomBy(factor: number): void;
  /** Nodes moved for a selection go back to their place in the current view (pinned ones stay). */
  restorePositions(): void;
  relayout(): Promise<void>;
  moveNode(id: string, point: Point): void;
  setPinned(id: string, pinned: boolean): void;
}

/** The page's camera: forwards to the whole-lineage graph while it is drawn, and does nothing otherwise. */
export function forwardingCamera(current: () => FamilyGraphController | null): FamilyGraphController {
  return {
    fitAll: (duration, padding) => current()?.fitAll(duration, padding),
    focusFamily: (id, nodeIds) => current()?.focusFamily(id, nodeIds),
    fitNodes: (ids) => current()?.fitNodes(ids),
    centerOn: (id, zoom, duration) => current()?.centerOn(id, zoom, duration),
    zoomBy: (factor) => current()?.zoomBy(factor),
    restorePositions: () => current()?.restorePositions(),
    relayout: () => current()?.relayout() ?? Promise.resolve(),
    moveNode: (id, point) => current()?.moveNode(id, point),
    setPinned: (id, pinned) => current()?.setPinned(id, pinned),
  };
}
