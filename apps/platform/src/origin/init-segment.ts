/**
 * Reads what the origin needs from an fMP4 init segment (`ftyp` + `moov`):
 * per-track kind, timescale, codec string, picture size, trex defaults, and
 * whether an edit list would shift the presentation timeline.
 */

import type { TrackDefaults } from './fragment.ts';
import {
  FieldReader,
  Mp4FormatError,
  children,
  dataView,
  findChild,
  fourcc,
  fullBoxHeader,
  readBoxes,
  requireChild,
  requirePath,
} from './mp4-boxes.ts';
import type { Box } from './mp4-boxes.ts';

export interface InitTrack {
  trackId: number;
  /** Handler type: `vide`, `soun`, ... */
  handler: string;
  timescale: number;
  /** RFC 6381 codec string, e.g. `avc1.4d401f` or `mp4a.40.2`. */
  codec: string;
  /** Sample entry size for video tracks, 0 otherwise. */
  width: number;
  height: number;
  defaults: TrackDefaults;
  /** Edit list entries as (segment duration, media time); empty when absent. */
  editList: { segmentDuration: number; mediaTime: number }[];
}

export interface InitSegment {
  tracks: InitTrack[];
}

const hex2 = (n: number): string => n.toString(16).padStart(2, '0');

function avcCodec(bytes: Uint8Array, entry: Box, entryType: string): string {
  // VisualSampleEntry fields take 78 bytes before the child boxes.
  const avcC = readBoxes(bytes, entry.payloadStart + 78, entry.end).find((b) => b.type === 'avcC');
  if (!avcC || avcC.payloadStart + 4 > avcC.end) throw new Mp4FormatError(`${entryType} has no usable avcC`);
  const p = avcC.payloadStart;
  return `${entryType}.${hex2(bytes[p + 1] ?? 0)}${hex2(bytes[p + 2] ?? 0)}${hex2(bytes[p + 3] ?? 0)}`;
}

/** Reads an MPEG-4 descriptor header (tag + variable-length size). */
function readDescriptor(bytes: Uint8Array, offset: number): { tag: number; start: number; end: number } {
  const tag = bytes[offset] ?? 0;
  let size = 0;
  let p = offset + 1;
  for (let i = 0; i < 4; i++) {
    const b = bytes[p++] ?? 0;
    size = (size << 7) | (b & 0x7f);
    if ((b & 0x80) === 0) break;
  }
  return { tag, start: p, end: p + size };
}

function mp4aCodec(bytes: Uint8Array, entry: Box): string {
  // AudioSampleEntry fields take 28 bytes before the child boxes.
  const esds = readBoxes(bytes, entry.payloadStart + 28, entry.end).find((b) => b.type === 'esds');
  if (!esds) throw new Mp4FormatError('mp4a has no esds');
  const es = readDescriptor(bytes, esds.payloadStart + 4);
  if (es.tag !== 0x03) throw new Mp4FormatError('esds lacks an ES_Descriptor');
  const esFlags = bytes[es.start + 2] ?? 0;
  let p = es.start + 3;
  if (esFlags & 0x80) p += 2;
  if (esFlags & 0x40) p += 1 + (bytes[p] ?? 0);
  if (esFlags & 0x20) p += 2;
  const config = readDescriptor(bytes, p);
  if (config.tag !== 0x04) throw new Mp4FormatError('esds lacks a DecoderConfigDescriptor');
  const objectType = bytes[config.start] ?? 0;
  const specific = readDescriptor(bytes, config.start + 13);
  if (specific.tag !== 0x05 || specific.end > esds.end) {
    return `mp4a.${hex2(objectType)}`;
  }
  let audioObjectType = (bytes[specific.start] ?? 0) >> 3;
  if (audioObjectType === 31) {
    const bits = ((bytes[specific.start] ?? 0) << 8) | (bytes[specific.start + 1] ?? 0);
    audioObjectType = 32 + ((bits >> 5) & 0x3f);
  }
  return `mp4a.${hex2(objectType)}.${audioObjectType}`;
}

function readTrack(bytes: Uint8Array, trak: Box, trexById: Map<number, TrackDefaults>): InitTrack {
  const view = dataView(bytes);
  const tkhd = requireChild(bytes, trak, 'tkhd');
  const tkhdVersion = fullBoxHeader(bytes, tkhd).version;
  // track_ID follows creation and modification times (32 or 64 bits each).
  const trackId = view.getUint32(tkhd.payloadStart + 4 + (tkhdVersion === 1 ? 16 : 8));

  const mdia = requireChild(bytes, trak, 'mdia');
  const mdhd = requireChild(bytes, mdia, 'mdhd');
  const mdhdVersion = fullBoxHeader(bytes, mdhd).version;
  const timescale = view.getUint32(mdhd.payloadStart + 4 + (mdhdVersion === 1 ? 16 : 8));
  const hdlr = requireChild(bytes, mdia, 'hdlr');
  const handler = fourcc(bytes, hdlr.payloadStart + 8);

  const stsd = requirePath(bytes, mdia, ['minf', 'stbl', 'stsd']);
  const [entry] = readBoxes(bytes, stsd.payloadStart + 8, stsd.end);
  if (!entry) throw new Mp4FormatError(`track ${trackId} has no sample entry`);
  let codec = entry.type;
  let width = 0;
  let height = 0;
  if (entry.type === 'avc1' || entry.type === 'avc3') {
    codec = avcCodec(bytes, entry, entry.type);
    width = view.getUint16(entry.payloadStart + 24);
    height = view.getUint16(entry.payloadStart + 26);
  } else if (entry.type === 'mp4a') {
    codec = mp4aCodec(bytes, entry);
  }

  const editList: InitTrack['editList'] = [];
  const edts = findChild(bytes, trak, 'edts');
  const elst = edts && findChild(bytes, edts, 'elst');
  if (elst) {
    const { version } = fullBoxHeader(bytes, elst);
    const reader = new FieldReader(view, elst.payloadStart + 4);
    const count = reader.u32();
    for (let i = 0; i < count; i++) {
      const segmentDuration = version === 1 ? reader.u64() : reader.u32();
      const mediaTime = version === 1 ? reader.i64() : reader.i32();
      reader.u32(); // media_rate
      editList.push({ segmentDuration, mediaTime });
    }
  }

  const defaults = trexById.get(trackId);
  if (!defaults) throw new Mp4FormatError(`track ${trackId} has no trex (not a fragmented init segment)`);
  return { trackId, handler, timescale, codec, width, height, defaults, editList };
}

export function parseInitSegment(bytes: Uint8Array): InitSegment {
  const moov = readBoxes(bytes).find((b) => b.type === 'moov');
  if (!moov) throw new Mp4FormatError('init segment has no moov');
  const view = dataView(bytes);
  const trexById = new Map<number, TrackDefaults>();
  const mvex = findChild(bytes, moov, 'mvex');
  for (const trex of mvex ? children(bytes, mvex).filter((b) => b.type === 'trex') : []) {
    const r = new FieldReader(view, trex.payloadStart + 4);
    const trackId = r.u32();
    r.u32(); // default_sample_description_index
    trexById.set(trackId, { sampleDuration: r.u32(), sampleSize: r.u32(), sampleFlags: r.u32() });
  }
  const tracks = children(bytes, moov)
    .filter((b) => b.type === 'trak')
    .map((trak) => readTrack(bytes, trak, trexById));
  return { tracks };
}

/** True when the edit list (if any) leaves media time equal to presentation time. */
export function editListIsIdentity(track: InitTrack): boolean {
  return track.editList.every((e) => e.mediaTime === 0);
}
