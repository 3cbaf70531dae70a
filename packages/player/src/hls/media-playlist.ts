import { numberAttribute, parseAttributes, PlaylistError, playlistLines, requireExtM3u, resolveUri } from './m3u8.ts';

/** An EXT-X-PART (LL-HLS): a piece of a segment, published before the segment is whole. */
export interface Part {
  url: string;
  duration: number;
  /** Starts with an independent frame: playback or a switch may begin here. */
  independent: boolean;
}

/**
 * EXT-X-KEY METHOD=AES-128: the whole segment is AES-128-CBC encrypted with the key at `url`;
 * `iv` is the IV attribute (16 bytes), or null for the segment's media sequence number.
 */
export interface SegmentKey {
  method: 'AES-128';
  url: string;
  iv: Uint8Array | null;
}

/** A segment by its Media Sequence Number; `url` is null while it is still being published. */
export interface Segment {
  msn: number;
  url: string | null;
  /** EXTINF, or the sum of the parts so far for a segment in progress. */
  duration: number;
  /** EXT-X-PROGRAM-DATE-TIME of its start (epoch ms), carried forward from the last tag. */
  dateMs: number | null;
  discontinuity: boolean;
  /** Its parts, where the playlist still lists them (near the live edge). */
  parts: Part[];
  /** Its init segment (EXT-X-MAP), absolute. */
  mapUrl: string | null;
  /** Its AES-128 key (EXT-X-KEY), or null when it is in the clear. */
  key: SegmentKey | null;
  /** EXT-X-GAP: the segment is missing (an encoder outage); nothing is to be loaded for it. */
  gap: boolean;
}

export interface ServerControl {
  canBlockReload: boolean;
  /** CAN-SKIP-UNTIL (s), 0 when delta updates are not offered. */
  canSkipUntil: number;
  partHoldBack: number;
  holdBack: number;
}

export interface RenditionReport {
  url: string;
  lastMsn: number;
  lastPart: number;
}

export interface MediaPlaylist {
  url: string;
  targetDuration: number;
  /** PART-TARGET (s), 0 for a playlist without parts. */
  partTarget: number;
  mediaSequence: number;
  /** Oldest first; the last one may be in progress (parts only). */
  segments: Segment[];
  /** EXT-X-PRELOAD-HINT TYPE=PART, absolute; the part after the last listed one. */
  preloadHint: string | null;
  serverControl: ServerControl;
  renditionReports: RenditionReport[];
  /** EXT-X-SKIP SKIPPED-SEGMENTS: a delta update left this many out (mergeDelta fills them). */
  skipped: number;
  endList: boolean;
  /** EXT-X-INDEPENDENT-SEGMENTS: every segment starts with an independent frame. */
  independentSegments: boolean;
  /** EXT-X-PLAYLIST-TYPE: VOD (never changes), EVENT (only grows), or null (a sliding live window). */
  playlistType: 'VOD' | 'EVENT' | null;
  /**
   * A method of encryption the engine cannot decrypt (SAMPLE-AES, a DRM KEYFORMAT): its
   * METHOD, or null. The engine declines such a playlist to another sink.
   */
  unsupportedKey: string | null;
  /**
   * The DRM key systems the stream is protected with (EXT-X-KEY METHOD=SAMPLE-AES-CTR or
   * SAMPLE-AES with an EME KEYFORMAT): its samples reach the SourceBuffer encrypted and the
   * element's MediaKeys decrypt them (the page's part, drm/). Empty for a clear stream.
   */
  drm: DrmKey[];
}

/** One key system a DRM-protected playlist names (its KEYFORMAT, as EME calls it, and its URI). */
export interface DrmKey {
  /** The EME key system: org.w3.clearkey, com.widevine.alpha, com.microsoft.playready, com.apple.fps. */
  keySystem: string;
  method: 'SAMPLE-AES-CTR' | 'SAMPLE-AES';
  /** The tag's URI, absolute (a license server, a `data:` pssh, an `skd:` asset id). */
  uri: string | null;
}

