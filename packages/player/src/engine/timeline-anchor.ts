import type { MediaPlaylist } from '../hls/media-playlist.ts';
import type { Cursor } from './part-scheduler.ts';
import type { EngineTimeline } from './protocol.ts';

/**
 * Where a loaded piece sits on the element's timeline: the start of part `cursor.part` of
 * segment `cursor.msn` decodes at `mediaTime` (its tfdt). With it, any playlist position maps
 * onto the element's time, whatever the origin's timestamps are (ours are epoch seconds, others
 * start near zero), with or without program-date-time.
 */
export interface Anchor {
  msn: number;
  /** Seconds from the segment's start to the piece's start. */
  offset: number;
  mediaTime: number;
}

/** The main track's segment `msn` starts at element time `start`; `dateOffset` as EngineTimeline's. */
export interface TimeReference {
  msn: number;
  start: number;
  dateOffset: number | null;
}

/**
 * Where a walk along the playlist's segments on the element's timeline begins: the reference's
 * segment, or the one before it that starts at or before `position` (its index and start); null
 * without a reference, a position, or where the playlist no longer lists the reference's segment.
 */
export function segmentAtOrBefore(
  playlist: MediaPlaylist,
  reference: Pick<TimeReference, 'msn' | 'start'> | null,
  position: number,
): { index: number; start: number } | null {
  if (!reference || !Number.isFinite(position)) return null;
  let index = playlist.segments.findIndex((s) => s.msn === reference.msn);
  if (index < 0) return null;
  let start = reference.start;
  while (index > 0 && start > position) start -= playlist.segments[--index]!.duration;
  return { index, start };
}

/** Seconds from the segment's start to part `cursor.part` (the listed parts before it). */
export function offsetInSegment(playlist: MediaPlaylist, cursor: Cursor): number {
  const segment = playlist.segments.find((s) => s.msn === cursor.msn);
  if (!segment) return 0;
  let offset = 0;
  for (let i = 0; i < Math.min(cursor.part, segment.parts.length); i++) offset += segment.parts[i]!.duration;
  return offset;
}

/**
 * The playlist's live edge (the end of its newest part) on the element's timeline, or null
 * when the anchor's segment has left the playlist.
 */
export function edgeTime(playlist: MediaPlaylist, anchor: Anchor): number | null {
  const segmentStart = anchor.mediaTime - anchor.offset;
  const index = playlist.segments.findIndex((s) => s.msn === anchor.msn);
  const last = playlist.segments[playlist.segments.length - 1];
  if (index < 0) {
    // A piece loaded from the preload hint can be newer than every listed segment.
    return last && anchor.msn === last.msn + 1 ? segmentStart : null;
  }
  let end = segmentStart;
  for (let i = index; i < playlist.segments.length; i++) end += playlist.segments[i]!.duration;
  return end;
}

/** Epoch seconds minus element time, from a piece whose program-date-time is known. */
export function dateOffset(dateMs: number | null, mediaTime: number): number | null {
  return dateMs === null ? null : dateMs / 1000 - mediaTime;
}

/**
 * The engine's view of its timeline: the newest anchor and the date offset, and the
 * `timeline` event they make with the newest playlist. Reset for each generation.
 */
export class MediaTimeline {
  private anchor: Anchor | null = null;
  private date: number | null = null;

  get anchored(): boolean {
    return this.anchor !== null;
  }

  reset(): void {
    this.anchor = null;
  }

  /** A piece starting at `mediaTime` was appended; `dateMs` its program-date-time when listed. */
  record(playlist: MediaPlaylist, cursor: Cursor, mediaTime: number, dateMs: number | null): void {
    this.anchor = { msn: cursor.msn, offset: offsetInSegment(playlist, cursor), mediaTime };
    this.date = dateOffset(dateMs, mediaTime) ?? this.date;
  }

  /**
   * The segment of `playlist` that holds `position` (element time), by the anchor and the
   * segments' durations; null before the first anchor or outside the playlist's window.
   */
  segmentAt(playlist: MediaPlaylist, position: number): number | null {
    const anchor = this.anchor;
    const segments = playlist.segments;
    let i = anchor ? segments.findIndex((s) => s.msn === anchor.msn) : -1;
    if (!anchor || i < 0) return null;
    let start = anchor.mediaTime - anchor.offset;
    while (i > 0 && position < start) start -= segments[--i]!.duration;
    while (i < segments.length - 1 && position >= start + segments[i]!.duration) start += segments[i++]!.duration;
    const inside = position >= start - 0.5 && position < start + segments[i]!.duration + 0.5;
    return inside ? segments[i]!.msn : null;
  }

  /**
   * Where the main track's segment `msn` starts on the element's timeline, and the date
   * offset: what other renditions' playlists are placed by (subtitle-loop.ts); null before the
   * first anchor.
   */
  reference(): TimeReference | null {
    const anchor = this.anchor;
    return anchor && { msn: anchor.msn, start: anchor.mediaTime - anchor.offset, dateOffset: this.date };
  }

  /** What the page needs for latency and program-date-time; null before the first anchor. */
  timeline(playlist: MediaPlaylist): EngineTimeline | null {
    const edge = this.anchor ? edgeTime(playlist, this.anchor) : null;
    if (edge === null) return null;
    return {
      live: !playlist.endList,
      targetDuration: playlist.targetDuration,
      partTarget: playlist.partTarget,
      partHoldBack: playlist.serverControl.partHoldBack,
      edgeTime: edge,
      dateOffset: this.date,
    };
  }
}
