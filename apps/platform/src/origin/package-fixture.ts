/**
 * One-off packager for the committed live fixture (run by
 * scripts/make-fixture.sh, never by the server).
 *
 *   npx tsx apps/platform/src/origin/package-fixture.ts <out-dir> <name>=<input.mp4> ...
 *
 * ffmpeg's own fragments are not usable as they are: its first video sample
 * gets an odd duration (audio priming shifts the interleaving) and the AAC
 * encoder emits one frame more than the loop holds. So every sample is read
 * back and re-fragmented on a fixed grid: fragment k holds video frames
 * 6k..6k+5 (200 ms) plus the audio frames that start inside the same 200 ms.
 */

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFixture } from './fixture.ts';
import {
  NON_SYNC_SAMPLE_FLAGS,
  SYNC_SAMPLE_FLAGS,
  buildFragment,
  isSyncSample,
  parseFragment,
  splitFragments,
} from './fragment.ts';
import type { SampleInput, TrackInput } from './fragment.ts';
import { editListIsIdentity, parseInitSegment } from './init-segment.ts';
import type { InitTrack } from './init-segment.ts';
import { concatBytes, readBoxes } from './mp4-boxes.ts';

const FPS = 30;
/** Frames in one 1 s segment, each of which starts with a keyframe. */
const SEGMENT_FRAMES = 30;
const FRAMES_PER_FRAGMENT = 6;
/** 8 s: the loop length near 10 s at which 1024-sample AAC frames at 48 kHz tile exactly. */
const LOOP_FRAMES = 240;
const AUDIO_FRAME_SAMPLES = 1024;
const AUDIO_RATE = 48000;
const LOOP_AUDIO_FRAMES = (LOOP_FRAMES / FPS) * (AUDIO_RATE / AUDIO_FRAME_SAMPLES);

interface Sample {
  flags: number;
  compositionTimeOffset: number;
  data: Uint8Array;
}

function exactInteger(value: number, what: string): number {
  if (!Number.isInteger(value)) throw new Error(`${what} is not a whole number of ticks (${value})`);
  return value;
}

/** All samples of every track, in decode order, with their bytes. */
function readSamples(file: Uint8Array, tracks: readonly InitTrack[]): Map<number, Sample[]> {
  const defaults = new Map(tracks.map((t) => [t.trackId, t.defaults]));
  const byTrack = new Map<number, Sample[]>(tracks.map((t) => [t.trackId, []]));
  for (const { start, end } of splitFragments(file)) {
    const bytes = file.subarray(start, end);
    const layout = parseFragment(bytes, { defaults, fileOffset: start });
    for (const t of layout.tracks) {
      const list = byTrack.get(t.trackId);
      if (!list) throw new Error(`fragment refers to unknown track ${t.trackId}`);
      t.samples.forEach((s, i) => {
        const at = t.sampleOffsets[i] ?? 0;
        list.push({
          flags: s.flags,
          compositionTimeOffset: s.compositionTimeOffset,
          data: bytes.subarray(at, at + s.size),
        });
      });
    }
  }
  return byTrack;
}

function pickTrack(tracks: readonly InitTrack[], handler: string): InitTrack {
  const matching = tracks.filter((t) => t.handler === handler);
  if (matching.length !== 1) throw new Error(`expected exactly one ${handler} track, found ${matching.length}`);
  return matching[0]!;
}