/** KEYFORMAT values of HLS DRM tags, by the EME key system each names. */
const DRM_KEYFORMATS: Record<string, string> = {
  'org.w3.clearkey': 'org.w3.clearkey',
  'urn:uuid:1077efec-c0b2-4d02-ace3-3c1e52e2fb4b': 'org.w3.clearkey',
  'urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed': 'com.widevine.alpha',
  'com.microsoft.playready': 'com.microsoft.playready',
  'urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95': 'com.microsoft.playready',
  'com.apple.streamingkeydelivery': 'com.apple.fps',
};

/** A DRM key tag's key system, or null where the tag is not one (a method or format of another kind). */
export function drmKeyOf(attrs: Record<string, string>, base: string): DrmKey | null {
  const method = attrs.METHOD;
  const keySystem = DRM_KEYFORMATS[attrs.KEYFORMAT ?? ''];
  if ((method !== 'SAMPLE-AES-CTR' && method !== 'SAMPLE-AES') || !keySystem) return null;
  let uri: string | null = null;
  try {
    uri = attrs.URI ? new URL(attrs.URI, base).href : null;
  } catch {
    uri = null;
  }
  return { keySystem, method, uri };
}

/**
 * A media playlist, LL-HLS tags included (draft-pantos-hls-rfc8216bis §4.4). Unknown tags are
 * ignored as the RFC requires; a playlist without a target duration is refused.
 */
