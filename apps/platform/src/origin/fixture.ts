/**
 * The committed ABR ladder, loaded once at start-up.
 *
 * Layout: `<dir>/<rendition>/init.mp4` (ftyp + moov) and
 * `<dir>/<rendition>/fragments.mp4` (the loop's moof + mdat fragments, end to
 * end). Everything the playlists advertise is derived from the media itself
 * so the two cannot drift apart after a re-encode.
 */

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isSyncSample, parseFragment, splitFragments } from './fragment.ts';
import type { FragmentLayout } from './fragment.ts';
import { editListIsIdentity, parseInitSegment } from './init-segment.ts';
import type { InitTrack } from './init-segment.ts';
import type { SegmentGrid } from './timeline.ts';

/** Segment length the platform publishes; the fixture's GOPs must fit it. */
export const SEGMENT_DURATION_MS = 1000;

export interface FixtureTrack {
  trackId: number;
  kind: 'video' | 'audio';
  timescale: number;
  /** Length of one loop in this track's timescale. */
  loopDuration: number;
}

export interface FixtureFragment {
  bytes: Uint8Array;
  layout: FragmentLayout;
}

export interface Rendition {
  name: string;
  width: number;
  height: number;
  frameRate: number;
  /** `avc1.PPCCLL,mp4a.40.2` */
  codecs: string;
  /** Peak bits per second over the loop's segments (media bytes only). */
  bandwidth: number;
  averageBandwidth: number;
  init: Uint8Array;
  fragments: FixtureFragment[];
  /** Per fragment of the loop: it starts with a keyframe, so its part is INDEPENDENT. */
  independent: boolean[];
  tracks: FixtureTrack[];
}

export interface Fixture extends SegmentGrid {
  dir: string;
  /** Ascending by bandwidth. */
  renditions: Rendition[];
  fragmentDurationMs: number;
  loopDurationMs: number;
}

export class FixtureError extends Error {
  override name = 'FixtureError';
}

interface LoadedRendition {
  name: string;
  init: Uint8Array;
  video: InitTrack;
  audio: InitTrack;
  fragments: FixtureFragment[];
}

function readRendition(dir: string, name: string): LoadedRendition {
  const read = (file: string): Uint8Array => {
    const path = join(dir, name, file);
    if (!existsSync(path)) throw new FixtureError(`fixture file missing: ${path}`);
    return new Uint8Array(readFileSync(path));
  };
  const init = read('init.mp4');
  const file = read('fragments.mp4');
  try {
    const { tracks } = parseInitSegment(init);
    const video = tracks.filter((t) => t.handler === 'vide');
    const audio = tracks.filter((t) => t.handler === 'soun');
    if (tracks.length !== 2 || video.length !== 1 || audio.length !== 1) {
      throw new FixtureError('expected exactly one video and one audio track');
    }
    for (const t of tracks) {
      if (!editListIsIdentity(t)) throw new FixtureError(`track ${t.trackId} has a shifting edit list`);
    }
    const fragments = splitFragments(file).map(({ start, end }) => {
      const bytes = file.subarray(start, end);
      return { bytes, layout: parseFragment(bytes) };
    });
    return { name, init, video: video[0]!, audio: audio[0]!, fragments };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new FixtureError(`fixture rendition ${name}: ${reason}`, { cause: error });
  }
}

/** The per-fragment timing signature every rendition must share. */
function timing(r: LoadedRendition): string[] {
  return r.fragments.map((f) =>
    [r.video, r.audio]
      .map((t) => {
        const tf = f.layout.tracks.find((x) => x.trackId === t.trackId);
        return tf ? `${tf.baseMediaDecodeTime}+${tf.samples.map((s) => s.duration).join(',')}` : 'none';
      })
      .join(' | '),
  );
}

function checkTrack(r: LoadedRendition, track: InitTrack): number {
  let expected = 0;
  for (const [i, f] of r.fragments.entries()) {
    const tf = f.layout.tracks.find((x) => x.trackId === track.trackId);
    if (!tf) throw new FixtureError(`${r.name}: fragment ${i} lacks track ${track.trackId}`);
    // The loop must start at 0 and be gapless, or re-stamping it per loop
    // would not yield a continuous decode timeline.
    if (tf.baseMediaDecodeTime !== expected) {
      throw new FixtureError(
        `${r.name}: track ${track.trackId} fragment ${i} starts at ${tf.baseMediaDecodeTime}, expected ${expected}`,
      );
    }
    expected += tf.duration;
  }
  return expected;
}

