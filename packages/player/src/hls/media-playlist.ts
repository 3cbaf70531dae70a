import { numberAttribute, parseAttributes, PlaylistError, playlistLines, requireExtM3u, resolveUri } from './m3u8.ts';

/** An EXT-X-PART (LL-HLS): a piece of a segment, published before the segment is whole. */
export interface Part {
  url: string;
  duration: number;
  /** Starts with an independent frame: playback or a switch may begin here. */
  independent: boolean;
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
  };
  let parts: Part[] = [];
  let duration: number | null = null;
  let dateMs: number | null = null;
  let discontinuity = false;
  let mapUrl: string | null = null;
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
        const uri = parseAttributes(value).URI;
        mapUrl = uri ? resolveUri(uri, url) : null;
        break;
      }
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
        playlist.segments.push({
          msn: number,
          url: resolveUri(value, url),
          duration,
          dateMs,
          discontinuity,
          parts,
          mapUrl,
        });
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
    playlist.segments.push({ msn: next(), url: null, duration: partial, dateMs, discontinuity, parts, mapUrl });
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
