/**
 * Extra distance from the live edge after a stall. At the low-latency target (0.6 s) the
 * forward buffer is under a second, so a throughput drop that outlasts it stalls; aiming at the
 * same target right after would have the catch-up controller speed up and drain the buffer the
 * slower network is refilling, and stall again. Each stall adds a step (up to a cap); once the
 * network has held for a while without one, the extra decays slowly, so the catch-up controller
 * (which ignores errors within its dead band) wins the latency back unnoticed.
 */

/** Added per stall (s). */
export const STALL_STEP_S = 0.4;
/** The most it adds (s). */
export const STALL_MAX_S = 1.2;
/** No decay for this long after a stall. */
export const STALL_HOLD_MS = 20_000;
/** Decay afterwards (s of extra per s of time). */
export const STALL_DECAY_PER_S = 0.02;

export interface StallBackoff {
  /** Extra (s) as of `atMs`. */
  extraS: number;
  /** The last stall; -Infinity before the first. */
  atMs: number;
}

export const NO_STALL_BACKOFF: StallBackoff = { extraS: 0, atMs: Number.NEGATIVE_INFINITY };

/** The extra latency (s) to aim for at `nowMs`. */
export function stallExtra(backoff: StallBackoff, nowMs: number): number {
  const decayingS = (nowMs - backoff.atMs - STALL_HOLD_MS) / 1000;
  return decayingS > 0 ? Math.max(0, backoff.extraS - decayingS * STALL_DECAY_PER_S) : backoff.extraS;
}

/** The back-off after a stall at `nowMs`. */
export function afterStall(backoff: StallBackoff, nowMs: number): StallBackoff {
  return { extraS: Math.min(STALL_MAX_S, stallExtra(backoff, nowMs) + STALL_STEP_S), atMs: nowMs };
}
