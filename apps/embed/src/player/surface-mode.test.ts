import { describe, expect, it } from 'vitest';
import { CANVAS_UNAVAILABLE_NOTICE, DEFAULT_SURFACE_MODE, SurfaceMode, surfacePlan } from './surface-mode.ts';

describe('surfacePlan', () => {
  it("uses the spec's names and defaults to the video", () => {
    expect(Object.values(SurfaceMode)).toEqual(['video', 'canvas', 'debug_both']);
    expect(DEFAULT_SURFACE_MODE).toBe('video');
  });

  it('shows the plain video without a notice', () => {
    expect(surfacePlan('video')).toEqual({ showVideo: true, notice: null });
  });

  it('falls back to the video visibly in canvas and debug_both modes', () => {
    expect(surfacePlan('canvas')).toEqual({ showVideo: true, notice: CANVAS_UNAVAILABLE_NOTICE });
    expect(surfacePlan('debug_both')).toEqual({ showVideo: true, notice: CANVAS_UNAVAILABLE_NOTICE });
  });
});
