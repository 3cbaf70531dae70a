/**
 * DASH event message boxes (ISO/IEC 23009-1 §5.10.3.3), version 1 only: the
 * version that carries an absolute presentation time, so an event means the
 * same instant whichever segment or part it arrives in, and the one CMAF and
 * AOM "ID3 timed metadata in CMAF" prescribe.
 *
 * Version 1 layout, offsets from the box start:
 *   0  size (u32)            4  "emsg"
 *   8  version = 1 (u8)      9  flags = 0 (u24)
 *  12  timescale (u32)
 *  16  presentation_time (u64, in timescale units, on the media timeline)
 *  24  event_duration (u32, 0xFFFFFFFF = unknown)
 *  28  id (u32)
 *  32  scheme_id_uri (UTF-8, NUL-terminated)
 *   …  value (UTF-8, NUL-terminated)
 *   …  message_data (to the end of the box)
 */

import { ByteWriter, Mp4FormatError, concatBytes, dataView, fullBox, fullBoxHeader, readBox } from './mp4-boxes.ts';

/** The scheme hls.js (and Shaka, dash.js) read as an ID3 tag in message_data. */
export const ID3_EMSG_SCHEME = 'https://aomedia.org/emsg/ID3';
export const EMSG_UNKNOWN_DURATION = 0xffffffff;

export interface EmsgV1 {
  timescale: number;
  presentationTime: number;
  /** In timescale units; {@link EMSG_UNKNOWN_DURATION} when open-ended. */
  eventDuration: number;
  id: number;
  schemeIdUri: string;
  value: string;
  messageData: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function nulTerminated(text: string, what: string): Uint8Array {
  const bytes = encoder.encode(text);
  if (bytes.includes(0)) throw new RangeError(`emsg ${what} cannot contain NUL`);
  return concatBytes([bytes, Uint8Array.of(0)]);
}

export function buildEmsgV1(event: EmsgV1): Uint8Array {
  if (!Number.isInteger(event.timescale) || event.timescale < 1) {
    throw new RangeError(`emsg timescale must be a positive integer: ${event.timescale}`);
  }
  const fields = new ByteWriter()
    .u32(event.timescale)
    .u64(event.presentationTime)
    .u32(event.eventDuration)
    .u32(event.id)
    .bytes(nulTerminated(event.schemeIdUri, 'scheme_id_uri'))
    .bytes(nulTerminated(event.value, 'value'))
    .bytes(event.messageData)
    .finish();
  return fullBox('emsg', 1, 0, fields);
}

/** Reads the NUL-terminated string at `offset`; returns it and where the next field starts. */
function readString(bytes: Uint8Array, offset: number, end: number, what: string): [string, number] {
  const nul = bytes.subarray(0, end).indexOf(0, offset);
  if (nul < 0) throw new Mp4FormatError(`emsg ${what} is not NUL-terminated`);
  return [decoder.decode(bytes.subarray(offset, nul)), nul + 1];
}

/** Parses the version 1 `emsg` box that starts at `offset`. */
export function parseEmsg(bytes: Uint8Array, offset = 0): EmsgV1 {
  const box = readBox(bytes, offset);
  if (box.type !== 'emsg') throw new Mp4FormatError(`expected emsg at byte ${offset}, found ${box.type}`);
  const { version } = fullBoxHeader(bytes, box);
  if (version !== 1) throw new Mp4FormatError(`unsupported emsg version ${version}`);
  const fixed = box.payloadStart + 4;
  if (fixed + 20 > box.end) throw new Mp4FormatError('emsg too short for its version 1 fields');
  const view = dataView(bytes);
  const [schemeIdUri, valueAt] = readString(bytes, fixed + 20, box.end, 'scheme_id_uri');
  const [value, dataAt] = readString(bytes, valueAt, box.end, 'value');
  return {
    timescale: view.getUint32(fixed),
    presentationTime: Number(view.getBigUint64(fixed + 4)),
    eventDuration: view.getUint32(fixed + 12),
    id: view.getUint32(fixed + 16),
    schemeIdUri,
    value,
    messageData: bytes.subarray(dataAt, box.end),
  };
}
