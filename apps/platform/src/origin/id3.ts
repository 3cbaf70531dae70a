/**
 * ID3v2.4 tags (id3.org "ID3 tag version 2.4.0 - Main Structure"), just the
 * subset live encoders put in timed metadata: a plain header, no extended
 * header, no footer, no unsynchronisation, and text frames.
 *
 * Layout of a tag:
 *   0  "ID3"
 *   3  version 0x04 0x00
 *   5  flags 0x00
 *   6  size, 4-byte syncsafe: bytes after this 10-byte header
 *  10  frames, each: 4-char id, 4-byte syncsafe size (of the content only),
 *      flags 0x00 0x00, content
 */

const HEADER_SIZE = 10;
const FRAME_HEADER_SIZE = 10;
/** 28 bits: the most a 4-byte syncsafe integer holds. */
const SYNCSAFE_MAX = 0x0fffffff;
/** Text encoding byte of a text frame: UTF-8 (ID3v2.4 only). */
export const ID3_UTF8 = 0x03;

export class Id3FormatError extends Error {
  override name = 'Id3FormatError';
}

export interface Id3Frame {
  /** Four characters, A-Z and 0-9, e.g. `TXXX`. */
  id: string;
  content: Uint8Array;
}

export interface Id3Tag {
  /** Major version, 4 for the tags written here. */
  version: number;
  frames: Id3Frame[];
}

export interface TxxxFrame {
  description: string;
  value: string;
}

const encoder = new TextEncoder();
// fatal: a tag whose text is not UTF-8 should fail a test, not turn into U+FFFD.
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Writes `value` as a 4-byte syncsafe integer (the top bit of every byte clear). */
export function encodeSyncsafe(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value > SYNCSAFE_MAX) {
    throw new RangeError(`${value} does not fit a 28-bit syncsafe integer`);
  }
  return Uint8Array.of((value >>> 21) & 0x7f, (value >>> 14) & 0x7f, (value >>> 7) & 0x7f, value & 0x7f);
}

export function decodeSyncsafe(bytes: Uint8Array, offset: number): number {
  let value = 0;
  for (let i = 0; i < 4; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) throw new Id3FormatError(`truncated syncsafe integer at byte ${offset}`);
    if (byte & 0x80) throw new Id3FormatError(`byte ${offset + i} of a syncsafe integer has its top bit set`);
    value = (value << 7) | byte;
  }
  return value;
}

function latin1(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

function ascii(text: string, pattern: RegExp, what: string): Uint8Array {
  if (!pattern.test(text)) throw new RangeError(`bad ${what} ${JSON.stringify(text)}`);
  return encoder.encode(text);
}

/** One ID3v2.4 tag holding `frames` in the given order. */
export function buildId3Tag(frames: readonly Id3Frame[]): Uint8Array {
  const encoded = frames.map((f) => ({ id: ascii(f.id, /^[A-Z0-9]{4}$/, 'frame id'), content: f.content }));
  const bodySize = encoded.reduce((sum, f) => sum + FRAME_HEADER_SIZE + f.content.byteLength, 0);
  const out = new Uint8Array(HEADER_SIZE + bodySize);
  out.set(encoder.encode('ID3'), 0);
  out.set([0x04, 0x00, 0x00], 3);
  out.set(encodeSyncsafe(bodySize), 6);
  let offset = HEADER_SIZE;
  for (const f of encoded) {
    out.set(f.id, offset);
    out.set(encodeSyncsafe(f.content.byteLength), offset + 4);
    // Two zero flag bytes: no compression, encryption or grouping.
    out.set(f.content, offset + FRAME_HEADER_SIZE);
    offset += FRAME_HEADER_SIZE + f.content.byteLength;
  }
  return out;
}

/**
 * A user-defined text frame: encoding byte, description, NUL, value. The
 * description must be ASCII: hls.js (through @svta/cml-id3) skips it by its
 * string length rather than its byte length, so a multi-byte description
 * would shift the value it reports. The value may be any text.
 */
export function txxxFrame(description: string, value: string): Id3Frame {
  const head = ascii(description, /^[\x20-\x7e]*$/, 'TXXX description');
  const text = encoder.encode(value);
  if (text.includes(0)) throw new RangeError('a TXXX value cannot contain NUL');
  const content = new Uint8Array(1 + head.byteLength + 1 + text.byteLength);
  content[0] = ID3_UTF8;
  content.set(head, 1);
  content.set(text, head.byteLength + 2);
  return { id: 'TXXX', content };
}

/** Reads a tag written by {@link buildId3Tag} (and other plain v2.3/v2.4 tags). */
export function parseId3Tag(bytes: Uint8Array): Id3Tag {
  if (bytes.byteLength < HEADER_SIZE || latin1(bytes.subarray(0, 3)) !== 'ID3') {
    throw new Id3FormatError('not an ID3v2 tag');
  }
  const version = bytes[3] ?? 0;
  if (version !== 3 && version !== 4) throw new Id3FormatError(`unsupported ID3v2.${version} tag`);
  if ((bytes[5] ?? 0) !== 0) throw new Id3FormatError(`unsupported tag flags 0x${bytes[5]?.toString(16)}`);
  const end = HEADER_SIZE + decodeSyncsafe(bytes, 6);
  if (end > bytes.byteLength) throw new Id3FormatError(`tag size ${end} exceeds the ${bytes.byteLength} bytes given`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const frames: Id3Frame[] = [];
  let offset = HEADER_SIZE;
  // A zero byte where a frame id should start begins the padding.
  while (offset + FRAME_HEADER_SIZE <= end && bytes[offset] !== 0) {
    const id = latin1(bytes.subarray(offset, offset + 4));
    // v2.3 frame sizes are plain 32-bit integers; only v2.4 made them syncsafe.
    const size = version === 4 ? decodeSyncsafe(bytes, offset + 4) : view.getUint32(offset + 4);
    const start = offset + FRAME_HEADER_SIZE;
    if (start + size > end) throw new Id3FormatError(`frame ${id} at byte ${offset} overruns the tag`);
    frames.push({ id, content: bytes.subarray(start, start + size) });
    offset = start + size;
  }
  return { version, frames };
}

/** Decodes the content of a UTF-8 `TXXX` frame. */
export function parseTxxxFrame(frame: Id3Frame): TxxxFrame {
  if (frame.id !== 'TXXX') throw new Id3FormatError(`expected TXXX, got ${frame.id}`);
  if (frame.content[0] !== ID3_UTF8) throw new Id3FormatError(`unsupported text encoding ${frame.content[0]}`);
  const split = frame.content.indexOf(0, 1);
  if (split < 0) throw new Id3FormatError('TXXX description is not terminated');
  return {
    description: decoder.decode(frame.content.subarray(1, split)),
    // Some writers terminate the value too; the NUL is not part of it.
    value: decoder.decode(frame.content.subarray(split + 1)).replace(/\0$/, ''),
  };
}
