import { WORKER_LOAD } from './constants.ts';
import { globalTimers, sleepWith } from './environment.ts';
import type { RealtimeLogger, Sleep } from './environment.ts';

export interface LoadRealtimeClientOptions {
  logger: RealtimeLogger;
  /** Retries after the first attempt (SPEC §9: 3). */
  retries?: number;
  delayMs?: number;
  sleep?: Sleep;
}

export const WORKER_LOAD_FAILED = 'Failed worker load';

/**
 * SPEC §7: the realtime worker build is loaded dynamically; a failed load is tried again up to
 * `retries` times, `delayMs` apart (a chunk that failed on a flaky network often loads a
 * second later), then 'Failed worker load' is logged as an error and the bundled client is
 * used, so realtime still works, only without the worker build.
 */
export async function loadRealtimeClient<T>(
  load: () => Promise<T>,
  fallback: T,
  options: LoadRealtimeClientOptions,
): Promise<T> {
  const retries = options.retries ?? WORKER_LOAD.retries;
  const delayMs = options.delayMs ?? WORKER_LOAD.delayMs;
  const sleep = options.sleep ?? sleepWith(globalTimers);
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await sleep(delayMs);
    try {
      return await load();
    } catch (error) {
      lastError = error;
    }
  }
  options.logger.error(WORKER_LOAD_FAILED, lastError);
  return fallback;
}
