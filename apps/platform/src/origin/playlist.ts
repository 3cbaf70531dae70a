/**
 * HLS playlist text (RFC 8216). Pure functions of their inputs (and of the
 * clock value passed in).
 */

import { publishedWindow, segmentStartMs } from './timeline.ts';
import { AUDIO_ONLY_GROUP, videoGroup } from './video-groups.ts';
import type { VideoGroup } from './video-groups.ts';

export interface VariantStream {
  uri: string;
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  width: number;
  height: number;
  frameRate: number;
}

/** A variant without a picture (audio-rendition.ts): its height is 0. */
const isAudioOnly = (v: VariantStream): boolean => v.height === 0;

export interface MediaSegmentEntry {
  uri: string;
  durationS: number;
  /** Wall-clock time of the segment's first sample, ms since the epoch. */
  programDateTimeMs: number;
}

export interface MediaPlaylist {
  targetDurationS: number;
  mediaSequence: number;
  mapUri: string;
  segments: readonly MediaSegmentEntry[];
}

// EXT-X-MAP in a playlist without I-FRAMES-ONLY needs version 6; 7 leaves
// room for the LL-HLS tags, none of which needs a higher one (only the
// EXT-X-SKIP of a delta update does: ll-playlist.ts).
export const PLAYLIST_VERSION = 7;

export function quoted(value: string): string {
  if (/["\r\n]/.test(value)) throw new RangeError(`cannot quote ${JSON.stringify(value)} in a playlist`);
  return `"${value}"`;
}

export function uriLine(uri: string): string {
  if (uri === '' || /[\r\n]/.test(uri) || uri.startsWith('#'))
    throw new RangeError(`bad playlist URI ${JSON.stringify(uri)}`);
  return uri;
}

export function formatProgramDateTime(ms: number): string {
  // toISOString always yields milliseconds and a Z suffix.
  return new Date(ms).toISOString();
}

/** An EXT-X-SESSION-DATA entry pointing at a resource (RFC 8216 §4.3.4.4). */
export interface SessionData {
  /** Reverse-DNS name, e.g. com.onair.server-time. */
  dataId: string;
  uri: string;
}

export interface MultivariantOptions {
  /**
   * URI of the variant carrying the broadcaster's original, the source
   * quality. Default: the highest-bandwidth variant. The origin names it
   * explicitly because a variant it merely advertises may rank higher
   * (advertised-variants.ts) without being the original.
   */
  sourceUri?: string;
  sessionData?: readonly SessionData[];
  /** EXT-X-MEDIA lines of a SUBTITLES group every variant plays with (subtitles.ts). */
  subtitles?: { groupId: string; media: readonly string[] };
}

export function renderMultivariantPlaylist(
  variants: readonly VariantStream[],
  options: MultivariantOptions = {},
): string {
  const lines = ['#EXTM3U', `#EXT-X-VERSION:${PLAYLIST_VERSION}`, '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const d of options.sessionData ?? []) {
    lines.push(`#EXT-X-SESSION-DATA:DATA-ID=${quoted(d.dataId)},URI=${quoted(d.uri)}`);
  }
  // Audio-only last, as Twitch lists it: a player that starts on the first variant listed
  // (RFC 8216 §6.3.1 lets it) starts with a picture.
  const ordered = [...variants].sort(
    (a, b) => Number(isAudioOnly(a)) - Number(isAudioOnly(b)) || a.bandwidth - b.bandwidth,
  );
  const sourceUri = options.sourceUri ?? ordered.filter((v) => !isAudioOnly(v)).at(-1)?.uri;
  if (ordered.length > 0 && ordered.filter((v) => v.uri === sourceUri).length !== 1) {
    throw new RangeError(`the source ${JSON.stringify(sourceUri)} must be exactly one of the variants`);
  }
  // A group is declared once, next to its first variant (as Twitch does);
  // two variants of the same quality share it rather than redeclare it.
  const subtitles = options.subtitles?.media.length ? options.subtitles : null;
  if (subtitles) lines.push(...subtitles.media);
  const declared = new Set<string>();
  for (const v of ordered) {
    const audioOnly = isAudioOnly(v);
    const group = audioOnly ? AUDIO_ONLY_GROUP : videoGroup(v, v.uri === sourceUri);
    if (!declared.has(group.id)) lines.push(renderVideoMedia(group, !audioOnly));
    declared.add(group.id);
    const attributes = [
      `BANDWIDTH=${Math.ceil(v.bandwidth)}`,
      `AVERAGE-BANDWIDTH=${Math.ceil(v.averageBandwidth)}`,
      `CODECS=${quoted(v.codecs)}`,
      ...(audioOnly ? [] : [`RESOLUTION=${v.width}x${v.height}`, `FRAME-RATE=${v.frameRate.toFixed(3)}`]),
      `VIDEO=${quoted(group.id)}`,
      ...(subtitles ? [`SUBTITLES=${quoted(subtitles.groupId)}`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, uriLine(v.uri));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The group's only rendition. No URI: its video is in the variant stream
 * itself (RFC 8216 §4.3.4.1). DEFAULT=YES as the group's only member, and
 * AUTOSELECT must then be YES as well (§4.3.4.1); the audio-only group is
 * neither (a player picks it only when asked to).
 */
function renderVideoMedia(group: VideoGroup, selectable: boolean): string {
  const select = selectable ? 'AUTOSELECT=YES,DEFAULT=YES' : 'AUTOSELECT=NO,DEFAULT=NO';
  return `#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID=${quoted(group.id)},NAME=${quoted(group.name)},${select}`;
}

export function renderMediaPlaylist(playlist: MediaPlaylist): string {
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${PLAYLIST_VERSION}`,
    `#EXT-X-TARGETDURATION:${playlist.targetDurationS}`,
    `#EXT-X-MEDIA-SEQUENCE:${playlist.mediaSequence}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI=${quoted(playlist.mapUri)}`,
  ];
  for (const s of playlist.segments) {
    if (s.durationS > playlist.targetDurationS) {
      // A segment longer than the target duration is a spec violation that
      // players handle badly; fail loudly instead.
      throw new RangeError(`segment ${s.uri} is longer than the target duration`);
    }
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${formatProgramDateTime(s.programDateTimeMs)}`,
      `#EXTINF:${s.durationS.toFixed(3)},`,
      uriLine(s.uri),
    );
  }
  // No EXT-X-ENDLIST: the stream is live and never ends.
  return `${lines.join('\n')}\n`;
}

export interface LiveWindowOptions {
  segmentDurationMs: number;
  /** How many of the newest published segments to list. */
  windowSize: number;
  mapUri?: string;
  segmentUri?: (msn: number) => string;
}

/** The rolling live media playlist as it stands at `nowMs`. */
export function renderLiveMediaPlaylist(nowMs: number, options: LiveWindowOptions): string {
  const { segmentDurationMs, windowSize } = options;
  const segmentUri = options.segmentUri ?? ((msn: number) => `seg-${msn}.m4s`);
  const window = publishedWindow(nowMs, segmentDurationMs, windowSize);
  const segments: MediaSegmentEntry[] = [];
  for (let msn = window.first; msn <= window.last; msn++) {
    segments.push({
      uri: segmentUri(msn),
      durationS: segmentDurationMs / 1000,
      programDateTimeMs: segmentStartMs(msn, segmentDurationMs),
    });
  }
  return renderMediaPlaylist({
    targetDurationS: Math.ceil(segmentDurationMs / 1000),
    mediaSequence: window.first,
    mapUri: options.mapUri ?? 'init.mp4',
    segments,
  });
}
