import type { Timers } from '../types/environment.ts';

/** SPEC §9: script-load retries stop after 5 attempts, with backoff from 100 ms capped at 3000 ms. */
export const SCRIPT_LOAD_RETRY = { attempts: 5, firstDelayMs: 100, maxDelayMs: 3000 } as const;

/** SPEC §8: what a sender says when the Cast SDK's script never loaded. */
export const SDK_LOAD_ERROR = 'Error loading chromecast SDK';

/**
 * The waits between attempts: doubling from the first delay, each capped (5 attempts: 100, 200,
 * 400 and 800 ms). The spec does not show the growth; doubling is what script loaders do.
 */
export function retryDelays(
  retry: { attempts: number; firstDelayMs: number; maxDelayMs: number } = SCRIPT_LOAD_RETRY,
): number[] {
  return Array.from({ length: Math.max(0, retry.attempts - 1) }, (_, i) =>
    Math.min(retry.maxDelayMs, retry.firstDelayMs * 2 ** i),
  );
}

/** An attempt's failure that another attempt cannot mend: loadWithRetries gives up at once. */
export class FinalLoadError extends Error {
  override name = 'FinalLoadError';
}

/**
 * Runs `attempt` until it resolves, at most `retry.attempts` times with retryDelays between
 * them; then rejects with SDK_LOAD_ERROR (the last failure as its cause). A FinalLoadError
 * is passed on at once. `attempt` is given its number.
 */
export async function loadWithRetries(
  attempt: (n: number) => Promise<void>,
  timers: Pick<Timers, 'setTimeout'>,
  retry = SCRIPT_LOAD_RETRY,
): Promise<void> {
  const delays = retryDelays(retry);
  let last: unknown;
  for (let n = 1; n <= retry.attempts; n += 1) {
    try {
      return await attempt(n);
    } catch (error) {
      if (error instanceof FinalLoadError) throw error;
      last = error;
    }
    const delay = delays[n - 1];
    if (delay !== undefined) await new Promise<void>((resolve) => timers.setTimeout(resolve, delay));
  }
  throw new Error(SDK_LOAD_ERROR, { cause: last });
}
