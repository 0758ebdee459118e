/**
 * The full-screen picture's zoom: a scale and an offset (CSS pixels, from the centre) applied
 * as one transform. Pure, so the gestures (pinch, drag, double tap, the buttons) share its rules.
 */
export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 4;
/** The step of the zoom buttons and a double tap. */
export const ZOOM_STEP = 2;

/** A point relative to the picture frame's centre. */
export interface Point {
  x: number;
  y: number;
}

/** The frame the picture fills at scale 1. */
export interface Frame {
  width: number;
  height: number;
}

/**
 * Keeps the picture covering its frame: no offset at scale 1, and never dragged so far that
 * an edge comes inside the frame.
 */
export function clampZoom(zoom: Zoom, frame: Frame): Zoom {
  const scale = Math.min(MAX_SCALE, Math.max(1, zoom.scale));
  const maxX = (frame.width * (scale - 1)) / 2;
  const maxY = (frame.height * (scale - 1)) / 2;
  // `|| 0` turns -0 (clamping to -0 at scale 1) into 0.
  return {
    scale,
    x: Math.min(maxX, Math.max(-maxX, zoom.x)) || 0,
    y: Math.min(maxY, Math.max(-maxY, zoom.y)) || 0,
  };
}

/** Scales by `factor` keeping the picture's point under `centre` where it is (a pinch's midpoint). */
export function zoomAround(zoom: Zoom, factor: number, centre: Point, frame: Frame): Zoom {
  const scale = Math.min(MAX_SCALE, Math.max(1, zoom.scale * factor));
  const applied = scale / zoom.scale;
  return clampZoom(
    {
      scale,
      x: centre.x - (centre.x - zoom.x) * applied,
      y: centre.y - (centre.y - zoom.y) * applied,
    },
    frame,
  );
}

/** Moves a zoomed picture by a drag. */
export function panBy(zoom: Zoom, dx: number, dy: number, frame: Frame): Zoom {
  return clampZoom({ scale: zoom.scale, x: zoom.x + dx, y: zoom.y + dy }, frame);
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
