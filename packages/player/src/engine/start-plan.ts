import type { MediaPlaylist } from '../hls/media-playlist.ts';
import { listedPieces, startCursor, startLatency, type Cursor } from './part-scheduler.ts';
import { START_PREFETCH_MAX } from './start-prefetch.ts';

/** Where a generation starts, and what it asks for at once. */
export interface StartPlan {
  /** The first piece to load: an independent part (or a segment) `latencyS` from the edge. */
  cursor: Cursor;
  /** Seconds into that piece where playback should start (the start seek's offset). */
  offset: number;
  /** How far behind the live edge this start aims. */
  latencyS: number;
  /**
   * A VOD or EVENT playlist: played from its start, as a recording is. Its age then says nothing
   * about where to start (a live window's does: the edge moved on since it was written).
   */
  fromStart: boolean;
  /** The start's init segment, or null when the one in force serves (or the segment has none). */
  mapUrl: string | null;
  /** What to request at once, in order: the init segment first, then the first pieces. */
  urls: string[];
}

/**
 * The start of a generation, from the newest playlist (pure): the latency to aim at
 * (part-scheduler.ts startLatency), the piece there, and the requests to make together. The
 * init segment comes first: a browser opens 6 connections to an HTTP/1.1 origin, and behind
 * the parts it waited for one (the blocking playlist reload holds another). Null while the
 * playlist lists nothing to start from.
 */
export function planStart(
  playlist: MediaPlaylist,
  lowLatency: boolean,
  needsInit: (mapUrl: string) => boolean,
  /** Where a seek put the position: that segment, from its start (no start seek of its own). */
  at: number | null = null,
): StartPlan | null {
  // VOD and EVENT playlists play from their start, as a recording does; a live window at its edge.
  const fromStart = playlist.playlistType !== null || playlist.endList;
  const total = playlist.segments.reduce((sum, s) => sum + s.duration, 0);
  const latencyS = fromStart ? total : startLatency(playlist, lowLatency);
  const listed = at !== null && playlist.segments.some((s) => s.msn === at);
  const start = listed ? { cursor: { msn: at, part: 0 }, offset: 0 } : startCursor(playlist, latencyS);
  if (!start) return null;
  const pieces = listedPieces(playlist, start.cursor, START_PREFETCH_MAX);
  const map = playlist.segments.find((s) => s.msn === start.cursor.msn)?.mapUrl ?? null;
  const mapUrl = map && needsInit(map) ? map : null;
  return {
    cursor: start.cursor,
    offset: start.offset,
    latencyS,
    fromStart,
    mapUrl,
    urls: [...(mapUrl ? [mapUrl] : []), ...pieces.map((piece) => piece.url)],
  };
}
