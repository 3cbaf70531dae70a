import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boxes, codecsOfInit, fragmentStartTime, trackTimescales } from '../fmp4.ts';
import { createOwnTsRemuxer, unwrapped } from './own-ts-remuxer.ts';
import { createTsRemuxer } from './ts-remuxer.ts';

/** Two consecutive 1 s MPEG-TS segments from ffmpeg's HLS muxer (H.264 baseline 96×64, AAC mono). */
const segment = (n: number) =>
  new Uint8Array(readFileSync(new URL(`../../testing/fixtures/seg${n}.mpegts`, import.meta.url)));
/** 1 s of H.264 High with B-frames (reordered: PTS ≠ DTS) and 44.1 kHz AAC, from ffmpeg's MPEG-TS muxer. */
const withBFrames = () =>
  new Uint8Array(readFileSync(new URL('../../testing/fixtures/seg-bframes.mpegts', import.meta.url)));

interface TrunSample {
  duration: number;
  size: number;
  flags: number | null;
  offset: number | null;
}

/** Each fragment's track, decode time and samples as its trun lists them. */
function fragments(media: Uint8Array): { track: number; time: number; samples: TrunSample[] }[] {
  const view = new DataView(media.buffer, media.byteOffset, media.byteLength);
  return boxes(media)
    .filter((box) => box.type === 'moof')
    .map((moof) => {
      const traf = boxes(media, moof.start, moof.end).find((box) => box.type === 'traf')!;
      const children = boxes(media, traf.start, traf.end);
      const tfhd = children.find((box) => box.type === 'tfhd')!;
      const tfdt = children.find((box) => box.type === 'tfdt')!;
      const trun = children.find((box) => box.type === 'trun')!;
      const time =
        media[tfdt.start] === 1
          ? view.getUint32(tfdt.start + 4) * 2 ** 32 + view.getUint32(tfdt.start + 8)
          : view.getUint32(tfdt.start + 4);
      const flags = view.getUint32(trun.start) & 0xffffff;
      const count = view.getUint32(trun.start + 4);
      let at = trun.start + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
      const next = (present: number) => {
        if (!(flags & present)) return null;
        at += 4;
        return view.getInt32(at - 4);
      };
      const samples = Array.from({ length: count }, () => ({
        duration: next(0x100)!,
        size: next(0x200)!,
        flags: next(0x400),
        offset: next(0x800),
      }));
      return { track: view.getUint32(tfhd.start + 4), time, samples };
    });
}

describe('createOwnTsRemuxer', () => {
  it('turns an MPEG-TS segment into an init segment with both tracks and one moof+mdat each', () => {
    const remuxed = createOwnTsRemuxer().remux(segment(0))!;
    expect(boxes(remuxed.init).map((b) => b.type)).toEqual(['ftyp', 'moov']);
    expect(trackTimescales(remuxed.init).size).toBe(2);
    expect(boxes(remuxed.media).map((b) => b.type)).toEqual(['moof', 'mdat', 'moof', 'mdat']);
    expect(codecsOfInit(remuxed.init)).toBe('avc1.42c00a,mp4a.40.2');
  });

  it('starts each fragment where mux.js does, and carries the same media bytes', () => {
    const own = createOwnTsRemuxer();
    const theirs = createTsRemuxer();
    for (const n of [0, 1]) {
      const a = own.remux(segment(n))!;
      const b = theirs.remux(segment(n))!;
      const starts = (media: Uint8Array, init: Uint8Array) => fragmentStartTime(media, trackTimescales(init));
      expect(starts(a.media, a.init)).toBeCloseTo(starts(b.media, b.init)!, 3);
      const mdat = (media: Uint8Array) =>
        boxes(media)
          .filter((box) => box.type === 'mdat')
          .map((box) => box.end - box.start);
      const [ownAudio, ownVideo] = mdat(a.media);
      const [theirAudio, theirVideo] = mdat(b.media);
      expect(ownAudio).toBe(theirAudio);
      // mux.js keeps the access unit delimiters and parameter sets in the samples; ours leave
      // them to the avcC.
      expect(ownVideo).toBeLessThan(theirVideo!);
      expect(ownVideo).toBeGreaterThan(theirVideo! * 0.98);
    }
  });

  it('writes reordered pictures as mux.js does: decode times, durations, composition offsets, key frames', () => {
    const own = fragments(createOwnTsRemuxer().remux(withBFrames())!.media);
    const theirs = fragments(createTsRemuxer().remux(withBFrames())!.media);
    // Audio first, then video, in both; the track ids differ (mux.js names them by PID).
    expect(own.map((f) => f.time)).toEqual(theirs.map((f) => f.time));
    const [ownAudio, ownVideo] = own;
    const [theirAudio, theirVideo] = theirs;
    expect(ownAudio!.samples).toEqual(theirAudio!.samples);
    const timing = (samples: TrunSample[]) =>
      samples.map(({ duration, flags, offset }) => ({ duration, flags, offset }));
    expect(timing(ownVideo!.samples)).toEqual(timing(theirVideo!.samples));
    // The stream does reorder: some composition offsets differ from the first.
    expect(new Set(ownVideo!.samples.map((s) => s.offset)).size).toBeGreaterThan(1);
  });

  it('answers null for bytes with no media, and starts over after reset', () => {
    const remuxer = createOwnTsRemuxer();
    expect(remuxer.remux(new Uint8Array(188).fill(0xff))).toBeNull();
    remuxer.reset();
    expect(remuxer.remux(segment(1))).not.toBeNull();
  });

  it('carries timestamps on across the 33-bit clock’s wrap, both ways', () => {
    const wrap = 2 ** 33;
    expect(unwrapped(100, wrap - 3000)).toBe(wrap + 100);
    expect(unwrapped(wrap - 3000, wrap + 100)).toBe(wrap - 3000);
    expect(unwrapped(5000, 2000)).toBe(5000);
  });
});
