/**
 * The audio-only rendition: the ladder's audio track on its own, Twitch-style (a variant in
 * the VIDEO group `audio_only`, CODECS naming only the audio codec). A player in audio-only
 * mode (a hidden embed, a viewer who only listens) loads a few kB/s instead of a picture.
 *
 * Made at start-up from a rendition of the committed ladder by dropping its video track: the
 * init segment loses the video `trak` and `trex`, each fragment its video `traf` and samples.
 * The audio samples, their timing and the fragment grid stay exactly as the ladder has them,
 * so the loop, the parts and the timed metadata line up with every other rendition.
 */

import type { FixtureFragment, Rendition } from './fixture.ts';
import { buildFragment, parseFragment } from './fragment.ts';
import { box, children, concatBytes, dataView, fullBoxHeader, readBoxes } from './mp4-boxes.ts';
import type { Box } from './mp4-boxes.ts';

/** The rendition's name in URLs, and the VIDEO group of its variant, as Twitch spells it. */
export const AUDIO_ONLY_RENDITION = 'audio_only';

/** `tkhd`'s track_ID sits after the creation and modification times (32 or 64 bits each). */
function tkhdTrackId(bytes: Uint8Array, tkhd: Box): number {
  const { version } = fullBoxHeader(bytes, tkhd);
  return dataView(bytes).getUint32(tkhd.payloadStart + 4 + (version === 1 ? 16 : 8));
}

function trakId(bytes: Uint8Array, trak: Box): number | null {
  const tkhd = children(bytes, trak).find((b) => b.type === 'tkhd');
  return tkhd ? tkhdTrackId(bytes, tkhd) : null;
}

/** The init segment without track `dropId`: its `trak` and its `mvex/trex` go. */
export function initWithoutTrack(init: Uint8Array, dropId: number): Uint8Array {
  const copy = (b: Box) => init.slice(b.start, b.end);
  const parts = readBoxes(init).map((top) => {
    if (top.type !== 'moov') return copy(top);
    const kept = children(init, top).flatMap((child) => {
      if (child.type === 'trak') return trakId(init, child) === dropId ? [] : [copy(child)];
      if (child.type !== 'mvex') return [copy(child)];
      const mvex = children(init, child).filter(
        (b) => !(b.type === 'trex' && dataView(init).getUint32(b.payloadStart + 4) === dropId),
      );
      return [box('mvex', ...mvex.map(copy))];
    });
    return box('moov', ...kept);
  });
  return concatBytes(parts);
}

/** One fragment with only track `keepId`: its samples, timing and sequence number unchanged. */
export function fragmentWithOnlyTrack(fragment: FixtureFragment, keepId: number): FixtureFragment {
  const { bytes, layout } = fragment;
  const track = layout.tracks.find((t) => t.trackId === keepId);
  if (!track) throw new RangeError(`fragment ${layout.sequenceNumber} has no track ${keepId}`);
  const samples = track.samples.map((s, i) => {
    const at = track.sampleOffsets[i] ?? 0;
    return {
      duration: s.duration,
      flags: s.flags,
      compositionTimeOffset: s.compositionTimeOffset,
      data: bytes.subarray(at, at + s.size),
    };
  });
  const out = buildFragment(
    layout.sequenceNumber,
    [{ trackId: keepId, baseMediaDecodeTime: track.baseMediaDecodeTime, samples }],
    { tfdtVersion: track.tfdtVersion },
  );
  return { bytes: out, layout: parseFragment(out) };
}

/** The audio-only rendition made from `source` (any rendition of the ladder: they share their audio). */
export function audioOnlyRendition(source: Rendition): Rendition {
  const video = source.tracks.find((t) => t.kind === 'video');
  const audio = source.tracks.find((t) => t.kind === 'audio');
  if (!video || !audio) throw new RangeError(`${source.name} needs a video and an audio track`);
  const fragments = source.fragments.map((f) => fragmentWithOnlyTrack(f, audio.trackId));
  const audioCodec = source.codecs.split(',').find((c) => c.startsWith('mp4a')) ?? 'mp4a.40.2';
  const bits = fragments.reduce((sum, f) => sum + f.bytes.byteLength * 8, 0);
  const average = Math.ceil(bits / (audio.loopDuration / audio.timescale));
  return {
    name: AUDIO_ONLY_RENDITION,
    width: 0,
    height: 0,
    frameRate: 0,
    codecs: audioCodec,
    // AAC at a constant rate: the peak is the average, with a margin for the container.
    bandwidth: Math.ceil(average * 1.1),
    averageBandwidth: average,
    init: initWithoutTrack(source.init, video.trackId),
    fragments,
    // Every AAC frame decodes on its own, so every part is independent.
    independent: fragments.map(() => true),
    tracks: [audio],
  };
}