export function packageRendition(input: Uint8Array): { init: Uint8Array; fragments: Uint8Array } {
  const topLevel = readBoxes(input);
  const init = concatBytes(
    topLevel.filter((b) => b.type === 'ftyp' || b.type === 'moov').map((b) => input.subarray(b.start, b.end)),
  );
  const { tracks } = parseInitSegment(init);
  const video = pickTrack(tracks, 'vide');
  const audio = pickTrack(tracks, 'soun');
  for (const t of [video, audio]) {
    if (!editListIsIdentity(t)) throw new Error(`track ${t.trackId} has an edit list that shifts timestamps`);
  }
  if (audio.timescale !== AUDIO_RATE) throw new Error(`audio timescale ${audio.timescale}, expected ${AUDIO_RATE}`);
  const frameDuration = exactInteger(video.timescale / FPS, 'video frame duration');
  const audioTicksPerFragment = exactInteger(
    (FRAMES_PER_FRAGMENT * frameDuration * audio.timescale) / video.timescale,
    'fragment duration in the audio timescale',
  );

  const samples = readSamples(input, tracks);
  const videoSamples = samples.get(video.trackId) ?? [];
  const audioSamples = samples.get(audio.trackId) ?? [];
  if (videoSamples.length < LOOP_FRAMES) throw new Error(`only ${videoSamples.length} video frames`);
  // The encoder's priming makes one AAC frame more than the loop holds; the
  // trailing one is dropped so audio tiles the loop exactly.
  if (audioSamples.length < LOOP_AUDIO_FRAMES) throw new Error(`only ${audioSamples.length} audio frames`);

  const videoOut: SampleInput[] = videoSamples.slice(0, LOOP_FRAMES).map((s, i) => {
    // Every segment starts with a keyframe; a rendition may have more (its
    // parts are then independent too), so the encoder's own flags are kept.
    const keyframe = isSyncSample(s.flags);
    if (i % SEGMENT_FRAMES === 0 && !keyframe) throw new Error(`video frame ${i} should be a keyframe`);
    // Without B-frames (-bf 0) presentation order equals decode order, so
    // re-timing decode times cannot reorder anything.
    if (s.compositionTimeOffset !== 0) throw new Error(`video frame ${i} has a CTS offset; encode with -bf 0`);
    return {
      duration: frameDuration,
      flags: keyframe ? SYNC_SAMPLE_FLAGS : NON_SYNC_SAMPLE_FLAGS,
      compositionTimeOffset: 0,
      data: s.data,
    };
  });
  const audioOut: SampleInput[] = audioSamples.slice(0, LOOP_AUDIO_FRAMES).map((s) => ({
    duration: AUDIO_FRAME_SAMPLES,
    flags: SYNC_SAMPLE_FLAGS,
    compositionTimeOffset: 0,
    data: s.data,
  }));

  const fragments: Uint8Array[] = [];
  for (let k = 0; k < LOOP_FRAMES / FRAMES_PER_FRAGMENT; k++) {
    const from = k * audioTicksPerFragment;
    const to = from + audioTicksPerFragment;
    const firstAudio = Math.ceil(from / AUDIO_FRAME_SAMPLES);
    const endAudio = Math.min(Math.ceil(to / AUDIO_FRAME_SAMPLES), LOOP_AUDIO_FRAMES);
    const trafs: TrackInput[] = [
      {
        trackId: video.trackId,
        baseMediaDecodeTime: k * FRAMES_PER_FRAGMENT * frameDuration,
        samples: videoOut.slice(k * FRAMES_PER_FRAGMENT, (k + 1) * FRAMES_PER_FRAGMENT),
      },
      {
        trackId: audio.trackId,
        baseMediaDecodeTime: firstAudio * AUDIO_FRAME_SAMPLES,
        samples: audioOut.slice(firstAudio, endAudio),
      },
    ];
    fragments.push(buildFragment(k + 1, trafs, { tfdtVersion: 1 }));
  }
  return { init, fragments: concatBytes(fragments) };
}

function main(argv: readonly string[]): void {
  const [outDir, ...specs] = argv;
  if (!outDir || specs.length === 0) {
    console.error('usage: package-fixture.ts <out-dir> <name>=<input.mp4> ...');
    process.exit(2);
  }
  const out = resolve(outDir);
  rmSync(out, { recursive: true, force: true });
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    const name = spec.slice(0, eq);
    if (eq < 1 || !/^[a-z0-9_-]+$/i.test(name)) throw new Error(`bad rendition spec: ${spec}`);
    const { init, fragments } = packageRendition(new Uint8Array(readFileSync(spec.slice(eq + 1))));
    mkdirSync(join(out, name), { recursive: true });
    writeFileSync(join(out, name, 'init.mp4'), init);
    writeFileSync(join(out, name, 'fragments.mp4'), fragments);
    console.log(`${name}: init ${init.byteLength} B, fragments ${fragments.byteLength} B`);
  }
  // Reloading is the same validation the server does at start-up.
  const fixture = loadFixture(out);
  for (const r of fixture.renditions) {
    console.log(
      `${r.name}: ${r.width}x${r.height} ${r.codecs} BANDWIDTH=${r.bandwidth} AVERAGE-BANDWIDTH=${r.averageBandwidth}`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
