import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boxes, codecsOfInit, fragmentStartTime, trackTimescales } from '../fmp4.ts';
import { createTsRemuxer } from './ts-remuxer.ts';

/** Two consecutive 1 s MPEG-TS segments from ffmpeg's HLS muxer (H.264 baseline 96×64, AAC mono). */
const segment = (n: number) =>
  new Uint8Array(readFileSync(new URL(`../../testing/fixtures/seg${n}.mpegts`, import.meta.url)));

describe('createTsRemuxer', () => {
  it('turns an MPEG-TS segment into an init segment with both tracks and one moof+mdat each', () => {
    const remuxed = createTsRemuxer().remux(segment(0))!;
    expect(boxes(remuxed.init).map((b) => b.type)).toEqual(['ftyp', 'moov']);
    expect(trackTimescales(remuxed.init).size).toBe(2);
    expect(boxes(remuxed.media).map((b) => b.type)).toEqual(['moof', 'mdat', 'moof', 'mdat']);
    // H.264 Constrained Baseline level 1.0 (ffmpeg's choice for 96×64 at 15 fps), AAC.
    expect(codecsOfInit(remuxed.init)).toBe('avc1.42c00a,mp4a.40.2');
  });

  it('keeps the segments’ own timestamps: the second starts where the first ends', () => {
    const remuxer = createTsRemuxer();
    const first = remuxer.remux(segment(0))!;
    const second = remuxer.remux(segment(1))!;
    const timescales = trackTimescales(first.init);
    const start0 = fragmentStartTime(first.media, timescales)!;
    const start1 = fragmentStartTime(second.media, timescales)!;
    // ffmpeg starts its timestamps at 1.4 s (its default muxing delay): not rebased to 0.
    expect(start0).toBeGreaterThan(1);
    expect(start1 - start0).toBeCloseTo(1, 1);
  });

  it('answers null for bytes with no media, and starts over after reset', () => {
    const remuxer = createTsRemuxer();
    expect(remuxer.remux(new Uint8Array(188).fill(0xff))).toBeNull();
    remuxer.reset();
    expect(remuxer.remux(segment(1))).not.toBeNull();
  });
});
