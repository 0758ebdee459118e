import { describe, expect, it } from 'vitest';
import { clampZoom, MAX_SCALE, NO_ZOOM, panBy, zoomAround } from './zoom';

const frame = { width: 400, height: 400 };

describe('the full-screen picture zoom', () => {
  it('keeps the point under the pinch where it was', () => {
    const centre = { x: 100, y: -50 };
    const zoomed = zoomAround(NO_ZOOM, 2, centre, frame);
    expect(zoomed.scale).toBe(2);
    // The picture's point under the fingers, (centre - offset) / scale, is unchanged.
    expect((centre.x - zoomed.x) / zoomed.scale).toBeCloseTo(centre.x);
    expect((centre.y - zoomed.y) / zoomed.scale).toBeCloseTo(centre.y);
  });

  it('stays between the whole picture and the largest scale', () => {
    expect(zoomAround(NO_ZOOM, 0.5, { x: 0, y: 0 }, frame)).toEqual(NO_ZOOM);
    expect(zoomAround(NO_ZOOM, 10, { x: 0, y: 0 }, frame).scale).toBe(MAX_SCALE);
  });

  it('never drags an edge of the picture inside the frame', () => {
    expect(panBy(NO_ZOOM, 80, 80, frame)).toEqual(NO_ZOOM);
    const zoomed = { scale: 2, x: 0, y: 0 };
    expect(panBy(zoomed, 500, -500, frame)).toEqual({ scale: 2, x: 200, y: -200 });
    expect(panBy(zoomed, 30, 40, frame)).toEqual({ scale: 2, x: 30, y: 40 });
  });

  it('puts a zoomed-out picture back in the middle', () => {
    expect(clampZoom({ scale: 1, x: 120, y: -30 }, frame)).toEqual(NO_ZOOM);
  });
});
