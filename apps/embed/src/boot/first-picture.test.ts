import { describe, expect, it } from 'vitest';
import { FIRST_PICTURE_MAX_LEAD_S, firstPictureTime, secondSeekPosition, START_AHEAD_S } from './first-picture.ts';

const ranges = (...spans: [number, number][]) => ({
  length: spans.length,
  start: (i: number) => spans[i]![0],
  end: (i: number) => spans[i]![1],
});

describe('the start’s first picture', () => {
  it('is the key frame opening the range the start seeks into', () => {
    expect(firstPictureTime(ranges([100, 100.2]), 100.7)).toBe(100);
    expect(firstPictureTime(ranges([100, 101]), 100.5)).toBe(100);
  });

  it('is the range at or before the position, not one after it', () => {
    expect(firstPictureTime(ranges([90, 91], [100, 100.2], [105, 106]), 100.4)).toBe(100);
  });

  it('is none where the seek lands on the key frame anyway, or nothing is buffered before it', () => {
    expect(firstPictureTime(ranges([100, 101]), 100.01)).toBeNull();
    expect(firstPictureTime(ranges([100, 101]), 99.5)).toBeNull();
    expect(firstPictureTime(ranges(), 100)).toBeNull();
    expect(firstPictureTime(undefined, 100)).toBeNull();
  });

  it('is none where the range is too far back to be the one the start opened', () => {
    expect(firstPictureTime(ranges([100, 110]), 100 + FIRST_PICTURE_MAX_LEAD_S + 0.5)).toBeNull();
  });
});

describe('the second seek’s position', () => {
  it('moves on as far as the live edge has since the engine aimed', () => {
    expect(secondSeekPosition(ranges([100, 101.2]), 100.4, 0.15, true)).toBeCloseTo(100.55, 9);
  });

  it('leaves what plays on ahead of it, and never moves back', () => {
    expect(secondSeekPosition(ranges([100, 101]), 100.4, 0.3, true)).toBeCloseTo(101 - START_AHEAD_S, 9);
    expect(secondSeekPosition(ranges([100, 100.4 + START_AHEAD_S]), 100.4, 0.3, true)).toBe(100.4);
    expect(secondSeekPosition(ranges([100, 101.2]), 100.4, 0, true)).toBe(100.4);
  });

  it('waits while less than that is buffered ahead, then takes the position as it is', () => {
    expect(secondSeekPosition(ranges([100, 100.6]), 100.4, 0.1, true)).toBeNull();
    expect(secondSeekPosition(ranges([100, 100.2]), 100.4, 0.1, true)).toBeNull();
    expect(secondSeekPosition(ranges([100, 100.6]), 100.4, 0.3, false)).toBe(100.4);
    expect(secondSeekPosition(undefined, 100.4, 0.3, false)).toBe(100.4);
  });
});
