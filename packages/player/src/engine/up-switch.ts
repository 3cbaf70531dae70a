import type { MediaPlaylist } from '../hls/media-playlist.ts';
import { segmentAtOrBefore, type TimeReference } from './timeline-anchor.ts';

/**
 * A step up inside the buffer, for a live low-latency buffer (issue 36: back up within 1 s of
 * the bandwidth returning).
 *
 * The ABR rule switches at the next independent part the engine loads, which is at the
 * buffered end: the higher rendition then reaches the screen only once the element has played
 * the buffer ahead of it, and that first waits for the next segment to begin at the live edge.
 * Measured in the bench's 8 → 0.6 → 8 Mbit/s profile: the estimate was back 0.33 s after the
 * link, the switch came 0.8 s later, and 720p was on screen 2.05 s after the link.
 *
 * Where a segment of the stream begins inside what is buffered ahead of the position, the
 * engine loads it again from there in the higher rendition and replaces the lower one's media
 * from that key frame on (held until it reaches the buffered end, as a step down's: switch-hold.ts).
 * The element then shows the higher rendition as soon as it plays to that segment.
 */

/**
 * How far ahead of the position a replacement may begin (s): the element has already taken the
 * frames just ahead of its position for decoding, and frames it has taken are not replaced
 * where it shows them. The position itself is projected (the page reports it every 250 ms).
 */
export const UP_SWITCH_MARGIN_S = 0.3;
/**
 * A segment beginning this close to the buffered end (s) is the next independent part the
 * engine loads anyway: the ordinary switch takes it.
 */
export const UP_SWITCH_MIN_REPLACE_S = 0.05;
/**
 * Only with at most this much buffered ahead (s): a longer buffer (a paused or on-demand
 * player) would be loaded again for a switch the viewer sees no sooner than its own length.
 */
export const UP_SWITCH_MAX_BUFFER_S = 2;

/**
 * The segment of `playlist` from whose start the higher rendition replaces what is buffered:
 * the first that begins at least UP_SWITCH_MARGIN_S after `position` and before the buffered
 * end; null where none does (the ordinary switch at the buffered end then comes), where the
 * buffer is too long, or where that segment starts a new timeline or is missing (a
 * discontinuity, EXT-X-GAP: not replaced).
 * `reference`: where the main track's segment `msn` starts on the element's timeline.
 */
export function upSwitchSegment(
  playlist: MediaPlaylist,
  reference: Pick<TimeReference, 'msn' | 'start'> | null,
  position: number,
  bufferedEnd: number,
): number | null {
  if (bufferedEnd - position > UP_SWITCH_MAX_BUFFER_S) return null;
  const from = segmentAtOrBefore(playlist, reference, position);
  if (!from) return null;
  const segments = playlist.segments;
  for (let { index: i, start } = from; i < segments.length; start += segments[i]!.duration, i += 1) {
    if (start < position + UP_SWITCH_MARGIN_S) continue;
    if (start > bufferedEnd - UP_SWITCH_MIN_REPLACE_S) return null;
    const segment = segments[i]!;
    return segment.discontinuity || segment.gap ? null : segment.msn;
  }
  return null;
}
