import { describe, expect, it } from 'vitest';
import { loadFixture } from './fixture.ts';
import { buildFragment } from './fragment.ts';
import type { SampleInput } from './fragment.ts';
import { defaultFixtureDir } from './index.ts';
import { concatBytes } from './mp4-boxes.ts';
import { packageRendition } from './package-fixture.ts';

const fixture = loadFixture(defaultFixtureDir);
const rendition = fixture.renditions[0]!;

/** Every sample of one fixture track, with its bytes. */
function samplesOf(trackIndex: number): SampleInput[] {
  return rendition.fragments.flatMap((f) => {
    const t = f.layout.tracks[trackIndex]!;
    return t.samples.map((s, i) => ({
      duration: s.duration,
      flags: s.flags,
      compositionTimeOffset: s.compositionTimeOffset,
      data: f.bytes.subarray(t.sampleOffsets[i]!, t.sampleOffsets[i]! + s.size),
    }));
  });
}

/**
 * An input shaped like ffmpeg's: one fragment per GOP, an odd first video
 * duration, and a trailing 376th AAC frame.
 */
function ffmpegLike(options: { ctsOffset?: number; dropKeyframeAt?: number } = {}): Uint8Array {
  const video = samplesOf(0).map((s, i) => ({
    ...s,
    duration: i === 0 ? 4920 : 3000,
    compositionTimeOffset: i === 5 ? (options.ctsOffset ?? 0) : 0,
    flags: i === options.dropKeyframeAt ? 0x01010000 : s.flags,
  }));
  const audio = samplesOf(1);
  audio.push({ ...audio.at(-1)! });
  const [videoId, audioId] = rendition.tracks.map((t) => t.trackId);
  const fragments: Uint8Array[] = [];
  let audioAt = 0;
  for (let gop = 0; gop < 8; gop++) {
    const audioEnd = gop === 7 ? audio.length : audioAt + 47;
    fragments.push(
      buildFragment(gop + 1, [
        { trackId: videoId!, baseMediaDecodeTime: gop * 90_000, samples: video.slice(gop * 30, gop * 30 + 30) },
        { trackId: audioId!, baseMediaDecodeTime: audioAt * 1024, samples: audio.slice(audioAt, audioEnd) },
      ]),
    );
    audioAt = audioEnd;
  }
  return concatBytes([rendition.init, ...fragments]);
}

describe('packageRendition', () => {
  it('re-cuts ffmpeg-shaped input onto the canonical grid, reproducing the committed fixture', () => {
    const { init, fragments } = packageRendition(ffmpegLike());
    expect(Buffer.from(init).equals(rendition.init)).toBe(true);
    const committed = concatBytes(rendition.fragments.map((f) => f.bytes));
    expect(Buffer.from(fragments).equals(committed)).toBe(true);
  });

  it('refuses B-frame timing and misplaced keyframes', () => {
    expect(() => packageRendition(ffmpegLike({ ctsOffset: 3000 }))).toThrow(/-bf 0/);
    expect(() => packageRendition(ffmpegLike({ dropKeyframeAt: 60 }))).toThrow(/frame 60 should be a keyframe/);
  });
});
