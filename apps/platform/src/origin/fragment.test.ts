import { describe, expect, it } from 'vitest';
import {
  NON_SYNC_SAMPLE_FLAGS,
  SYNC_SAMPLE_FLAGS,
  buildFragment,
  isSyncSample,
  parseFragment,
  rewriteFragment,
  splitFragments,
} from './fragment.ts';
import type { TrackInput } from './fragment.ts';
import { ByteWriter, box, concatBytes, fullBox, readBoxes } from './mp4-boxes.ts';

const bytesOf = (...values: number[]): Uint8Array => Uint8Array.from(values);

function sampleTracks(videoTfdt: number, audioTfdt: number): TrackInput[] {
  return [
    {
      trackId: 1,
      baseMediaDecodeTime: videoTfdt,
      samples: [
        { duration: 3000, flags: SYNC_SAMPLE_FLAGS, compositionTimeOffset: 0, data: bytesOf(1, 2, 3) },
        { duration: 3000, flags: NON_SYNC_SAMPLE_FLAGS, compositionTimeOffset: 0, data: bytesOf(4, 5) },
      ],
    },
    {
      trackId: 2,
      baseMediaDecodeTime: audioTfdt,
      samples: [
        { duration: 1024, flags: SYNC_SAMPLE_FLAGS, compositionTimeOffset: 0, data: bytesOf(9) },
        { duration: 1024, flags: SYNC_SAMPLE_FLAGS, compositionTimeOffset: 0, data: bytesOf(8, 7, 6, 5) },
      ],
    },
  ];
}

describe('buildFragment / parseFragment', () => {
  it('round-trips tracks, timing and sample bytes', () => {
    const bytes = buildFragment(7, sampleTracks(180_000, 96_000));
    expect(readBoxes(bytes).map((b) => b.type)).toEqual(['moof', 'mdat']);
    const layout = parseFragment(bytes);
    expect(layout.sequenceNumber).toBe(7);
    expect(layout.byteLength).toBe(bytes.byteLength);
    const [video, audio] = layout.tracks;
    expect(video?.trackId).toBe(1);
    expect(video?.tfdtVersion).toBe(1);
    expect(video?.baseMediaDecodeTime).toBe(180_000);
    expect(video?.duration).toBe(6000);
    expect(video?.samples.map((s) => isSyncSample(s.flags))).toEqual([true, false]);
    expect(audio?.baseMediaDecodeTime).toBe(96_000);
    expect(audio?.samples.map((s) => s.size)).toEqual([1, 4]);
    const data = [...(video?.sampleOffsets ?? []), ...(audio?.sampleOffsets ?? [])].map((o) => bytes[o]);
    expect(data).toEqual([1, 4, 9, 8]);
  });

  it('writes 64-bit tfdt values beyond 32 bits', () => {
    const epochScale = 1_795_347_744 * 90_000;
    const layout = parseFragment(buildFragment(1, sampleTracks(epochScale, 0)));
    expect(layout.tracks[0]?.baseMediaDecodeTime).toBe(epochScale);
  });

  it('refuses a tfdt value that a version 0 box cannot hold', () => {
    expect(() => buildFragment(1, sampleTracks(2 ** 32, 0), { tfdtVersion: 0 })).toThrow(RangeError);
  });

  it('reads trex/tfhd defaults and first-sample-flags written by other muxers', () => {
    // tfhd: default-base-is-moof + default duration/flags; trun: data offset,
    // first-sample-flags and sizes only.
    const tfhd = fullBox(
      'tfhd',
      0,
      0x020000 | 0x08 | 0x20,
      new ByteWriter().u32(1).u32(1000).u32(NON_SYNC_SAMPLE_FLAGS).finish(),
    );
    const tfdt = fullBox('tfdt', 0, 0, new ByteWriter().u32(5000).finish());
    const trun = (dataOffset: number): Uint8Array =>
      fullBox(
        'trun',
        0,
        0x001 | 0x004 | 0x200,
        new ByteWriter().u32(2).i32(dataOffset).u32(SYNC_SAMPLE_FLAGS).u32(2).u32(3).finish(),
      );
    const mfhd = fullBox('mfhd', 0, 0, new ByteWriter().u32(3).finish());
    const moofSize = box('moof', mfhd, box('traf', tfhd, tfdt, trun(0))).byteLength;
    const moof = box('moof', mfhd, box('traf', tfhd, tfdt, trun(moofSize + 8)));
    const bytes = concatBytes([moof, box('mdat', bytesOf(10, 11, 20, 21, 22))]);
    const track = parseFragment(bytes).tracks[0];
    expect(track?.tfdtVersion).toBe(0);
    expect(track?.samples).toEqual([
      { duration: 1000, size: 2, flags: SYNC_SAMPLE_FLAGS, compositionTimeOffset: 0 },
      { duration: 1000, size: 3, flags: NON_SYNC_SAMPLE_FLAGS, compositionTimeOffset: 0 },
    ]);
    expect(track?.sampleOffsets.map((o) => bytes[o])).toEqual([10, 20]);
  });

  it('rejects sample data outside the fragment', () => {
    const bytes = buildFragment(1, sampleTracks(0, 0));
    expect(() => parseFragment(bytes.subarray(0, bytes.byteLength - 2))).toThrow(/outside|size/);
  });

  it('splits concatenated fragments', () => {
    const a = buildFragment(1, sampleTracks(0, 0));
    const b = buildFragment(2, sampleTracks(6000, 2048));
    const parts = splitFragments(concatBytes([a, b]));
    expect(parts).toEqual([
      { start: 0, end: a.byteLength },
      { start: a.byteLength, end: a.byteLength + b.byteLength },
    ]);
  });
});

