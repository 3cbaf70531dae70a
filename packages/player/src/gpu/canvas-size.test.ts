import { describe, expect, it } from 'vitest';
import { canvasSize } from './canvas-size.ts';

describe('canvasSize', () => {
  const p360 = { width: 640, height: 360 };

  it('fits the picture in the box at device pixels: 360p in a 640 × 360 box on a 2× screen is 1280 × 720', () => {
    expect(canvasSize({ width: 640, height: 360 }, 2, p360)).toEqual({ width: 1280, height: 720 });
  });

  it('letterboxes: a 16:9 picture in a square box keeps its shape', () => {
    expect(canvasSize({ width: 400, height: 400 }, 1, p360)).toEqual({ width: 400, height: 225 });
  });

  it('pillarboxes: a tall box is limited by its height', () => {
    expect(canvasSize({ width: 1000, height: 360 }, 1, p360)).toEqual({ width: 640, height: 360 });
  });

  it('falls back to the video size in a box not laid out, and to 1 × 1 before the video has a size', () => {
    expect(canvasSize({ width: 0, height: 0 }, 2, p360)).toEqual(p360);
    expect(canvasSize({ width: 640, height: 360 }, 1, { width: 0, height: 0 })).toEqual({ width: 1, height: 1 });
  });

  it('treats a missing device-pixel ratio as 1', () => {
    expect(canvasSize({ width: 320, height: 180 }, 0, p360)).toEqual({ width: 320, height: 180 });
  });
});
