/**
 * Just enough ISO BMFF (ISO/IEC 14496-12) for a live engine: the timescale of every track from
 * the init segment and the decode time a fragment starts at (its `tfdt`), which together map
 * the playlist's program-date-time onto the media element's timeline. Bytes are never copied.
 */

export interface Box {
  type: string;
  /** Offset of the box's payload (after its header) in the buffer. */
  start: number;
  end: number;
}

function fourCc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/** The boxes between `start` and `end`; stops at a truncated or malformed one. */
export function boxes(bytes: Uint8Array, start = 0, end = bytes.byteLength): Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) break;
    out.push({ type: fourCc(bytes, at + 4), start: at + header, end: at + size });
    at += size;
  }
  return out;
}

function child(bytes: Uint8Array, parent: Box, type: string): Box | undefined {
  return boxes(bytes, parent.start, parent.end).find((b) => b.type === type);
}

function path(bytes: Uint8Array, from: Box[], types: string[]): Box | undefined {
  let current = from.find((b) => b.type === types[0]);
  for (const type of types.slice(1)) current = current && child(bytes, current, type);
  return current;
}

/**
 * Why `bytes` cannot be an init segment (`init`) or a run of fragments (`fragment`), or null
 * when its top-level boxes cover it exactly and hold what that kind needs (a moov with a
 * track; a moof and an mdat). Appending such bytes would end the MediaSource with an error;
 * judged before the append, they are asked for again instead (a cut-off or garbled transfer).
 * Sample data is not read: a bad encode still fails at decode, where the player's policy is.
 */
export function mediaProblem(bytes: Uint8Array, kind: 'init' | 'fragment'): string | null {
  const top = boxes(bytes);
  const covered = top.at(-1)?.end ?? 0;
  if (covered !== bytes.byteLength) return `boxes end at byte ${covered} of ${bytes.byteLength}`;
  if (kind === 'init') return trackTimescales(bytes).size > 0 ? null : 'no track in a moov';
  const types = new Set(top.map((b) => b.type));
  return types.has('moof') && types.has('mdat') ? null : 'no moof and mdat';
}

/** trackId → timescale (ticks per second), from an init segment's moov. */
export function trackTimescales(init: Uint8Array): Map<number, number> {
  const view = new DataView(init.buffer, init.byteOffset, init.byteLength);
  const moov = boxes(init).find((b) => b.type === 'moov');
  const result = new Map<number, number>();
  if (!moov) return result;
  for (const trak of boxes(init, moov.start, moov.end).filter((b) => b.type === 'trak')) {
    const tkhd = child(init, trak, 'tkhd');
    const mdhd = path(init, boxes(init, trak.start, trak.end), ['mdia', 'mdhd']);
    if (!tkhd || !mdhd) continue;
    // Full boxes: version (1 byte) and flags (3); version 1 has 64-bit times before the ids.
    const trackId = view.getUint32(tkhd.start + (init[tkhd.start] === 1 ? 20 : 12));
    const timescale = view.getUint32(mdhd.start + (init[mdhd.start] === 1 ? 20 : 12));
    result.set(trackId, timescale);
  }
  return result;
}

/**
 * The earliest decode time (s) of a fragment's first moof over its tracks, or null when the
 * bytes hold no moof with a tfdt of a known track.
 */
export function fragmentStartTime(fragment: Uint8Array, timescales: ReadonlyMap<number, number>): number | null {
  const view = new DataView(fragment.buffer, fragment.byteOffset, fragment.byteLength);
  const moof = boxes(fragment).find((b) => b.type === 'moof');
  if (!moof) return null;
  let earliest: number | null = null;
  for (const traf of boxes(fragment, moof.start, moof.end).filter((b) => b.type === 'traf')) {
    const tfhd = child(fragment, traf, 'tfhd');
    const tfdt = child(fragment, traf, 'tfdt');
    if (!tfhd || !tfdt) continue;
    const timescale = timescales.get(view.getUint32(tfhd.start + 4));
    if (!timescale) continue;
    const ticks =
      fragment[tfdt.start] === 1 ? Number(view.getBigUint64(tfdt.start + 4)) : view.getUint32(tfdt.start + 4);
    const seconds = ticks / timescale;
    if (earliest === null || seconds < earliest) earliest = seconds;
  }
  return earliest;
}

/** The scheme under which an emsg carries an ID3 tag (AOM "ID3 timed metadata in CMAF"). */
export const ID3_SCHEME = 'https://aomedia.org/emsg/ID3';

/** An event message (emsg, ISO/IEC 23009-1 §5.10.3.3) at its time on the media timeline. */
export interface EventMessage {
  scheme: string;
  id: number;
  /** Seconds on the media timeline. */
  time: number;
  data: Uint8Array;
}

/**
 * What one fragment's event messages may hold, past which the rest is dropped: a packager
 * sends a tag or two per segment; a stage that writes hostile media could send millions, each
 * a cue the page would build. A scheme or value is a short URI (DASH's are under 100 bytes);
 * an ID3 tag is within metadata/id3.ts's own cap (256 KiB).
 */
export const EMSG_LIMITS = { maxMessages: 64, maxStringBytes: 256, maxDataBytes: 256 * 1024 } as const;

/** A NUL-terminated string within `maxStringBytes`, or null (none, or longer). */
function nulString(bytes: Uint8Array, at: number, end: number): { text: string; next: number } | null {
  const stop = bytes.subarray(at, Math.min(end, at + EMSG_LIMITS.maxStringBytes + 1)).indexOf(0);
  if (stop < 0) return null;
  return { text: new TextDecoder().decode(bytes.subarray(at, at + stop)), next: at + stop + 1 };
}