describe('rewriteFragment', () => {
  it('re-stamps a version 1 tfdt and the mfhd sequence number in a copy', () => {
    const original = buildFragment(1, sampleTracks(6000, 2048), { tfdtVersion: 1 });
    const before = original.slice();
    const shift = (trackId: number, tfdt: number): number => tfdt + (trackId === 1 ? 720_000 : 384_000) * 224_418_468;
    const copy = rewriteFragment(original, { sequenceNumber: 4_000_000_000, baseMediaDecodeTime: shift });
    expect(original).toEqual(before);
    const layout = parseFragment(copy);
    expect(layout.sequenceNumber).toBe(4_000_000_000);
    expect(layout.tracks.map((t) => t.baseMediaDecodeTime)).toEqual([
      6000 + 720_000 * 224_418_468,
      2048 + 384_000 * 224_418_468,
    ]);
    // Nothing but the patched fields moved: samples still point at the same bytes.
    expect(copy.byteLength).toBe(original.byteLength);
    expect(layout.tracks[1]?.sampleOffsets.map((o) => copy[o])).toEqual([9, 8]);
  });

  it('re-stamps a version 0 tfdt while it fits 32 bits', () => {
    const original = buildFragment(5, sampleTracks(6000, 2048), { tfdtVersion: 0 });
    const copy = rewriteFragment(original, { sequenceNumber: 6, baseMediaDecodeTime: (_id, t) => t + 720_000 });
    const layout = parseFragment(copy);
    expect(layout.tracks.every((t) => t.tfdtVersion === 0)).toBe(true);
    expect(layout.sequenceNumber).toBe(6);
    expect(layout.tracks.map((t) => t.baseMediaDecodeTime)).toEqual([726_000, 722_048]);
    expect(() => rewriteFragment(original, { sequenceNumber: 6, baseMediaDecodeTime: () => 2 ** 32 })).toThrow(
      /version 0/,
    );
  });

  it('refuses sequence numbers that do not fit the mfhd', () => {
    const original = buildFragment(1, sampleTracks(0, 0));
    expect(() => rewriteFragment(original, { sequenceNumber: 2 ** 32, baseMediaDecodeTime: (_id, t) => t })).toThrow(
      RangeError,
    );
  });
});
