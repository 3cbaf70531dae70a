/**
 * fMP4 movie fragments (one `moof` followed by its `mdat`): parse, build, and
 * re-stamp.
 *
 * Offsets in the parsed layout are relative to the first byte of the fragment
 * (the `moof`), so a layout computed once at start-up can be reused to patch
 * copies of the same bytes cheaply.
 */

import {
  ByteWriter,
  FieldReader,
  Mp4FormatError,
  box,
  children,
  concatBytes,
  dataView,
  fullBox,
  fullBoxHeader,
  readBoxes,
  requireChild,
} from './mp4-boxes.ts';

/** `sample_depends_on = 2` (an I-frame), sync. */
export const SYNC_SAMPLE_FLAGS = 0x02000000;
/** `sample_depends_on = 1`, `sample_is_non_sync_sample = 1`. */
export const NON_SYNC_SAMPLE_FLAGS = 0x01010000;

export function isSyncSample(flags: number): boolean {
  return (flags & 0x00010000) === 0;
}

export interface SampleInfo {
  duration: number;
  size: number;
  flags: number;
  compositionTimeOffset: number;
}

export interface TrackFragment {
  trackId: number;
  baseMediaDecodeTime: number;
  tfdtVersion: 0 | 1;
  /** Where the tfdt's baseMediaDecodeTime field starts, from the fragment start. */
  tfdtValueOffset: number;
  samples: SampleInfo[];
  /** Where each sample's bytes start, from the fragment start. */
  sampleOffsets: number[];
  /** Sum of the sample durations, in the track's timescale. */
  duration: number;
}

export interface FragmentLayout {
  sequenceNumber: number;
  /** Where the mfhd's sequence_number field starts, from the fragment start. */
  sequenceNumberOffset: number;
  tracks: TrackFragment[];
  byteLength: number;
}

/** Per-track fallbacks from the init segment's `trex` boxes. */
export interface TrackDefaults {
  sampleDuration: number;
  sampleSize: number;
  sampleFlags: number;
}

export interface ParseFragmentOptions {
  defaults?: ReadonlyMap<number, TrackDefaults>;
  /**
   * Absolute position of `bytes` in its file. Only needed when a tfhd carries
   * an explicit base-data-offset, which is file-relative.
   */
  fileOffset?: number;
}

const TFHD_BASE_DATA_OFFSET = 0x000001;
const TFHD_SAMPLE_DESCRIPTION_INDEX = 0x000002;
const TFHD_DEFAULT_DURATION = 0x000008;
const TFHD_DEFAULT_SIZE = 0x000010;
const TFHD_DEFAULT_FLAGS = 0x000020;
const TFHD_DEFAULT_BASE_IS_MOOF = 0x020000;

const TRUN_DATA_OFFSET = 0x000001;
const TRUN_FIRST_SAMPLE_FLAGS = 0x000004;
const TRUN_DURATION = 0x000100;
const TRUN_SIZE = 0x000200;
const TRUN_FLAGS = 0x000400;
const TRUN_CTS = 0x000800;

/**
 * Splits a file into fragments: each `moof` with the `mdat`(s) right after it.
 * Other top-level boxes (ftyp, moov, styp, sidx, mfra, ...) are skipped.
 */
export function splitFragments(bytes: Uint8Array): { start: number; end: number }[] {
  const boxes = readBoxes(bytes);
  const fragments: { start: number; end: number }[] = [];
  for (let i = 0; i < boxes.length; i++) {
    const moof = boxes[i];
    if (moof?.type !== 'moof') continue;
    let end = -1;
    while (boxes[i + 1]?.type === 'mdat') end = boxes[++i]!.end;
    if (end < 0) throw new Mp4FormatError(`moof at byte ${moof.start} has no mdat after it`);
    fragments.push({ start: moof.start, end });
  }
  return fragments;
}

