/**
 * The channel's two API calls (info and playback URL) start from the page's early start
 * (boot/early-start.ts, inlined in index.html) while the bundle is still downloading, instead of after it has been parsed and
 * React has mounted: on a cold start that moves them several hundred milliseconds earlier, and
 * the first frame with them. The early start keeps each response promise under its URL; the API
 * client's fetch takes it from here, once, when it makes the same call.
 *
 * Only a plain GET without an Authorization header may take an early response: the script
 * sends no token (it skips the calls when the session cookie exists, and a token-bearing call
 * must not be answered by a response fetched without one). A refetch always goes to the network,
 * because a response is handed out once.
 */
export type EarlyResponses = Record<string, Promise<Response>>;

export function takeEarlyResponse(
  store: EarlyResponses | undefined,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Promise<Response> | null {
  if (!store || typeof input !== 'string') return null;
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return null;
  if (new Headers(init?.headers).has('authorization')) return null;
  const early = store[input];
  if (!early) return null;
  delete store[input];
  return early;
}

/** fetch, answered from the early responses when one matches. */
export const earlyAwareFetch: typeof fetch = (input, init) =>
  takeEarlyResponse(window.__onairStart?.responses, input, init) ?? globalThis.fetch(input, init);
