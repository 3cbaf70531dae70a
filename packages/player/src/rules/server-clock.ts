/**
 * The platform's clock, for the spec's serverOffset (server clock minus client clock): a
 * viewer's computer can be seconds off, and live latency is program-date-time (server clock)
 * against "now", so an unknown offset would show as latency.
 *
 * The origin advertises its clock in the multivariant playlist as
 * `#EXT-X-SESSION-DATA:DATA-ID="com.onair.server-time",URI="…"`; the URI answers
 * `{"epochMs": <server time>}` uncached. Taking the URI from the playlist keeps the player
 * free of any one origin's URL layout, and the request runs while the media playlist and
 * init segment load, so it never delays the first frame.
 */
export const SERVER_TIME_DATA_ID = 'com.onair.server-time';

export interface ClockSample {
  /** Client clock when the request was sent. */
  sentAtMs: number;
  /** Client clock when the answer arrived. */
  receivedAtMs: number;
  /** Server clock in the answer. */
  serverTimeMs: number;
}

/**
 * Server minus client clock, assuming the server read its clock half-way through the round
 * trip (NTP's assumption; the error is at most half the round trip).
 */
export function serverOffsetMs(sample: ClockSample): number {
  const rtt = Math.max(0, sample.receivedAtMs - sample.sentAtMs);
  return Math.round(sample.serverTimeMs + rtt / 2 - sample.receivedAtMs);
}

/** The server time in a clock answer, null when the body is not one. */
export function parseServerTime(body: unknown): number | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as { epochMs?: unknown }).epochMs;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** The clock URI from hls.js's parsed session data, resolved against the playlist's URL. */
export function serverTimeUrl(
  sessionData: Record<string, object> | null | undefined,
  playlistUrl: string,
): string | null {
  const uri = (sessionData?.[SERVER_TIME_DATA_ID] as { URI?: unknown } | undefined)?.URI;
  if (typeof uri !== 'string' || uri === '') return null;
  try {
    const url = new URL(uri, playlistUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Measures the offset once: null when the clock cannot be read (no offset is better than a
 * wrong one; liveLatency then uses the client clock as before).
 */
export async function measureServerOffset(
  url: string,
  fetchImpl: typeof fetch,
  now: () => number,
  signal?: AbortSignal,
): Promise<number | null> {
  try {
    const sentAtMs = now();
    const response = await fetchImpl(url, { cache: 'no-store', signal });
    const receivedAtMs = now();
    if (!response.ok) return null;
    const serverTimeMs = parseServerTime(await response.json());
    return serverTimeMs === null ? null : serverOffsetMs({ sentAtMs, receivedAtMs, serverTimeMs });
  } catch {
    return null;
  }
}
