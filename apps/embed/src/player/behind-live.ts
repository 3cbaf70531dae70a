/**
 * Whether playback is behind the live edge, said plainly (issue 15): the live badge dims and
 * the control bar says "12 s behind" with a Go live button.
 *
 * Behind what? Each stream has its own normal latency (about 0.6 s with low latency, a few
 * target durations without), so a fixed bound would be wrong for one or the other. The edge
 * is the lowest latency this playback has shown while playing: where the player settles when
 * nothing holds it back. Playback is behind once it trails that by more than ENTER_S (a pause,
 * a long stall) and caught up again within LEAVE_S (the hysteresis keeps the badge from
 * flickering while the catch-up rate closes the gap). A new source, or a Go live, starts a new
 * edge: after a jump the player is where it would start, which is live by definition (and a
 * stream whose latency legitimately grew, low latency switched off, is not "behind" forever).
 *
 * Pure: fed the player's state samples (every 500 ms, latency grows while paused).
 */
export interface BehindLive {
  behind: boolean;
  /** Whole seconds behind the edge while behind, else 0. */
  seconds: number;
  /** The lowest latency seen while playing since the last reset (s); Infinity before any. */
  edgeLatency: number;
}

export const BEHIND_LIVE_ENTER_S = 3;
export const BEHIND_LIVE_LEAVE_S = 1.5;

export const AT_LIVE: BehindLive = { behind: false, seconds: 0, edgeLatency: Number.POSITIVE_INFINITY };

export function nextBehindLive(previous: BehindLive, sample: { latency: number; playing: boolean }): BehindLive {
  if (!Number.isFinite(sample.latency)) return previous;
  const edgeLatency = sample.playing ? Math.min(previous.edgeLatency, sample.latency) : previous.edgeLatency;
  if (!Number.isFinite(edgeLatency)) return previous;
  const lag = sample.latency - edgeLatency;
  const behind = lag > (previous.behind ? BEHIND_LIVE_LEAVE_S : BEHIND_LIVE_ENTER_S);
  const seconds = behind ? Math.round(lag) : 0;
  if (behind === previous.behind && seconds === previous.seconds && edgeLatency === previous.edgeLatency) {
    return previous;
  }
  return { behind, seconds, edgeLatency };
}
