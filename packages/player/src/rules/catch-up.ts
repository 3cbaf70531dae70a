/**
 * Low-latency catch-up: a gentle playback-rate controller that holds the distance from the live
 * edge near a target without being heard or seen.
 *
 * hls.js's own controller recomputes a rate on every timeupdate (a sigmoid of the error, in
 * 0.05 steps) and so toggles between 1, 1.05 and 1.1 several times a second around its target.
 * Each change is a ratechange event, an audio resampler reset and, in some browsers, a glitch.
 * This one is a three-state machine (steady, catching up, easing off) with
 * - a dead band with hysteresis: it engages only when the error leaves ±ENGAGE and releases
 *   only once it has reached the target, so noise around the target changes nothing;
 * - one rate per episode, picked when it engages (no 1.05 ↔ 1.1 hunting);
 * - a minimum dwell before an episode begins, so even a noisy input cannot make it flap; an
 *   episode ends the moment it reaches its target, dwell or not (ending there is no noise: the
 *   next one needs the error to leave the dead band again), so it never overshoots by more than
 *   a sample's worth;
 * - one approach first, at the fast rate: until an episode has once reached the target, any
 *   error beyond RELEASE engages. A start lands 0.15-0.35 s behind its target
 *   (the playlist's edge is already a little old, and the start's seek decodes from its key
 *   frame), and inside the dead band nothing would ever bring it closer. At the gentle rate
 *   that took 4-6 s, the bench's latency p95 over its first 20 s; at the fast one, half.
 * At steady state latency only moves after a stall or a seek, so it changes rate a few times a
 * minute at most. Rates stay within −5 %/+10 %: pitch-preserving resampling at these rates is
 * inaudible, unlike the +50 % some players use.
 */

export interface CatchUpConfig {
  /** Rate while ahead of the target (too close to the edge): slows down gently. */
  slowRate: number;
  /** Rate for a small lag. */
  gentleRate: number;
  /** Rate for a lag beyond `strongLagS`. */
  fastRate: number;
  /** Error (s) beyond which it engages. */
  engageS: number;
  /**
   * Error (s) beyond which a start's approach engages (until an episode has once reached the
   * target: only that settles a start). An episode runs to the target itself.
   */
  releaseS: number;
  /**
   * Lag (s) from which an episode after the first approach picks `fastRate` instead of
   * `gentleRate`: a viewer who has been watching at the target notices a small lag's catch-up
   * least at the gentle rate.
   */
  strongLagS: number;
  /** No rate change sooner than this after the previous one. */
  minDwellMs: number;
  /**
   * Forward buffer (s) below which it never runs fast: a lag the network is not refilling
   * (a throughput drop) is not caught up by draining the little buffer there is.
   */
  minBufferS: number;
}

export const CATCH_UP_DEFAULTS: CatchUpConfig = {
  slowRate: 0.95,
  gentleRate: 1.05,
  fastRate: 1.1,
  engageS: 0.2,
  releaseS: 0.05,
  strongLagS: 0.3,
  minDwellMs: 3000,
  minBufferS: 0.4,
};

export interface CatchUpState {
  /** The rate the controller wants on the element (1 when steady). */
  rate: number;
  /** When it last changed the rate; -Infinity before the first change. */
  changedAtMs: number;
  /** An episode has reached the target once: the dead band holds from then on. */
  settled: boolean;
}

export const INITIAL_CATCH_UP: CatchUpState = { rate: 1, changedAtMs: Number.NEGATIVE_INFINITY, settled: false };

export interface CatchUpInput {
  nowMs: number;
  /** Distance from the live edge (s), NaN when unknown. */
  latencyS: number;
  /** Target distance (s), null when the controller must stay out (not live, not low latency). */
  targetS: number | null;
  /** Playing, and the viewer has not chosen a rate of their own. */
  active: boolean;
  /** Seconds buffered ahead of the position; unknown counts as plenty. */
  bufferS?: number;
}

/** Returns the next state; a different `rate` means "set this rate on the element now". */
export function nextCatchUp(
  state: CatchUpState,
  input: CatchUpInput,
  config: CatchUpConfig = CATCH_UP_DEFAULTS,
): CatchUpState {
  const to = (rate: number, settled = state.settled): CatchUpState => {
    if (rate === state.rate && settled === state.settled) return state;
    return { rate, changedAtMs: rate === state.rate ? state.changedAtMs : input.nowMs, settled };
  };

  // Out of its remit: hand back normal speed at once (no dwell: the reason is not noise).
  if (!input.active || input.targetS === null || !Number.isFinite(input.latencyS)) return to(1);
  // Running short while fast: back to 1 at once, dwell or not, before the buffer runs dry.
  const short = (input.bufferS ?? Number.POSITIVE_INFINITY) < config.minBufferS;
  if (short && state.rate > 1) return to(1);

  const error = input.latencyS - input.targetS;
  // An episode ends at the target itself, not at the edge of the release band: ending there
  // left the player that far from its target for good, since nothing moves it inside the
  // dead band (the bench's latency p50 sat at 0.65 s for a 0.6 s target). It ends there at
  // once: held on for the dwell, a fast episode overshot by up to 0.3 s.
  if (state.rate > 1) return error <= 0 ? to(1, true) : state;
  if (state.rate < 1) return error >= 0 ? to(1, true) : state;
  if (input.nowMs - state.changedAtMs < config.minDwellMs) return state;
  const engage = state.settled ? config.engageS : config.releaseS;
  // The first approach (a start) is fast whatever its lag; later ones fast only for a large lag.
  const fast = !state.settled || error > config.strongLagS;
  if (error > engage && !short) return to(fast ? config.fastRate : config.gentleRate);
  if (error < -engage) return to(config.slowRate);
  // Only an episode that reaches its target settles a start. A start that seems to land within
  // ±releaseS is not trusted to have: the first samples after the element plays read a position
  // and an edge that are each a little stale. Settled there, a start that was in fact 0.2-0.3 s
  // behind could be caught up only at the gentle rate, in 4-6 s (what one bench run of three
  // looked like: a latency p95 of 0.84 s, with 1.05 on the element).
  return state;
}

/** Seconds buffered ahead of `position` in the range that holds it (0 when none does). */
export function forwardBufferS(ranges: readonly { start: number; end: number }[], position: number): number {
  // A small tolerance: playback may sit just before a range's start after a seek or a gap jump.
  const range = ranges.find((r) => r.start <= position + 0.1 && r.end > position);
  return range ? range.end - position : 0;
}

/**
 * The latency to aim for, from the media playlist's LL-HLS attributes. PART-HOLD-BACK is the
 * server's advice (our origin: 5 parts = 1.0 s, hls.js's default target); the draft's
 * recommended floor for it is 3 part targets. We aim between the two, as close to the floor
 * as the measured buffer allows: the catch-up controller keeps the player there without
 * stalls because parts are fetched with blocking requests the moment they exist.
 */
export function lowLatencyTarget(partHoldBackS: number, partTargetS: number): number | null {
  if (!(partTargetS > 0)) return null;
  const floor = LOW_LATENCY_TARGET_PARTS * partTargetS;
  const advised = partHoldBackS > 0 ? partHoldBackS : floor;
  return Math.min(advised, floor);
}

/** Part targets behind the edge we aim for (the draft's recommended minimum PART-HOLD-BACK). */
export const LOW_LATENCY_TARGET_PARTS = 3;
