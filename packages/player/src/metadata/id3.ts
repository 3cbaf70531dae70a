/**
 * A small ID3v2 (2.3 / 2.4) reader for timed metadata in live streams: text frames (T***),
 * user text (TXXX) and private frames (PRIV). Anything else is kept as raw bytes. Written here
 * (not taken from hls.js internals) because hls.js does not export its ID3 parser.
 */
export type Id3Frame =
  | { id: 'TXXX'; description: string; value: string }
  | { id: 'PRIV'; owner: string; data: Uint8Array }
  | { id: string; value: string }
  | { id: string; data: Uint8Array };

const HEADER_SIZE = 10;

/**
 * What one tag may cost to read: a stream's timed metadata is a few short frames, and a hostile
 * one must not hold the page. Frames past `maxFrames` and text frames over `maxTextBytes` are
 * skipped (the rest of the tag is still read); a tag over `maxTagBytes` is not read at all.
 */
export const ID3_LIMITS = { maxTagBytes: 256 * 1024, maxFrames: 64, maxTextBytes: 4 * 1024 } as const;

function syncsafe(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at]! & 0x7f) << 21) |
    ((bytes[at + 1]! & 0x7f) << 14) |
    ((bytes[at + 2]! & 0x7f) << 7) |
    (bytes[at + 3]! & 0x7f)
  );
}

function uint32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

/** Text with the ID3 encoding byte: 0 latin-1, 1 UTF-16 with BOM, 2 UTF-16BE, 3 UTF-8. */
function decodeText(encoding: number, bytes: Uint8Array): string {
  const label = encoding === 0 ? 'latin1' : encoding === 1 ? 'utf-16' : encoding === 2 ? 'utf-16be' : 'utf-8';
  return trimTrailingNulls(new TextDecoder(label).decode(bytes));
}

/** Linear: a regular expression like /\0+$/ retries from every null of a long run (quadratic). */
function trimTrailingNulls(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--;
  return text.slice(0, end);
}

/** Splits at the encoding's terminator (one zero byte, or two for UTF-16). */
function splitTerminated(encoding: number, bytes: Uint8Array): [Uint8Array, Uint8Array] {
  const wide = encoding === 1 || encoding === 2;
  for (let i = 0; i < bytes.length; i += wide ? 2 : 1) {
    if (bytes[i] === 0 && (!wide || bytes[i + 1] === 0))
      return [bytes.subarray(0, i), bytes.subarray(i + (wide ? 2 : 1))];
  }
  return [bytes, new Uint8Array(0)];
}

function parseFrame(id: string, content: Uint8Array): Id3Frame {
  if (id === 'PRIV') {
    const end = content.indexOf(0);
    const owner = new TextDecoder('latin1').decode(content.subarray(0, end === -1 ? content.length : end));
    return { id, owner, data: content.subarray(end === -1 ? content.length : end + 1) };
  }
  const text = id.startsWith('T') && content.length > 0;
  if (text && content.length > ID3_LIMITS.maxTextBytes) return { id, data: new Uint8Array(0) };
  if (id === 'TXXX' && content.length > 0) {
    const encoding = content[0]!;
    const [description, value] = splitTerminated(encoding, content.subarray(1));
    return { id, description: decodeText(encoding, description), value: decodeText(encoding, value) };
  }
  if (text) return { id, value: decodeText(content[0]!, content.subarray(1)) };
  return { id, data: content };
}

/** Frames of one ID3v2 tag; [] for anything that is not a well-formed tag. */
export function parseId3(bytes: Uint8Array): Id3Frame[] {
  if (bytes.length < HEADER_SIZE || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return [];
  const version = bytes[3]!;
  if (version !== 3 && version !== 4) return [];
  if (bytes.length > ID3_LIMITS.maxTagBytes) return [];
  const end = Math.min(bytes.length, HEADER_SIZE + syncsafe(bytes, 6));
  const hasExtendedHeader = (bytes[5]! & 0x40) !== 0;
  let at = HEADER_SIZE;
  if (hasExtendedHeader) at += version === 4 ? syncsafe(bytes, at) : uint32(bytes, at) + 4;
  const frames: Id3Frame[] = [];
  while (at + HEADER_SIZE <= end && frames.length < ID3_LIMITS.maxFrames) {
    const id = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
    if (!/^[A-Z0-9]{4}$/.test(id)) break; // padding
    const size = version === 4 ? syncsafe(bytes, at + 4) : uint32(bytes, at + 4);
    const start = at + HEADER_SIZE;
    if (start + size > end) break;
    frames.push(parseFrame(id, bytes.subarray(start, start + size)));
    at = start + size;
  }
  return frames;
}
