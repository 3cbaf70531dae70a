/**
 * The fMP4 boxes (ISO/IEC 14496-12) a remuxed MPEG-TS segment becomes: an init segment with a
 * video (avc1) and an audio (mp4a) track, each present or not, and a moof+mdat per track.
 * Track 1 is the video, track 2 the audio, as the fragments name them.
 */

export const VIDEO_TRACK = 1;
export const AUDIO_TRACK = 2;
/** The video track's timescale: MPEG-TS's 90 kHz clock, so its timestamps carry over as they are. */
export const VIDEO_TIMESCALE = 90_000;

export interface VideoTrackInfo {
  width: number;
  height: number;
  /** The AVCDecoderConfigurationRecord. */
  avcC: Uint8Array;
}

export interface AudioTrackInfo {
  sampleRate: number;
  channels: number;
  /** The AudioSpecificConfig. */
  config: Uint8Array;
}

export interface VideoSample {
  duration: number;
  /** PTS − DTS, 90 kHz. */
  compositionOffset: number;
  key: boolean;
  /** The sample's bytes, in pieces (h264.ts sampleOf), and their total. */
  parts: Uint8Array[];
  size: number;
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Big-endian 32-bit words (negative ones as two's complement). */
function u32(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((value, i) => view.setUint32(i * 4, value >>> 0));
  return out;
}

function u16(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  const view = new DataView(out.buffer);
  values.forEach((value, i) => view.setUint16(i * 2, value));
  return out;
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const body = concat(parts);
  return concat([u32(8 + body.length), ascii(type), body]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Uint8Array[]): Uint8Array {
  return box(type, u32((version << 24) | flags), ...parts);
}

const MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);
const zeros = (count: number) => new Uint8Array(count);

function track(id: number, timescale: number, size: { width: number; height: number } | null, entry: Uint8Array) {
  const video = size !== null;
  const tkhd = fullBox(
    'tkhd',
    0,
    3, // enabled, in the movie
    u32(0, 0, id, 0, 0, 0, 0),
    u16(0, 0, video ? 0 : 0x0100, 0),
    MATRIX,
    u32((size?.width ?? 0) * 0x10000, (size?.height ?? 0) * 0x10000),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, timescale, 0), u16(0x55c4, 0)); // language: und
  const hdlr = fullBox('hdlr', 0, 0, u32(0), ascii(video ? 'vide' : 'soun'), zeros(12), ascii('OnAir\0'));
  const header = video ? fullBox('vmhd', 0, 1, zeros(8)) : fullBox('smhd', 0, 0, zeros(4));
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const empty = (type: string) => fullBox(type, 0, 0, u32(0));
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), entry),
    empty('stts'),
    empty('stsc'),
    fullBox('stsz', 0, 0, u32(0, 0)),
    empty('stco'),
  );
  return box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', header, dinf, stbl)));
}

function avc1(info: VideoTrackInfo): Uint8Array {
  return box(
    'avc1',
    zeros(6),
    u16(1), // data_reference_index
    zeros(16),
    u16(info.width, info.height),
    u32(0x00480000, 0x00480000, 0), // 72 dpi
    u16(1), // frame_count
    zeros(32), // compressorname
    u16(0x0018, 0xffff),
    box('avcC', info.avcC),
  );
}

/** An MPEG-4 descriptor (ISO/IEC 14496-1 8.3.3): tag, one-byte size (all of ours are small). */
function descriptor(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const body = concat(parts);
  return concat([Uint8Array.of(tag, body.length), body]);
}

function mp4a(info: AudioTrackInfo): Uint8Array {
  const esds = fullBox(
    'esds',
    0,
    0,
    descriptor(
      0x03, // ES_Descriptor
      u16(0),
      Uint8Array.of(0),
      descriptor(0x04, Uint8Array.of(0x40, 0x15, 0, 0, 0), u32(0, 0), descriptor(0x05, info.config)),
      descriptor(0x06, Uint8Array.of(0x02)),
    ),
  );
  return box('mp4a', zeros(6), u16(1), u32(0, 0), u16(info.channels, 16, 0, 0), u32(info.sampleRate * 0x10000), esds);
}

/** The init segment of the tracks present, video first. */
export function initSegment(video: VideoTrackInfo | null, audio: AudioTrackInfo | null): Uint8Array {
  const traks: Uint8Array[] = [];
  const trex: Uint8Array[] = [];
  if (video) {
    traks.push(track(VIDEO_TRACK, VIDEO_TIMESCALE, video, avc1(video)));
    trex.push(fullBox('trex', 0, 0, u32(VIDEO_TRACK, 1, 0, 0, 0)));
  }
  if (audio) {
    traks.push(track(AUDIO_TRACK, audio.sampleRate, null, mp4a(audio)));
    trex.push(fullBox('trex', 0, 0, u32(AUDIO_TRACK, 1, 0, 0, 0)));
  }
  const mvhd = fullBox(
    'mvhd',
    0,
    0,
    u32(0, 0, 1000, 0, 0x00010000),
    u16(0x0100, 0),
    zeros(8),
    MATRIX,
    zeros(24),
    u32(0xffffffff),
  );
  return concat([
    box('ftyp', ascii('isom'), u32(0x200), ascii('isomiso6mp41')),
    box('moov', mvhd, ...traks, box('mvex', ...trex)),
  ]);
}

/** tfdt's 64-bit decode time. */
function decodeTime(time: number): Uint8Array {
  return fullBox('tfdt', 1, 0, u32(Math.floor(time / 2 ** 32), time % 2 ** 32));
}

/**
 * A moof+mdat as pieces (the moof, the mdat's header, then the samples' bytes as they are), so
 * that the segment's media is copied once, when all its fragments are put together.
 */
function fragment(
  sequence: number,
  id: number,
  baseTime: number,
  trun: (dataOffset: number) => Uint8Array,
  data: readonly Uint8Array[],
): Uint8Array[] {
  const build = (offset: number) =>
    box(
      'moof',
      fullBox('mfhd', 0, 0, u32(sequence)),
      box('traf', fullBox('tfhd', 0, 0x020000, u32(id)), decodeTime(baseTime), trun(offset)),
    );
  // The moof's size does not depend on the offset's value: build it once to learn it.
  const moof = build(build(0).length + 8);
  let size = 8;
  for (const part of data) size += part.length;
  return [moof, u32(size), ascii('mdat'), ...data];
}

/** The video samples as a fragment: durations, sizes, key-frame flags and composition offsets. */
export function videoFragment(sequence: number, baseTime: number, samples: readonly VideoSample[]): Uint8Array[] {
  const trun = (offset: number) =>
    fullBox(
      'trun',
      1, // signed composition offsets
      0x000f01, // data offset; duration, size, flags and composition offset per sample
      u32(samples.length, offset),
      ...samples.map((s) => u32(s.duration, s.size, s.key ? 0x02000000 : 0x01010000, s.compositionOffset)),
    );
  return fragment(
    sequence,
    VIDEO_TRACK,
    baseTime,
    trun,
    samples.flatMap((s) => s.parts),
  );
}

/** The audio frames as a fragment, each of `duration` (in the track's timescale). */
export function audioFragment(
  sequence: number,
  baseTime: number,
  frames: readonly Uint8Array[],
  duration: number,
): Uint8Array[] {
  const trun = (offset: number) =>
    fullBox('trun', 0, 0x000301, u32(frames.length, offset), ...frames.map((f) => u32(duration, f.length)));
  return fragment(sequence, AUDIO_TRACK, baseTime, trun, frames);
}
