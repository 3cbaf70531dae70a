import type { EngineEvent } from './protocol.ts';

/** The platform's two calls a page needs before it can play a channel (SPEC §7 "Used by the embed"). */
export interface ChannelCalls {
  /** Absolute URL of the channel's info call. */
  info: string;
  /** Absolute URL of the channel's playback-URL call. */
  playbackUrl: string;
}

/** As the embed's own API client asks: cookies included, never a cached answer. */
const INIT: RequestInit = {
  credentials: 'include',
  cache: 'no-cache',
  headers: { Accept: 'application/json' },
  referrerPolicy: 'strict-origin-when-cross-origin',
};

/** Statuses whose response may carry no body (the page rebuilds each response). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The embed's start-up, in the engine's worker: it asks for the channel's info and playback
 * URL itself, hands each response to the page as it arrives (`channelResponse`: the app takes
 * them instead of asking again), and resolves to the stream's URL when the channel is live.
 * Why here and not on the page: the page's main thread is busy parsing and running the app's
 * bundle when those answers come, and a callback there would wait for it (the engine started
 * ~300 ms after its answers in the bench); the worker goes straight on to the playlists.
 */
export async function channelStream(
  calls: ChannelCalls,
  fetchFn: typeof fetch,
  emit: (event: EngineEvent) => void,
): Promise<string | null> {
  const ask = async (url: string): Promise<unknown> => {
    let status = 0;
    let body = '';
    let contentType = '';
    try {
      const response = await fetchFn(url, INIT);
      status = response.status;
      contentType = response.headers.get('content-type') ?? '';
      body = NO_BODY.has(status) ? '' : await response.text();
    } catch {
      // status 0: the page asks again itself, so the app sees the network's own failure.
      status = 0;
    }
    emit({ type: 'channelResponse', url, status, contentType, body });
    if (status < 200 || status >= 300) return null;
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return null;
    }
  };
  const [info, playback] = await Promise.all([ask(calls.info), ask(calls.playbackUrl)]);
  if (!(info as { livestream?: unknown } | null)?.livestream) return null;
  const data = (playback as { data?: unknown } | null)?.data;
  if (typeof data !== 'string') return null;
  try {
    const url = new URL(data, calls.playbackUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