/** Parses one fragment; `bytes` must start at its `moof`. */
export function parseFragment(bytes: Uint8Array, options: ParseFragmentOptions = {}): FragmentLayout {
  const [moof, ...rest] = readBoxes(bytes);
  if (moof?.type !== 'moof') throw new Mp4FormatError('fragment does not start with moof');
  if (!rest.some((b) => b.type === 'mdat')) throw new Mp4FormatError('fragment has no mdat');
  const view = dataView(bytes);

  const mfhd = requireChild(bytes, moof, 'mfhd');
  const sequenceNumberOffset = mfhd.payloadStart + 4;
  const tracks: TrackFragment[] = [];
  // Without base-data-offset or default-base-is-moof, a traf's data follows
  // the previous traf's data (ISO/IEC 14496-12 8.8.7.1).
  let previousTrafDataEnd = moof.start;

  for (const traf of children(bytes, moof).filter((b) => b.type === 'traf')) {
    const tfhd = requireChild(bytes, traf, 'tfhd');
    const { flags: tfhdFlags } = fullBoxHeader(bytes, tfhd);
    const header = new FieldReader(view, tfhd.payloadStart + 4);
    const trackId = header.u32();
    const fallback = options.defaults?.get(trackId);
    let base = previousTrafDataEnd;
    if (tfhdFlags & TFHD_BASE_DATA_OFFSET) base = header.u64() - (options.fileOffset ?? 0);
    else if (tfhdFlags & TFHD_DEFAULT_BASE_IS_MOOF) base = moof.start;
    if (tfhdFlags & TFHD_SAMPLE_DESCRIPTION_INDEX) header.u32();
    const defaultDuration = tfhdFlags & TFHD_DEFAULT_DURATION ? header.u32() : fallback?.sampleDuration;
    const defaultSize = tfhdFlags & TFHD_DEFAULT_SIZE ? header.u32() : fallback?.sampleSize;
    const defaultFlags = tfhdFlags & TFHD_DEFAULT_FLAGS ? header.u32() : fallback?.sampleFlags;
    if (header.offset > tfhd.end) throw new Mp4FormatError(`track ${trackId}: tfhd too short`);

    const tfdt = requireChild(bytes, traf, 'tfdt');
    const { version: tfdtVersion } = fullBoxHeader(bytes, tfdt);
    if (tfdtVersion !== 0 && tfdtVersion !== 1) {
      throw new Mp4FormatError(`unsupported tfdt version ${tfdtVersion}`);
    }
    const tfdtValueOffset = tfdt.payloadStart + 4;
    const tfdtField = new FieldReader(view, tfdtValueOffset);
    const baseMediaDecodeTime = tfdtVersion === 1 ? tfdtField.u64() : tfdtField.u32();

    const samples: SampleInfo[] = [];
    const sampleOffsets: number[] = [];
    let cursor = base;
    for (const trun of children(bytes, traf).filter((b) => b.type === 'trun')) {
      const { version, flags } = fullBoxHeader(bytes, trun);
      const run = new FieldReader(view, trun.payloadStart + 4);
      const count = run.u32();
      if (flags & TRUN_DATA_OFFSET) cursor = base + run.i32();
      const firstFlags = flags & TRUN_FIRST_SAMPLE_FLAGS ? run.u32() : undefined;
      for (let i = 0; i < count; i++) {
        const duration = flags & TRUN_DURATION ? run.u32() : defaultDuration;
        const size = flags & TRUN_SIZE ? run.u32() : defaultSize;
        const listedFlags = flags & TRUN_FLAGS ? run.u32() : defaultFlags;
        const sampleFlags = i === 0 && firstFlags !== undefined ? firstFlags : listedFlags;
        let cts = 0;
        if (flags & TRUN_CTS) cts = version === 0 ? run.u32() : run.i32();
        if (duration === undefined || size === undefined || sampleFlags === undefined) {
          throw new Mp4FormatError(`track ${trackId}: sample ${i} lacks duration, size or flags`);
        }
        if (run.offset > trun.end) throw new Mp4FormatError(`track ${trackId}: trun overruns its box`);
        if (cursor < 0 || cursor + size > bytes.byteLength) {
          throw new Mp4FormatError(`track ${trackId}: sample ${i} data lies outside the fragment`);
        }
        samples.push({ duration, size, flags: sampleFlags, compositionTimeOffset: cts });
        sampleOffsets.push(cursor);
        cursor += size;
      }
    }
    previousTrafDataEnd = cursor;
    const duration = samples.reduce((sum, s) => sum + s.duration, 0);
    tracks.push({
      trackId,
      baseMediaDecodeTime,
      tfdtVersion,
      tfdtValueOffset,
      samples,
      sampleOffsets,
      duration,
    });
  }
  return {
    sequenceNumber: view.getUint32(sequenceNumberOffset),
    sequenceNumberOffset,
    tracks,
    byteLength: bytes.byteLength,
  };
}

export interface SampleInput {
  duration: number;
  flags: number;
  compositionTimeOffset: number;
  data: Uint8Array;
}

export interface TrackInput {
  trackId: number;
  baseMediaDecodeTime: number;
  samples: readonly SampleInput[];
}

