import type { MediaPlaylist, Segment } from '../hls/media-playlist.ts';

/**
 * The media playlist a native HLS player is given by the live-manifest worker (pure; the table
 * of cases is in native-playlist.test.ts, the reasons in docs/player.md). The native player
 * knows nothing of parts, so the LL-HLS tags go (parts, preload hint, rendition reports, server
 * control, skip), every URI becomes absolute (the answer is a data: URL, which is no base for a
 * relative one), and what the worker decides is written in: where playback starts, the target
 * duration it polls by, the segment in progress listed whole.
 */
export interface NativeRewriteOptions {
  /**
   * List only the newest this-many whole segments: the first answer of a playback, which sets
   * where the native player starts (it starts a few segments from the end of what it is given).
   * null: every segment.
   */
  startWindow: number | null;
  /** EXT-X-TARGETDURATION 0: the native player asks again as soon as an answer comes (the worker paces it). */
  transformTargetDuration: boolean;
  /** The segment in progress, listed whole at this URL (convertPrefetchSegment); null leaves it out. */
  prefetchUrl: ((msn: number) => string) | null;
  /** EXT-X-DISCONTINUITY-SEQUENCE of the origin's playlist (the parser keeps no count of its own). */
  discontinuitySequence: number;
}

export interface NativePlaylist {
  text: string;
  /** What the answer lists, oldest first (availableSegments). */
  segments: { msn: number; url: string; programDateTime: number | null; duration: number }[];
  /** The origin's target duration (s), whatever the answer announces. */
  targetDuration: number;
}

/** The playlist tags a rewrite cannot carry over faithfully: such a playlist passes through untouched. */
const FOREIGN_TAGS = /^#EXT-X-(KEY|SESSION-KEY|BYTERANGE|GAP|PART:.*BYTERANGE)/m;

/** Whether the worker may rewrite this playlist text (encrypted, byte-range or gap playlists pass as they are). */
export function canRewrite(text: string): boolean {
  return !FOREIGN_TAGS.test(text);
}

/** EXT-X-DISCONTINUITY-SEQUENCE, 0 where the playlist has none. */
export function discontinuitySequence(text: string): number {
  const match = /^#EXT-X-DISCONTINUITY-SEQUENCE:(\d+)/m.exec(text);
  return match ? Number(match[1]) : 0;
}

const seconds = (value: number) => value.toFixed(3);

/**
 * The newest whole segment of a playlist (null: none yet). A segment in progress has no URL.
 */
export function newestWholeSegment(playlist: MediaPlaylist): Segment | null {
  for (let i = playlist.segments.length - 1; i >= 0; i--) {
    const segment = playlist.segments[i]!;
    if (segment.url !== null) return segment;
  }
  return null;
}

export function rewriteForNative(playlist: MediaPlaylist, options: NativeRewriteOptions): NativePlaylist {
  const whole = playlist.segments.filter((s): s is Segment & { url: string } => s.url !== null);
  const kept = options.startWindow === null ? whole : whole.slice(-Math.max(1, options.startWindow));
  const listed: { segment: Segment; url: string }[] = kept.map((segment) => ({ segment, url: segment.url }));
  const inProgress = playlist.segments.at(-1);
  if (options.prefetchUrl && inProgress && inProgress.url === null && !playlist.endList) {
    // Listed at its full length: the native player plans by EXTINF, and the answer to a request
    // for it waits until it is whole.
    const segment = { ...inProgress, duration: playlist.targetDuration };
    listed.push({ segment, url: options.prefetchUrl(inProgress.msn) });
  }

  const droppedBefore = whole.length - kept.length;
  // Every discontinuity the window drops counts into the sequence (RFC 8216 §4.3.3.3).
  const dropped = whole.slice(0, droppedBefore).filter((s) => s.discontinuity).length;
  // Nothing listed: the next whole segment is the first one a later answer lists.
  const first = listed[0]?.segment.msn ?? playlist.mediaSequence + whole.length;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${options.transformTargetDuration ? 0 : Math.ceil(playlist.targetDuration)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
  ];
  const sequence = options.discontinuitySequence + dropped;
  if (sequence > 0) lines.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${sequence}`);
  if (playlist.independentSegments) lines.push('#EXT-X-INDEPENDENT-SEGMENTS');

  let map: string | null = null;
  for (const { segment, url } of listed) {
    if (segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    if (segment.mapUrl !== null && segment.mapUrl !== map) {
      map = segment.mapUrl;
      lines.push(`#EXT-X-MAP:URI="${map}"`);
    }
    if (segment.dateMs !== null) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.dateMs).toISOString()}`);
    lines.push(`#EXTINF:${seconds(segment.duration)},`, url);
  }
  if (playlist.endList) lines.push('#EXT-X-ENDLIST');

  return {
    text: `${lines.join('\n')}\n`,
    segments: listed.map(({ segment, url }) => ({
      msn: segment.msn,
      url,
      programDateTime: segment.dateMs,
      duration: segment.duration,
    })),
    targetDuration: playlist.targetDuration,
  };
}

/**
 * Absolute URIs in a multivariant playlist, every other line as it was: the native player reads
 * it from a data: URL, which no relative URI can be resolved against.
 */
export function absoluteMultivariant(text: string, base: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      if (line === '') return line;
      if (!line.startsWith('#')) return new URL(line.trim(), base).href;
      return line.replace(/URI="([^"]*)"/g, (_match, uri: string) => `URI="${new URL(uri, base).href}"`);
    })
    .join('\n');
}
