import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from './fixture.ts';
import { parseFragment, splitFragments } from './fragment.ts';
import type { FragmentLayout } from './fragment.ts';
import { parseEmsg } from './emsg.ts';
import { parseId3Tag, parseTxxxFrame } from './id3.ts';
import { defaultFixtureDir, registerLiveOrigin } from './index.ts';
import { children, fullBoxHeader, readBoxes, requireChild } from './mp4-boxes.ts';
import { buildPartAt, buildSegment, buildSegmentWithMetadata } from './segment.ts';

const fixture = loadFixture(defaultFixtureDir);
// 2026-01-01T00:00:09.250Z: segment NEWEST (even) just ended, as in routes.test.ts.
const NOW = Date.UTC(2026, 0, 1, 0, 0, 9, 250);
const NEWEST = 1_767_225_608;
const DEFAULT_BASE_IS_MOOF = 0x020000;
const BASE_DATA_OFFSET = 0x000001;

const app = Fastify();
beforeAll(async () => {
  await registerLiveOrigin(app, { fixture, now: () => NOW, isLive: () => true });
  await app.ready();
});
afterAll(() => app.close());

async function served(rendition: string, msn: number): Promise<Uint8Array> {
  const response = await app.inject({ method: 'GET', url: `/hls/on-air/${rendition}/seg-${msn}.m4s` });
  expect(response.statusCode).toBe(200);
  return new Uint8Array(response.rawPayload);
}

interface Located {
  start: number;
  layout: FragmentLayout;
}
const fragmentsOf = (bytes: Uint8Array): Located[] =>
  splitFragments(bytes).map(({ start, end }) => ({ start, layout: parseFragment(bytes.subarray(start, end)) }));

/** Every sample's bytes end to end, found through each fragment's own trun data offsets. */
function samplesOf(bytes: Uint8Array): Buffer {
  const samples = fragmentsOf(bytes).flatMap(({ start, layout }) =>
    layout.tracks.flatMap((t) =>
      t.samples.map((s, i) => {
        const at = start + (t.sampleOffsets[i] ?? NaN);
        return bytes.subarray(at, at + s.size);
      }),
    ),
  );
  return Buffer.concat(samples);
}

// Buffer.equals: toEqual walks large byte arrays element by element.
const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(b);

describe('served segments carry timed metadata', () => {
  it.each([
    ['even', NEWEST, 2],
    ['odd', NEWEST - 1, 1],
  ])('puts emsg in front of the first moof (%s msn)', async (_label, msn, emsgCount) => {
    const bytes = await served('720p', msn);
    const types = readBoxes(bytes).map((b) => b.type);
    expect(types).toEqual([
      ...Array<string>(emsgCount).fill('emsg'),
      ...Array.from({ length: 5 }, () => ['moof', 'mdat']).flat(),
    ]);
    const events = readBoxes(bytes)
      .filter((b) => b.type === 'emsg')
      .map((b) => parseEmsg(bytes, b.start));
    for (const e of events) {
      expect(e.timescale).toBe(90_000);
      expect(e.presentationTime).toBe(msn * 90_000);
      expect(e.schemeIdUri).toBe('https://aomedia.org/emsg/ID3');
    }
    const descriptions = events.map((e) => parseTxxxFrame(parseId3Tag(e.messageData).frames[0]!).description);
    expect(descriptions).toEqual(msn % 2 === 0 ? ['onair:segment', 'caption'] : ['onair:segment']);
    // The emsg presentation time and the media share one clock: the first tfdt.
    expect(fragmentsOf(bytes)[0]?.layout.tracks[0]?.baseMediaDecodeTime).toBe(msn * 90_000);
  });

  it('keeps tfdt values and trun data offsets pointing at the same media as without metadata', async () => {
    for (const rendition of fixture.renditions) {
      const withMetadata = await served(rendition.name, NEWEST);
      const bare = buildSegment(fixture, rendition, NEWEST);
      const shift = withMetadata.byteLength - bare.byteLength;
      expect(shift).toBeGreaterThan(0);
      expect(same(withMetadata.subarray(shift), bare)).toBe(true);

      const a = fragmentsOf(withMetadata);
      const b = fragmentsOf(bare);
      expect(a.map((f) => f.start - shift)).toEqual(b.map((f) => f.start));
      expect(a.map((f) => f.layout)).toEqual(b.map((f) => f.layout));
      // The first video sample (a keyframe) read through the served segment's own offsets.
      const video = rendition.tracks.find((t) => t.kind === 'video')!;
      const first = (bytes: Uint8Array, f: Located | undefined) => {
        const track = f?.layout.tracks.find((t) => t.trackId === video.trackId);
        const at = (f?.start ?? NaN) + (track?.sampleOffsets[0] ?? NaN);
        return bytes.subarray(at, at + (track?.samples[0]?.size ?? 0));
      };
      expect(first(withMetadata, a[0]).byteLength).toBeGreaterThan(100);
      expect(same(first(withMetadata, a[0]), first(bare, b[0]))).toBe(true);
      // The samples cover every mdat byte, so the comparison below covers all media.
      const mdatBytes = readBoxes(bare)
        .filter((box) => box.type === 'mdat')
        .reduce((sum, box) => sum + box.end - box.payloadStart, 0);
      expect(samplesOf(withMetadata).byteLength).toBe(mdatBytes);
      expect(samplesOf(withMetadata).equals(samplesOf(bare))).toBe(true);
    }
  });

  it('relies on tfhd default-base-is-moof, which every fixture fragment uses', () => {
    for (const rendition of fixture.renditions) {
      for (const { bytes } of rendition.fragments) {
        const [moof] = readBoxes(bytes);
        for (const traf of children(bytes, moof!).filter((b) => b.type === 'traf')) {
          const { flags } = fullBoxHeader(bytes, requireChild(bytes, traf, 'tfhd'));
          expect(flags & DEFAULT_BASE_IS_MOOF).toBe(DEFAULT_BASE_IS_MOOF);
          expect(flags & BASE_DATA_OFFSET).toBe(0);
        }
      }
    }
  });
});

describe('buildPartAt (future LL-HLS parts)', () => {
  it('puts the emsg boxes in the part that opens a segment only', () => {
    const rendition = fixture.renditions[0]!;
    for (const msn of [NEWEST, NEWEST + 1]) {
      const parts = Array.from({ length: 5 }, (_, i) => buildPartAt(fixture, rendition, msn * 5 + i));
      expect(parts.map((p) => readBoxes(p).filter((b) => b.type === 'emsg').length)).toEqual(
        msn % 2 === 0 ? [2, 0, 0, 0, 0] : [1, 0, 0, 0, 0],
      );
      expect(Buffer.concat(parts).equals(buildSegmentWithMetadata(fixture, rendition, msn))).toBe(true);
    }
  });
});