export function parseMediaPlaylist(text: string, url: string): MediaPlaylist {
  requireExtM3u(text);
  const playlist: MediaPlaylist = {
    url,
    targetDuration: 0,
    partTarget: 0,
    mediaSequence: 0,
    segments: [],
    preloadHint: null,
    serverControl: { canBlockReload: false, canSkipUntil: 0, partHoldBack: 0, holdBack: 0 },
    renditionReports: [],
    skipped: 0,
    endList: false,
    independentSegments: false,
    playlistType: null,
    unsupportedKey: null,
    drm: [],
  };
  let parts: Part[] = [];
  let duration: number | null = null;
  let dateMs: number | null = null;
  let discontinuity = false;
  let mapUrl: string | null = null;
  let key: SegmentKey | null = null;
  let gap = false;
  /** The next byte of the last EXT-X-BYTERANGE's resource: where a range without an offset starts. */
  let rangeEnd = 0;
  let range: { length: number; offset: number | null } | null = null;
  let msn: number | null = null;
  const next = () => (msn ??= playlist.mediaSequence + playlist.skipped);

  for (const { tag, value } of playlistLines(text)) {
    switch (tag) {
      case 'EXT-X-TARGETDURATION':
        playlist.targetDuration = Number(value);
        break;
      case 'EXT-X-MEDIA-SEQUENCE':
        playlist.mediaSequence = sequenceNumber(value, 'EXT-X-MEDIA-SEQUENCE');
        break;
      case 'EXT-X-PART-INF':
        playlist.partTarget = numberAttribute(parseAttributes(value), 'PART-TARGET', 0);
        break;
      case 'EXT-X-SERVER-CONTROL': {
        const a = parseAttributes(value);
        playlist.serverControl = {
          canBlockReload: a['CAN-BLOCK-RELOAD'] === 'YES',
          canSkipUntil: numberAttribute(a, 'CAN-SKIP-UNTIL', 0),
          partHoldBack: numberAttribute(a, 'PART-HOLD-BACK', 0),
          holdBack: numberAttribute(a, 'HOLD-BACK', 0),
        };
        break;
      }
      case 'EXT-X-SKIP':
        playlist.skipped = sequenceNumber(parseAttributes(value)['SKIPPED-SEGMENTS'] ?? '0', 'SKIPPED-SEGMENTS');
        break;
      case 'EXT-X-MAP': {
        const attrs = parseAttributes(value);
        const mapRange = attrs.BYTERANGE ? byteRange(attrs.BYTERANGE) : null;
        mapUrl = attrs.URI
          ? withRange(resolveUri(attrs.URI, url), mapRange && { ...mapRange, offset: mapRange.offset ?? 0 })
          : null;
        break;
      }
      case 'EXT-X-KEY': {
        const attrs = parseAttributes(value);
        const format = attrs.KEYFORMAT ?? 'identity';
        const drm = drmKeyOf(attrs, url);
        if (attrs.METHOD === 'NONE') key = null;
        else if (attrs.METHOD === 'AES-128' && format === 'identity' && attrs.URI) {
          key = { method: 'AES-128', url: resolveUri(attrs.URI, url), iv: attrs.IV ? initVector(attrs.IV) : null };
        } else if (drm) {
          if (!playlist.drm.some((d) => d.keySystem === drm.keySystem)) playlist.drm.push(drm);
        } else playlist.unsupportedKey = `${attrs.METHOD ?? '?'} ${format}`;
        break;
      }
      case 'EXT-X-BYTERANGE':
        range = byteRange(value);
        break;
      case 'EXT-X-GAP':
        gap = true;
        break;
      case 'EXT-X-PLAYLIST-TYPE':
        if (value === 'VOD' || value === 'EVENT') playlist.playlistType = value;
        break;
      case 'EXT-X-PROGRAM-DATE-TIME': {
        const parsed = Date.parse(value);
        dateMs = Number.isFinite(parsed) ? parsed : null;
        break;
      }
      case 'EXT-X-DISCONTINUITY':
        discontinuity = true;
        break;
      case 'EXTINF':
        duration = Number.parseFloat(value);
        break;
      case 'EXT-X-PART': {
        const a = parseAttributes(value);
        if (!a.URI) break;
        parts.push({
          url: resolveUri(a.URI, url),
          duration: numberAttribute(a, 'DURATION', 0),
          independent: a.INDEPENDENT === 'YES',
        });
        break;
      }
      case 'EXT-X-PRELOAD-HINT': {
        const a = parseAttributes(value);
        if (a.TYPE === 'PART' && a.URI) playlist.preloadHint = resolveUri(a.URI, url);
        break;
      }
      case 'EXT-X-RENDITION-REPORT': {
        const a = parseAttributes(value);
        if (a.URI) {
          playlist.renditionReports.push({
            url: resolveUri(a.URI, url),
            lastMsn: numberAttribute(a, 'LAST-MSN', -1),
            lastPart: numberAttribute(a, 'LAST-PART', -1),
          });
        }
        break;
      }
      case 'EXT-X-INDEPENDENT-SEGMENTS':
        playlist.independentSegments = true;
        break;
      case 'EXT-X-ENDLIST':
        playlist.endList = true;
        break;
      case null: {
        const number = next();
        if (duration === null || !Number.isFinite(duration)) throw new PlaylistError(`segment ${number} has no EXTINF`);
        let segmentUrl = resolveUri(value, url);
        if (range) {
          const offset = range.offset ?? rangeEnd;
          segmentUrl = withRange(segmentUrl, { length: range.length, offset });
          rangeEnd = offset + range.length;
          range = null;
        }
        playlist.segments.push({
          msn: number,
          url: segmentUrl,
          duration,
          dateMs,
          discontinuity,
          parts,
          mapUrl,
          key,
          gap,
        });
        gap = false;
        if (dateMs !== null) dateMs += duration * 1000;
        msn = number + 1;
        parts = [];
        duration = null;
        discontinuity = false;
        break;
      }
    }
  }
  if (parts.length > 0) {
    // The segment in progress: listed by its parts only.
    const partial = parts.reduce((sum, p) => sum + p.duration, 0);
    playlist.segments.push({
      ...{ msn: next(), url: null, duration: partial, dateMs, discontinuity, parts, mapUrl },
      ...{ key, gap: false },
    });
  }
  if (!(playlist.targetDuration > 0)) throw new PlaylistError('media playlist has no EXT-X-TARGETDURATION');
  return playlist;
}

/**
 * A decimal-integer that counts segments (RFC 8216 4.2): anything else, or one past what a
 * double counts exactly (where `n + 1 === n`), is no playlist we can follow.
 */
function sequenceNumber(raw: string, name: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value)) {
    throw new PlaylistError(`${name} is not a segment count: ${raw.slice(0, 32)}`);
  }
  return value;
}

