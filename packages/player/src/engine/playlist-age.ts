/**
 * How old a live playlist already was when it arrived (pure).
 *
 * A classic live playlist (no parts, no blocking reload) served by a static server is written
 * once per segment and then read for a whole target duration: on arrival it may be anything
 * from fresh to one target duration old, and a start aimed "three target durations behind
 * its end" lands that much further behind the packager. hls.js counts only the time since the
 * playlist arrived; the server's Last-Modified (CORS-safelisted, sent by every static server
 * and kept by CDNs) says when the packager wrote it, on the server's clock.
 *
 * Last-Modified has one-second resolution, truncated: the file was written in
 * [modified, modified + 1 s), so the middle of that second is taken. The two clocks may
 * disagree: an age below zero (the viewer's clock behind) counts as fresh, and one beyond
 * `maxMs` (a clock well ahead, or an origin that stopped writing) is no clock at all, so a
 * start never moves nearer the edge on a clock it cannot trust. `maxMs` is the playlist's
 * target duration: no honest live playlist is older (RFC 8216bis 6.2.2).
 */
export function ageAtArrivalMs(modifiedMs: number | null, arrivedEpochMs: number, maxMs: number): number {
  if (modifiedMs === null || !Number.isFinite(modifiedMs)) return 0;
  const age = arrivedEpochMs - (modifiedMs + LAST_MODIFIED_RESOLUTION_MS / 2);
  if (age > maxMs) return 0;
  return Math.max(0, age);
}

/** Last-Modified is an HTTP date: whole seconds. */
export const LAST_MODIFIED_RESOLUTION_MS = 1000;
