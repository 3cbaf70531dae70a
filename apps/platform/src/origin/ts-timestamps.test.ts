import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultTsFixtureDir } from './index.ts';
import { tsSegment } from './ts-routes.ts';
import { firstPts, shiftTimestamps, TS_CLOCK_HZ } from './ts-timestamps.ts';

const segment = (n: number) => new Uint8Array(readFileSync(`${defaultTsFixtureDir}/160p/seg-${n}.ts`));

/** Every PTS, DTS and PCR of a segment, read independently of the module under test. */
function clocks(bytes: Uint8Array): { pts: number[]; pcr: number[] } {
  const pts: number[] = [];
  const pcr: number[] = [];
  for (let p = 0; p < bytes.length; p += 188) {
    const control = (bytes[p + 3]! >> 4) & 3;
    let at = p + 4;
    if (control & 2) {
      const length = bytes[p + 4]!;
      if (length > 0 && bytes[p + 5]! & 0x10) {
        const b = bytes.subarray(p + 6, p + 11);
        pcr.push(b[0]! * 2 ** 25 + b[1]! * 2 ** 17 + b[2]! * 2 ** 9 + b[3]! * 2 + (b[4]! >> 7));
      }
      at += 1 + length;
    }
    if (bytes[p + 1]! & 0x40 && control & 1 && bytes[at] === 0 && bytes[at + 1] === 0 && bytes[at + 2] === 1) {
      const b = bytes.subarray(at + 9, at + 14);
      pts.push(((b[0]! >> 1) & 7) * 2 ** 30 + b[1]! * 2 ** 22 + (b[2]! >> 1) * 2 ** 15 + b[3]! * 2 ** 7 + (b[4]! >> 1));
    }
  }
  return { pts, pcr };
}

describe('MPEG-TS timestamps', () => {
  it('moves every PTS and PCR by the same amount and leaves the original untouched', () => {
    const original = segment(3);
    const before = clocks(original);
    expect(before.pts.length).toBeGreaterThan(30);
    expect(before.pcr.length).toBeGreaterThan(0);
    const shifted = shiftTimestamps(original, 8 * TS_CLOCK_HZ);
    const after = clocks(shifted);
    expect(after.pts).toEqual(before.pts.map((t) => t + 8 * TS_CLOCK_HZ));
    expect(after.pcr).toEqual(before.pcr.map((t) => t + 8 * TS_CLOCK_HZ));
    expect(clocks(original)).toEqual(before);
    expect(shifted.byteLength).toBe(original.byteLength);
  });

  it('wraps at 2^33 as the 90 kHz clock does', () => {
    const first = firstPts(segment(0))!;
    const shifted = shiftTimestamps(segment(0), 2 ** 33 - first + 5);
    expect(firstPts(shifted)).toBe(5);
  });

  it('makes the looped fixture one continuous timeline: each segment starts where the last ended', () => {
    const loop = 8;
    const starts = [6, 7, 8, 9, 15, 16].map((msn) =>
      firstPts(tsSegment({ segments: [...Array(loop).keys()].map(segment) }, msn))!,
    );
    const seconds = starts.map((t) => (t - starts[0]!) / TS_CLOCK_HZ);
    expect(seconds).toEqual([0, 1, 2, 3, 9, 10]);
  });

  it('refuses bytes that are not whole transport packets', () => {
    expect(() => shiftTimestamps(new Uint8Array(100), 1)).toThrow(RangeError);
    expect(() => shiftTimestamps(new Uint8Array(188), 1)).toThrow(/sync byte/);
  });
});