function buildTraf(track: TrackInput, dataOffset: number, tfdtVersion: 0 | 1): Uint8Array {
  const tfhd = fullBox('tfhd', 0, TFHD_DEFAULT_BASE_IS_MOOF, new ByteWriter().u32(track.trackId).finish());
  const tfdtPayload = new ByteWriter();
  if (tfdtVersion === 1) tfdtPayload.u64(track.baseMediaDecodeTime);
  else tfdtPayload.u32(track.baseMediaDecodeTime);
  const tfdt = fullBox('tfdt', tfdtVersion, 0, tfdtPayload.finish());
  const signed = track.samples.some((s) => s.compositionTimeOffset < 0);
  const run = new ByteWriter().u32(track.samples.length).i32(dataOffset);
  for (const s of track.samples) {
    run.u32(s.duration).u32(s.data.byteLength).u32(s.flags);
    if (signed) run.i32(s.compositionTimeOffset);
    else run.u32(s.compositionTimeOffset);
  }
  const trunFlags = TRUN_DATA_OFFSET | TRUN_DURATION | TRUN_SIZE | TRUN_FLAGS | TRUN_CTS;
  const trun = fullBox('trun', signed ? 1 : 0, trunFlags, run.finish());
  return box('traf', tfhd, tfdt, trun);
}

/**
 * Builds `moof` + `mdat` with one traf per track, in the given order, every
 * sample field written explicitly so the fragment needs no trex defaults.
 */
export function buildFragment(
  sequenceNumber: number,
  tracks: readonly TrackInput[],
  options: { tfdtVersion?: 0 | 1 } = {},
): Uint8Array {
  const tfdtVersion = options.tfdtVersion ?? 1;
  const mfhd = fullBox('mfhd', 0, 0, new ByteWriter().u32(sequenceNumber).finish());
  const assemble = (offsets: readonly number[]): Uint8Array =>
    box('moof', mfhd, ...tracks.map((t, i) => buildTraf(t, offsets[i] ?? 0, tfdtVersion)));
  // The moof's size does not depend on the data offsets' values, so a first
  // pass with zeros tells where the mdat payload will start.
  const moofSize = assemble(tracks.map(() => 0)).byteLength;
  const offsets: number[] = [];
  let offset = moofSize + 8;
  for (const t of tracks) {
    offsets.push(offset);
    for (const s of t.samples) offset += s.data.byteLength;
  }
  const mdat = box('mdat', ...tracks.flatMap((t) => t.samples.map((s) => s.data)));
  return concatBytes([assemble(offsets), mdat]);
}

export interface FragmentRewrite {
  sequenceNumber: number;
  /** New baseMediaDecodeTime for a track, given the one in the source. */
  baseMediaDecodeTime: (trackId: number, original: number) => number;
}

/**
 * Copies `bytes` into `target` (at `targetOffset`) with a new mfhd sequence
 * number and new tfdt values. Sizes never change, so this is a memcpy plus a
 * few patched fields.
 */
export function rewriteFragmentInto(
  bytes: Uint8Array,
  layout: FragmentLayout,
  rewrite: FragmentRewrite,
  target: Uint8Array,
  targetOffset: number,
): void {
  const seq = rewrite.sequenceNumber;
  if (!Number.isInteger(seq) || seq < 0 || seq > 0xffffffff) {
    throw new RangeError(`mfhd sequence number ${seq} does not fit 32 bits`);
  }
  const values = layout.tracks.map((t) => {
    const value = rewrite.baseMediaDecodeTime(t.trackId, t.baseMediaDecodeTime);
    const max = t.tfdtVersion === 1 ? Number.MAX_SAFE_INTEGER : 0xffffffff;
    if (!Number.isSafeInteger(value) || value < 0 || value > max) {
      throw new RangeError(`track ${t.trackId}: tfdt ${value} does not fit a version ${t.tfdtVersion} tfdt`);
    }
    return value;
  });
  target.set(bytes, targetOffset);
  const view = dataView(target);
  view.setUint32(targetOffset + layout.sequenceNumberOffset, seq);
  layout.tracks.forEach((t, i) => {
    const at = targetOffset + t.tfdtValueOffset;
    const value = values[i] ?? 0;
    if (t.tfdtVersion === 1) view.setBigUint64(at, BigInt(value));
    else view.setUint32(at, value);
  });
}

/** Like {@link rewriteFragmentInto}, returning a fresh copy. */
export function rewriteFragment(
  bytes: Uint8Array,
  rewrite: FragmentRewrite,
  layout: FragmentLayout = parseFragment(bytes),
): Uint8Array {
  const out = new Uint8Array(bytes.byteLength);
  rewriteFragmentInto(bytes, layout, rewrite, out, 0);
  return out;
}
