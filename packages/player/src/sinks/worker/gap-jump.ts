/** The largest hole in the buffer playback hops over (s): a missing part or two, never a segment's worth. */
export const MAX_GAP_S = 1;

/**
 * Where to put a position stuck before a hole in the buffer (SPEC §7 onClientSink "gap jump"),
 * or null: playing, not inside any buffered range, and the next range starts within MAX_GAP_S.
 * A part the origin never published (an encoder hiccup) would otherwise stall playback until
 * the buffering watchdog reloads.
 */
export function gapJump(
  video: Pick<HTMLMediaElement, 'paused' | 'currentTime' | 'buffered' | 'readyState'>,
): number | null {
  if (video.paused || video.readyState >= 3) return null;
  const position = video.currentTime;
  const ranges = video.buffered;
  for (let i = 0; i < ranges.length; i++) {
    if (ranges.start(i) <= position && position < ranges.end(i) - 0.05) return null;
    if (ranges.start(i) > position && ranges.start(i) - position <= MAX_GAP_S) return ranges.start(i) + 0.01;
  }
  return null;
}