function deriveGrid(r: LoadedRendition): Omit<Fixture, 'dir' | 'renditions'> {
  const { timescale } = r.video;
  const fragmentTicks = r.fragments[0]?.layout.tracks.find((t) => t.trackId === r.video.trackId)?.duration ?? 0;
  const segmentTicks = (SEGMENT_DURATION_MS * timescale) / 1000;
  const fragmentsPerSegment = segmentTicks / fragmentTicks;
  if (!Number.isInteger(fragmentsPerSegment) || fragmentsPerSegment < 1) {
    throw new FixtureError(
      `${r.name}: fragments of ${fragmentTicks}/${timescale} s do not tile ${SEGMENT_DURATION_MS} ms segments`,
    );
  }
  const segmentsPerLoop = r.fragments.length / fragmentsPerSegment;
  if (!Number.isInteger(segmentsPerLoop)) {
    throw new FixtureError(`${r.name}: ${r.fragments.length} fragments are not whole segments`);
  }
  for (const [i, f] of r.fragments.entries()) {
    const v = f.layout.tracks.find((t) => t.trackId === r.video.trackId);
    if (v?.duration !== fragmentTicks) throw new FixtureError(`${r.name}: fragment ${i} has an uneven video duration`);
    const first = v.samples[0];
    if (i % fragmentsPerSegment === 0 && !(first && isSyncSample(first.flags))) {
      throw new FixtureError(`${r.name}: segment ${i / fragmentsPerSegment} does not start with a keyframe`);
    }
  }
  return {
    segmentDurationMs: SEGMENT_DURATION_MS,
    fragmentsPerSegment,
    segmentsPerLoop,
    fragmentDurationMs: SEGMENT_DURATION_MS / fragmentsPerSegment,
    loopDurationMs: SEGMENT_DURATION_MS * segmentsPerLoop,
  };
}

function describe(r: LoadedRendition, grid: Omit<Fixture, 'dir' | 'renditions'>): Rendition {
  const tracks: FixtureTrack[] = [
    { trackId: r.video.trackId, kind: 'video', timescale: r.video.timescale, loopDuration: checkTrack(r, r.video) },
    { trackId: r.audio.trackId, kind: 'audio', timescale: r.audio.timescale, loopDuration: checkTrack(r, r.audio) },
  ];
  for (const t of tracks) {
    // Exact comparison in integers: loopDuration / timescale === loop seconds.
    if (t.loopDuration * 1000 !== grid.loopDurationMs * t.timescale) {
      throw new FixtureError(
        `${r.name}: ${t.kind} loop is ${t.loopDuration}/${t.timescale} s, expected ${grid.loopDurationMs} ms`,
      );
    }
  }
  const segmentBits: number[] = [];
  for (let s = 0; s < grid.segmentsPerLoop; s++) {
    const frags = r.fragments.slice(s * grid.fragmentsPerSegment, (s + 1) * grid.fragmentsPerSegment);
    segmentBits.push(frags.reduce((sum, f) => sum + f.bytes.byteLength, 0) * 8);
  }
  const seconds = grid.segmentDurationMs / 1000;
  const firstVideo = r.fragments[0]?.layout.tracks.find((t) => t.trackId === r.video.trackId)?.samples[0];
  return {
    name: r.name,
    width: r.video.width,
    height: r.video.height,
    frameRate: firstVideo ? r.video.timescale / firstVideo.duration : 0,
    codecs: `${r.video.codec},${r.audio.codec}`,
    bandwidth: Math.ceil(Math.max(...segmentBits) / seconds),
    averageBandwidth: Math.ceil(segmentBits.reduce((a, b) => a + b, 0) / (seconds * segmentBits.length)),
    init: r.init,
    fragments: r.fragments,
    independent: r.fragments.map((f) => {
      const first = f.layout.tracks.find((t) => t.trackId === r.video.trackId)?.samples[0];
      return first !== undefined && isSyncSample(first.flags);
    }),
    tracks,
  };
}

/** Loads and validates the ladder in `dir`. Synchronous: meant for start-up. */
export function loadFixture(dir: string): Fixture {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new FixtureError(`fixture directory not found: ${dir} (run scripts/make-fixture.sh)`);
  }
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  if (names.length === 0) throw new FixtureError(`no renditions in ${dir} (run scripts/make-fixture.sh)`);
  for (const name of names) {
    if (!/^[a-z0-9_-]+$/i.test(name)) throw new FixtureError(`rendition name not URL-safe: ${name}`);
  }
  const loaded = names.map((name) => readRendition(dir, name));
  const reference = loaded[0]!;
  const grid = deriveGrid(reference);
  const referenceTiming = timing(reference);
  for (const r of loaded) {
    if (r.fragments.length !== reference.fragments.length) {
      throw new FixtureError(
        `renditions disagree on fragment count: ${reference.name} has ${reference.fragments.length}, ${r.name} has ${r.fragments.length}`,
      );
    }
    const t = timing(r);
    const mismatch = t.findIndex((sig, i) => sig !== referenceTiming[i]);
    if (mismatch >= 0) {
      throw new FixtureError(
        `renditions disagree on fragment ${mismatch} timing: ${reference.name} ${referenceTiming[mismatch]} vs ${r.name} ${t[mismatch]}`,
      );
    }
    deriveGrid(r);
  }
  const renditions = loaded.map((r) => describe(r, grid)).sort((a, b) => a.bandwidth - b.bandwidth);
  return { dir, renditions, ...grid };
}

/** Whether the part at `globalFragmentIndex` (any loop) starts with a keyframe. */
export function fragmentIsIndependent(rendition: Rendition, globalFragmentIndex: number): boolean {
  return rendition.independent[globalFragmentIndex % rendition.independent.length] ?? false;
}
