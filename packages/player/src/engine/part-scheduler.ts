import { lowLatencyTarget } from '../rules/catch-up.ts';
import type { MediaPlaylist, Segment } from '../hls/media-playlist.ts';

/**
 * Where the engine is in the stream: the next piece to load is part `part` of segment `msn`
 * (part 0 of a segment whose parts are no longer listed means the whole segment).
 */
export interface Cursor {
  msn: number;
  part: number;
}

/** Where the main track's start is: its segment, and that segment's date when the playlist has one. */
export interface TrackStart {
  msn: number;
  dateMs: number | null;
}

/** What to load next, decided from the latest playlist alone (pure; the engine does the I/O). */
export type NextLoad =
  | {
      kind: 'part';
      url: string;
      cursor: Cursor;
      duration: number;
      independent: boolean;
      dateMs: number | null;
      next: Cursor;
    }
  | { kind: 'segment'; url: string; cursor: Cursor; duration: number; dateMs: number | null; next: Cursor }
  /** The preload-hinted part: requested now, the origin answers the moment it is published. */
  | { kind: 'hint'; url: string; cursor: Cursor; duration: number; independent: boolean; next: Cursor }
  /** Nothing known yet: wait for the next playlist. */
  | { kind: 'wait' }
  /** The cursor fell out of the playlist's window (a long stall): start again at the edge. */
  | { kind: 'behind' }
  | { kind: 'ended' };

/** The position just after the newest listed part (or segment): what a blocking reload waits for. */
export function afterLast(playlist: MediaPlaylist): Cursor {
  const last = playlist.segments[playlist.segments.length - 1];
  if (!last) return { msn: playlist.mediaSequence, part: 0 };
  return last.url === null ? { msn: last.msn, part: last.parts.length } : { msn: last.msn + 1, part: 0 };
}

function dateOfPart(segment: Segment, index: number): number | null {
  if (segment.dateMs === null) return null;
  let offset = 0;
  for (let i = 0; i < index; i++) offset += segment.parts[i]!.duration;
  return segment.dateMs + offset * 1000;
}

/**
 * Whether a segment's first part may be taken as independent before it is listed (a hinted
 * part 0): the playlist says every segment starts on one, or every listed first part is.
 */
function startsIndependent(playlist: MediaPlaylist): boolean {
  if (playlist.independentSegments) return true;
  const firsts = playlist.segments.filter((s) => s.parts.length > 0).map((s) => s.parts[0]!);
  return firsts.length > 0 && firsts.every((p) => p.independent);
}

export function nextLoad(playlist: MediaPlaylist, cursor: Cursor): NextLoad {
  const first = playlist.segments[0];
  if (!first || cursor.msn < first.msn) return first ? { kind: 'behind' } : { kind: 'wait' };
  const segment = playlist.segments.find((s) => s.msn === cursor.msn);
  // EXT-X-GAP: nothing to load for it (the page moves the position over the hole).
  if (segment?.gap) return nextLoad(playlist, { msn: cursor.msn + 1, part: 0 });
  if (segment) {
    const part = segment.parts[cursor.part];
    if (part) {
      const complete = segment.url !== null && cursor.part === segment.parts.length - 1;
      return {
        kind: 'part',
        url: part.url,
        cursor,
        duration: part.duration,
        independent: part.independent,
        dateMs: dateOfPart(segment, cursor.part),
        next: complete ? { msn: cursor.msn + 1, part: 0 } : { msn: cursor.msn, part: cursor.part + 1 },
      };
    }
    if (segment.url !== null && segment.parts.length === 0 && cursor.part === 0) {
      return {
        kind: 'segment',
        url: segment.url,
        cursor,
        duration: segment.duration,
        dateMs: segment.dateMs,
        next: { msn: cursor.msn + 1, part: 0 },
      };
    }
    // Every part of a complete segment is loaded: move on.
    if (segment.url !== null) return nextLoad(playlist, { msn: cursor.msn + 1, part: 0 });
  }
  if (playlist.endList) return { kind: 'ended' };
  const after = afterLast(playlist);
  if (playlist.preloadHint && after.msn === cursor.msn && after.part === cursor.part) {
    return {
      kind: 'hint',
      url: playlist.preloadHint,
      cursor,
      duration: playlist.partTarget,
      independent: cursor.part === 0 && startsIndependent(playlist),
      next: { msn: cursor.msn, part: cursor.part + 1 },
    };
  }
  return { kind: 'wait' };
}

