import { describe, expect, it } from 'vitest';
import { loadFixture } from './fixture.ts';
import { parseFragment, splitFragments } from './fragment.ts';
import type { FragmentLayout } from './fragment.ts';
import { defaultFixtureDir } from './index.ts';
import { buildFragmentAt, buildSegment } from './segment.ts';

const fixture = loadFixture(defaultFixtureDir);
const LOOP = 224_418_468; // 8 * LOOP = 1795347744, a loop seam in late 2026

function fragmentsOf(segment: Uint8Array): FragmentLayout[] {
  return splitFragments(segment).map(({ start, end }) => parseFragment(segment.subarray(start, end)));
}

describe('buildSegment', () => {
  it.each([
    ['from the epoch', 7, 8],
    ['in 2026', 8 * LOOP - 1, 8 * LOOP],
  ])('keeps every track continuous across a loop seam (%s)', (_label, before, after) => {
    for (const rendition of fixture.renditions) {
      const a = fragmentsOf(buildSegment(fixture, rendition, before));
      const b = fragmentsOf(buildSegment(fixture, rendition, after));
      expect(a).toHaveLength(5);
      expect(b).toHaveLength(5);
      for (const t of rendition.tracks) {
        const trackOf = (f: FragmentLayout | undefined) => f?.tracks.find((x) => x.trackId === t.trackId);
        const last = trackOf(a.at(-1));
        const first = trackOf(b[0]);
        expect(first?.baseMediaDecodeTime).toBe((last?.baseMediaDecodeTime ?? NaN) + (last?.duration ?? NaN));
        // Media time is epoch time: segment msn starts at msn seconds.
        expect(trackOf(b[0])?.baseMediaDecodeTime).toBe(after * t.timescale);
        const within = [...a, ...b].map(trackOf);
        within.slice(1).forEach((f, i) => {
          const prev = within[i];
          expect(f?.baseMediaDecodeTime).toBe((prev?.baseMediaDecodeTime ?? NaN) + (prev?.duration ?? NaN));
        });
      }
      const sequence = [...a, ...b].map((f) => f.sequenceNumber);
      sequence.slice(1).forEach((n, i) => expect(n).toBe((sequence[i] ?? NaN) + 1));
    }
  });

  it('is deterministic and as long as its five fixture fragments', () => {
    const rendition = fixture.renditions[3]!;
    const msn = 8 * LOOP + 3;
    const one = buildSegment(fixture, rendition, msn);
    expect(Buffer.from(buildSegment(fixture, rendition, msn)).equals(one)).toBe(true);
    const expected = rendition.fragments.slice(15, 20).reduce((sum, f) => sum + f.bytes.byteLength, 0);
    expect(one.byteLength).toBe(expected);
  });

  it('matches the fragments built one by one (future LL-HLS parts)', () => {
    const rendition = fixture.renditions[0]!;
    const msn = 8 * LOOP + 5;
    const segment = buildSegment(fixture, rendition, msn);
    const parts = Array.from({ length: 5 }, (_, i) => buildFragmentAt(rendition, msn * 5 + i));
    expect(Buffer.concat(parts).equals(segment)).toBe(true);
  });
});
