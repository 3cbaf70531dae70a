import { describe, expect, it } from 'vitest';
import { chooseStartLevel } from './start-level.ts';

// Listed out of order on purpose: the answer is an index into this array.
const LADDER = [
  { bitrate: 1_200_000, width: 854, height: 480 },
  { bitrate: 395_000, width: 284, height: 160 },
  { bitrate: 2_200_000, width: 1280, height: 720 },
  { bitrate: 787_000, width: 640, height: 360 },
];
const size = (width: number, height: number, devicePixelRatio = 1) => ({ width, height, devicePixelRatio });

describe('chooseStartLevel', () => {
  it('without an estimate picks the lowest rendition that fills the element', () => {
    expect(chooseStartLevel(LADDER, size(640, 360), null)).toBe(3);
    expect(chooseStartLevel(LADDER, size(300, 150), null)).toBe(3);
    expect(chooseStartLevel(LADDER, size(200, 112), null)).toBe(1);
    expect(chooseStartLevel(LADDER, size(800, 450), null)).toBe(0);
  });
  it('counts device pixels', () => {
    expect(chooseStartLevel(LADDER, size(640, 360, 2), null)).toBe(2);
  });
  it('takes the largest when the element is bigger than every rendition', () => {
    expect(chooseStartLevel(LADDER, size(1920, 1080), null)).toBe(2);
  });
  it('takes the lowest when the element is not laid out yet', () => {
    expect(chooseStartLevel(LADDER, size(0, 0), null)).toBe(1);
  });
  it('with an estimate picks the best affordable rendition, capped by the element', () => {
    expect(chooseStartLevel(LADDER, size(1920, 1080), 2_000_000)).toBe(0); // 0.7 × 2 Mb/s = 1.4 Mb/s
    expect(chooseStartLevel(LADDER, size(1920, 1080), 10_000_000)).toBe(2);
    expect(chooseStartLevel(LADDER, size(640, 360), 10_000_000)).toBe(3);
  });
  it('falls back to the lowest when even that is not affordable', () => {
    expect(chooseStartLevel(LADDER, size(640, 360), 100_000)).toBe(1);
  });
  it('answers -1 for no renditions', () => {
    expect(chooseStartLevel([], size(640, 360), null)).toBe(-1);
  });
});
