import type { MediaPlaylist } from '../hls/media-playlist.ts';
import { segmentAtOrBefore, type TimeReference } from './timeline-anchor.ts';

/**
 * Playing across a segment the playlist declares missing (EXT-X-GAP: an encoder outage, a
 * packager that lost its input). The engine loads nothing for it (part-scheduler.ts), so the
 * buffer has a hole the segment's length, and the page's own gap jump (sinks/worker/gap-jump.ts)
 * hops only holes up to a second: a hole it cannot tell from media still on its way. The engine
 * knows this one is for good, so it moves the position past it once playback reaches it.
 */

/** A gap that begins this close ahead of the position (s) is reached: playback stops at its edge. */
export const GAP_NEAR_S = 0.1;
/** Where the position lands past the gap: just inside the next segment's media. */
export const GAP_LANDING_S = 0.01;

/**
 * The end (s, on the element's timeline) of the declared gap the position is at or inside,
 * through the gap segments that follow it; null where the position is not at one.
 * `reference`: where the main track's segment `msn` starts on the element's timeline.
 */
export function declaredGapEnd(
  playlist: MediaPlaylist,
  reference: Pick<TimeReference, 'msn' | 'start'> | null,
  position: number,
): number | null {
  const from = segmentAtOrBefore(playlist, reference, position);
  if (!from) return null;
  const segments = playlist.segments;
  for (let { index: i, start } = from; i < segments.length; start += segments[i]!.duration, i += 1) {
    const segment = segments[i]!;
    if (start + segment.duration <= position) continue;
    if (start > position + GAP_NEAR_S) return null;
    if (!segment.gap) continue;
    let end = start + segment.duration;
    for (let j = i + 1; j < segments.length && segments[j]!.gap; j += 1) end += segments[j]!.duration;
    return end;
  }
  return null;
}
