import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from '@onair/api';

/** SPEC §9: channel info, show and playback queries are fresh ~4.9 min and kept 5 min. */
export const CHANNEL_STALE_TIME_MS = 294_000;
export const CHANNEL_GC_TIME_MS = 300_000;

/**
 * Retry up to 3 times (the library's default) but only what can heal: network failures and
 * 5xx/429. A 404 for an unknown channel is an answer, and the viewer should see it at once.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false;
  if (isHttpError(error)) return error.status >= 500 || error.status === 429;
  return error instanceof TypeError; // fetch's network failure
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CHANNEL_STALE_TIME_MS,
        gcTime: CHANNEL_GC_TIME_MS,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}