/**
 * Where a step down resumes in another rendition (abandon.ts): the newest part at or before
 * `cursor`, in its segment, that the playlist lists as independent; else the segment's first
 * part, which always is. A rendition with a keyframe in every part resumes at the abandoned
 * part itself and loads only what the buffer lacks; one with a keyframe per segment loads the
 * segment again from its start.
 */
export function independentAtOrBefore(playlist: MediaPlaylist, cursor: Cursor): Cursor {
  const parts = playlist.segments.find((s) => s.msn === cursor.msn)?.parts ?? [];
  for (let index = Math.min(cursor.part, parts.length - 1); index > 0; index--) {
    if (parts[index]!.independent) return { msn: cursor.msn, part: index };
  }
  return { msn: cursor.msn, part: 0 };
}

/**
 * The pieces the playlist lists from `cursor` on, in order, at most `max`: all published, so
 * a start can ask for them together instead of one round trip each (the preload hint, not yet
 * published, is left to the media loop).
 */
export function listedPieces(
  playlist: MediaPlaylist,
  cursor: Cursor,
  max: number,
): Extract<NextLoad, { kind: 'part' | 'segment' }>[] {
  const pieces: Extract<NextLoad, { kind: 'part' | 'segment' }>[] = [];
  let at = cursor;
  while (pieces.length < max) {
    const next = nextLoad(playlist, at);
    if (next.kind !== 'part' && next.kind !== 'segment') break;
    pieces.push(next);
    at = next.next;
  }
  return pieces;
}

/**
 * The first piece to load for a start `latency` seconds behind the live edge: the newest
 * independent part (or, without parts, the segment) that starts at or before that point, so
 * the decoder starts on a keyframe and the position sits at most one segment earlier.
 * `offset` is the wanted position's distance into that piece.
 */
export function startCursor(playlist: MediaPlaylist, latency: number): { cursor: Cursor; offset: number } | null {
  const starts: { cursor: Cursor; at: number }[] = [];
  let at = 0;
  for (const segment of playlist.segments) {
    if (segment.parts.length > 0) {
      let partAt = at;
      segment.parts.forEach((part, index) => {
        if (part.independent || index === 0) starts.push({ cursor: { msn: segment.msn, part: index }, at: partAt });
        partAt += part.duration;
      });
    } else if (segment.url !== null) {
      starts.push({ cursor: { msn: segment.msn, part: 0 }, at });
    }
    at += segment.duration;
  }
  if (starts.length === 0) return null;
  const wanted = Math.max(0, at - latency);
  const chosen = [...starts].reverse().find((s) => s.at <= wanted) ?? starts[0]!;
  return { cursor: chosen.cursor, offset: Math.max(0, wanted - chosen.at) };
}

/** The blocking-reload URL for `cursor` (`_HLS_msn`/`_HLS_part`), asking for a delta update when offered. */
export function blockingReloadUrl(url: string, cursor: Cursor, options: { parts: boolean; skip: boolean }): string {
  const target = new URL(url);
  target.searchParams.set('_HLS_msn', String(cursor.msn));
  if (options.parts) target.searchParams.set('_HLS_part', String(cursor.part));
  if (options.skip) target.searchParams.set('_HLS_skip', 'YES');
  return target.href;
}

/** The distance behind the live edge to start at: our low-latency target, else HOLD-BACK (or 3 target durations). */
export function startLatency(playlist: MediaPlaylist, lowLatency: boolean): number {
  const control = playlist.serverControl;
  const low = lowLatency ? lowLatencyTarget(control.partHoldBack, playlist.partTarget) : null;
  return low ?? (control.holdBack > 0 ? control.holdBack : 3 * playlist.targetDuration);
}
