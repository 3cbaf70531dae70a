import { describe, expect, it } from 'vitest';
import { best, median, mediansByPlayer, ratio } from './stats.mjs';

describe('median', () => {
  it('takes the middle value, or the mean of the middle two, ignoring unknowns', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null, 5, Number.NaN])).toBe(5);
    expect(median([null])).toBeNull();
  });
});

describe('best and ratio', () => {
  it('the best is the lowest, or the highest for higher-is-better figures', () => {
    expect(best([2, null, 1.5, 3])).toBe(1.5);
    expect(best([2, null, 1.5, 3], true)).toBe(3);
    expect(best([null])).toBeNull();
  });

  it('1 is the best and a larger ratio is worse, whichever way the figure goes', () => {
    expect(ratio(3, 1.5)).toBe(2);
    expect(ratio(1.5, 1.5)).toBe(1);
    expect(ratio(500, 1000, true)).toBe(2);
  });

  it('counts both sides as at least the floor, so a difference below it is no difference', () => {
    expect(ratio(3.6, 0.003, false, 0.25)).toBeCloseTo(14.4);
    expect(ratio(0.1, 0.003, false, 0.25)).toBe(1);
    expect(ratio(2, 0, false, 1)).toBe(2);
  });

  it('has no ratio against a best of zero, or for unknown values', () => {
    expect(ratio(2, 0)).toBeNull();
    expect(ratio(0, 0)).toBe(1);
    expect(ratio(null, 1)).toBeNull();
    expect(ratio(1, null)).toBeNull();
  });
});

describe('mediansByPlayer', () => {
  it('takes the median of each figure across runs, leaving failed runs out', () => {
    const medians = mediansByPlayer(
      {
        embed: [{ a: 1, b: 10 }, { a: 3, b: null }, { a: 2 }],
        peer: [{ a: null, b: null }],
      },
      ['a', 'b'],
    );
    expect(medians).toEqual({ embed: { a: 2, b: 10 }, peer: { a: null, b: null } });
  });
});
