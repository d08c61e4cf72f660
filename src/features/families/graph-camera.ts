// Viewport and placement arithmetic for the family graph (pure: no cytoscape), in model and rendered pixels.
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import type { Point } from '../../../core/families/family-schema.ts';

export interface Size {
  width: number;
  height: number;
}

export interface Viewport {
  zoom: number;
  pan: Point;
}

/** Spec section 4: a third of the smaller of 85% of the window width and 60% of its height, at most 250. */
export function relativesRadius(window: Size): number {
  return Math.min(
    FAMILY_GRAPH.relativesCircleMaxRadius,
    Math.min(window.width * 0.85, window.height * 0.6) / 3,
  );
}

/** Evenly spaced on a circle around the centre, starting at the top. */
export function circlePositions(center: Point, ids: readonly string[], radius: number): Map<string, Point> {
  const positions = new Map<string, Point>();
  ids.forEach((id, index) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * index) / ids.length;
    positions.set(id, { x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle) });
  });
  return positions;
}

/**
 * The viewport that shows every point (with its radius) inside the container, at most maxZoom; the padding shrinks
 * on small screens so a 360 px phone still has room to draw.
 */
export function fitViewport(
  points: readonly (Point & { r?: number })[],
  container: Size,
  padding: number,
  maxZoom: number,
): Viewport {
  if (points.length === 0) return { zoom: 1, pan: { x: container.width / 2, y: container.height / 2 } };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const point of points) {
    const r = point.r ?? 0;
    minX = Math.min(minX, point.x - r);
    minY = Math.min(minY, point.y - r);
    maxX = Math.max(maxX, point.x + r);
    maxY = Math.max(maxY, point.y + r);
  }
  const pad = Math.min(padding, container.width / 6, container.height / 6);
  const width = Math.max(maxX - minX, 1);
  const height = Math.max(maxY - minY, 1);
  const zoom = Math.min(maxZoom, (container.width - 2 * pad) / width, (container.height - 2 * pad) / height);
  return centerViewport({ x: (minX + maxX) / 2, y: (minY + maxY) / 2 }, Math.max(zoom, 0.01), container);
}

/** The viewport that puts a model point in the middle of the container at the given zoom. */
export function centerViewport(point: Point, zoom: number, container: Size): Viewport {
  return { zoom, pan: { x: container.width / 2 - point.x * zoom, y: container.height / 2 - point.y * zoom } };
}

/** Zooms by a factor around the container's centre (the toolbar's Zoom In/Out). */
export function zoomAroundCenter(
  current: Viewport,
  factor: number,
  container: Size,
  limits: { min: number; max: number },
): Viewport {
  const zoom = Math.min(limits.max, Math.max(limits.min, current.zoom * factor));
  const center = { x: container.width / 2, y: container.height / 2 };
  const ratio = zoom / current.zoom;
  return {
    zoom,
    pan: {
      x: center.x - (center.x - current.pan.x) * ratio,
      y: center.y - (center.y - current.pan.y) * ratio,
    },
  };
}