/**
 * A Playlist Delta Update (`_HLS_skip=YES`) with the segments it skipped taken from the
 * previous playlist. null when the previous one no longer holds them all: the caller then
 * asks for the playlist in full.
 */
export function mergeDelta(previous: MediaPlaylist | null, delta: MediaPlaylist): MediaPlaylist | null {
  if (delta.skipped === 0) return delta;
  if (!previous) return null;
  const first = delta.mediaSequence;
  const restored: Segment[] = [];
  for (let msn = first; msn < first + delta.skipped; msn++) {
    const old = previous.segments.find((s) => s.msn === msn);
    if (!old || old.url === null) return null;
    restored.push(old);
  }
  const segments = [...restored, ...delta.segments];
  // Dates run on from the restored segments where the delta did not repeat a date.
  for (let i = Math.max(1, restored.length); i < segments.length; i++) {
    const before = segments[i - 1]!;
    const segment = segments[i]!;
    if (segment.dateMs === null && before.dateMs !== null && !segment.discontinuity) {
      segments[i] = { ...segment, dateMs: before.dateMs + before.duration * 1000 };
    }
  }
  return { ...delta, segments, skipped: 0 };
}

/** The end of the newest part or segment: the live edge, in seconds from the first segment's start. */
export function playlistDuration(playlist: MediaPlaylist): number {
  return playlist.segments.reduce((sum, s) => sum + s.duration, 0);
}

/** The newest part published: [msn, index] or null for a playlist without parts. */
export function lastPart(playlist: MediaPlaylist): { msn: number; index: number } | null {
  for (let i = playlist.segments.length - 1; i >= 0; i--) {
    const s = playlist.segments[i]!;
    if (s.parts.length > 0) return { msn: s.msn, index: s.parts.length - 1 };
  }
  return null;
}

/**
 * The playlist as a player without low latency sees it: whole segments only, no parts, no
 * hint, so it loads complete segments and waits at HOLD-BACK (RFC 8216bis: a client that does
 * not play parts ignores these tags).
 */
export function withoutParts(playlist: MediaPlaylist): MediaPlaylist {
  return {
    ...playlist,
    partTarget: 0,
    preloadHint: null,
    segments: playlist.segments.filter((s) => s.url !== null).map((s) => (s.parts.length ? { ...s, parts: [] } : s)),
  };
}

/** EXT-X-BYTERANGE (and EXT-X-MAP's BYTERANGE): `length[@offset]`, both decimal integers. */
function byteRange(raw: string): { length: number; offset: number | null } {
  const match = /^\s*(\d+)(?:@(\d+))?\s*$/.exec(raw);
  const length = Number(match?.[1]);
  const offset = match?.[2] === undefined ? null : Number(match[2]);
  if (!match || !Number.isSafeInteger(length) || length <= 0 || (offset !== null && !Number.isSafeInteger(offset))) {
    throw new PlaylistError(`a byte range that is not length[@offset]: ${raw.slice(0, 32)}`);
  }
  return { length, offset };
}

/** An IV attribute: 0x and 32 hex digits (RFC 8216 4.3.2.4). */
function initVector(raw: string): Uint8Array {
  const hex = /^0[xX]([0-9a-fA-F]{1,32})$/.exec(raw.trim())?.[1];
  if (!hex) throw new PlaylistError(`an IV that is not a 128-bit hexadecimal number: ${raw.slice(0, 40)}`);
  const bytes = new Uint8Array(16);
  const padded = hex.padStart(32, '0');
  for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(padded.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * The marker a byte range travels under in a piece's URL: a fragment, which is never sent to
 * the server, so the range stays with the URL through every map and cache the engine keys by
 * URL (the start prefetch, the init segment in force), and the loader turns it into a Range
 * header (engine/loader.ts requestFor).
 */
export const RANGE_FRAGMENT = '#onair-bytes=';

function withRange(url: string, range: { length: number; offset: number } | null): string {
  if (!range) return url;
  const base = url.split('#')[0]!;
  return `${base}${RANGE_FRAGMENT}${range.offset}-${range.offset + range.length - 1}`;
}
