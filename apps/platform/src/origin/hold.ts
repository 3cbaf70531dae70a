/**
 * Holding a request until a wall-clock instant: a blocking playlist reload
 * until the part it asks for is published, a preload-hinted part until it
 * is complete. One timer aimed at the instant (not polling), one for the
 * hold's upper bound, and both cleared the moment the hold ends for any
 * reason, so a cancelled hold leaves nothing behind to keep the process or
 * `app.close()` waiting.
 */

export type HoldOutcome = 'ready' | 'timeout' | 'aborted';

export interface HoldOptions {
  /** The clock the instant is on, ms since the epoch. */
  now: () => number;
  /** The longest the hold may last, in real ms. */
  limitMs: number;
  /** Ends the hold early: the client went away or the server is closing. */
  signal: AbortSignal;
}

/**
 * Resolves 'ready' once `now() >= untilMs`, 'timeout' when that has not
 * happened within `limitMs`, 'aborted' when `signal` fires first.
 *
 * The wake-up timer is computed from `now()`, the clock the origin
 * publishes on. A timer can fire a little early against that clock (timer
 * granularity, or an injected clock that runs differently), so the instant is
 * checked again on waking and the timer re-aimed at what is left: a part is
 * never announced before its end.
 */
export function holdUntil(untilMs: number, options: HoldOptions): Promise<HoldOutcome> {
  const { now, limitMs, signal } = options;
  if (signal.aborted) return Promise.resolve('aborted');
  if (now() >= untilMs) return Promise.resolve('ready');
  return new Promise((resolve) => {
    let wake: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: HoldOutcome): void => {
      clearTimeout(wake);
      clearTimeout(deadline);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const deadline = setTimeout(() => finish('timeout'), limitMs);
    const onAbort = (): void => finish('aborted');
    const aim = (): void => {
      const left = untilMs - now();
      if (left <= 0) {
        finish('ready');
        return;
      }
      // setTimeout takes whole ms and would round a fraction down.
      wake = setTimeout(aim, Math.ceil(left));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    aim();
  });
}