/**
 * The top-level emsg boxes of a fragment, at most EMSG_LIMITS.maxMessages, each within its
 * caps (one over them is skipped). Version 1 carries an absolute presentation time; version 0
 * a delta from the fragment's earliest time (`fragmentStart`, seconds).
 */
export function eventMessages(fragment: Uint8Array, fragmentStart: number): EventMessage[] {
  const view = new DataView(fragment.buffer, fragment.byteOffset, fragment.byteLength);
  const out: EventMessage[] = [];
  for (const box of boxes(fragment)) {
    if (box.type !== 'emsg') continue;
    if (out.length >= EMSG_LIMITS.maxMessages) break;
    const message = eventMessage(fragment, view, box, fragmentStart);
    if (message && message.data.byteLength <= EMSG_LIMITS.maxDataBytes) out.push(message);
  }
  return out;
}

function eventMessage(fragment: Uint8Array, view: DataView, box: Box, fragmentStart: number): EventMessage | null {
  const version = fragment[box.start];
  const at = box.start + 4;
  if (version === 1) {
    if (at + 20 > box.end) return null;
    const timescale = view.getUint32(at);
    const time = Number(view.getBigUint64(at + 4));
    const id = view.getUint32(at + 16);
    const scheme = nulString(fragment, at + 20, box.end);
    const value = scheme && nulString(fragment, scheme.next, box.end);
    if (!scheme || !value || timescale === 0) return null;
    return { scheme: scheme.text, id, time: time / timescale, data: fragment.subarray(value.next, box.end) };
  }
  if (version !== 0) return null;
  const scheme = nulString(fragment, at, box.end);
  const value = scheme && nulString(fragment, scheme.next, box.end);
  if (!scheme || !value || value.next + 16 > box.end) return null;
  const timescale = view.getUint32(value.next);
  const delta = view.getUint32(value.next + 4);
  const id = view.getUint32(value.next + 12);
  if (timescale === 0) return null;
  return {
    scheme: scheme.text,
    id,
    time: fragmentStart + delta / timescale,
    data: fragment.subarray(value.next + 16, box.end),
  };
}

/** Where the four-character code `type` first appears in `bytes`, or -1 (a scan, not a box walk). */
function indexOfType(bytes: Uint8Array, type: string): number {
  const [a, b, c, d] = [...type].map((ch) => ch.charCodeAt(0));
  for (let i = 0; i + 4 <= bytes.length; i++) {
    if (bytes[i] === a && bytes[i + 1] === b && bytes[i + 2] === c && bytes[i + 3] === d) return i;
  }
  return -1;
}

/**
 * The CODECS an init segment's sample entries name (`avc1.PPCCLL` from its avcC, `mp4a.40.2`
 * for AAC): what a SourceBuffer is created for when the playlist says nothing (a media
 * playlist loaded on its own, an MPEG-TS stream remuxed here). '' when it names neither.
 */
export function codecsOfInit(init: Uint8Array): string {
  const codecs: string[] = [];
  const avcC = indexOfType(init, 'avcC');
  const av1C = indexOfType(init, 'av1C');
  if (avcC >= 0 && avcC + 8 <= init.length) {
    const hex = (n: number) => init[avcC + 4 + n]!.toString(16).padStart(2, '0');
    codecs.push(`avc1.${hex(1)}${hex(2)}${hex(3)}`);
  } else if (av1C >= 0 && av1C + 7 <= init.length) {
    codecs.push(av1Codec(init[av1C + 5]!, init[av1C + 6]!));
  } else if (indexOfType(init, 'hvc1') >= 0 || indexOfType(init, 'hev1') >= 0) {
    // HEVC: the general profile is enough to ask the browser (most cannot play it at all).
    codecs.push('hvc1.1.6.L93.B0');
  } else if (indexOfType(init, 'vpcC') >= 0) {
    codecs.push('vp09.00.10.08');
  }
  if (indexOfType(init, 'mp4a') >= 0) codecs.push('mp4a.40.2');
  else if (indexOfType(init, 'Opus') >= 0) codecs.push('opus');
  return codecs.join(',');
}

/**
 * `av01.P.LLT.DD` from an AV1CodecConfigurationRecord's second and third bytes (AV1 ISOBMFF
 * binding §2.3): seq_profile and seq_level_idx_0, then tier and bit depth.
 */
function av1Codec(profileLevel: number, flags: number): string {
  const profile = profileLevel >> 5;
  const level = String(profileLevel & 0x1f).padStart(2, '0');
  const tier = flags & 0x80 ? 'H' : 'M';
  const depth = flags & 0x40 ? (profile === 2 && flags & 0x20 ? 12 : 10) : 8;
  return `av01.${profile}.${level}${tier}.${String(depth).padStart(2, '0')}`;
}

/**
 * The `pssh` boxes of an init segment's `moov`, whole and in order: the DRM systems' init data
 * (EME initDataType `cenc`), which the page's MediaKeys session is generated from. Empty when
 * the init segment has none.
 */
export function psshOf(init: Uint8Array): Uint8Array {
  const moov = boxes(init).find((b) => b.type === 'moov');
  if (!moov) return new Uint8Array(0);
  // A pssh is small: its header is the 8-byte one (Box.start is where its payload begins).
  const found = boxes(init, moov.start, moov.end).filter((b) => b.type === 'pssh');
  const out = new Uint8Array(found.reduce((sum, b) => sum + b.end - b.start + 8, 0));
  let at = 0;
  for (const b of found) {
    out.set(init.subarray(b.start - 8, b.end), at);
    at += b.end - b.start + 8;
  }
  return out;
}
