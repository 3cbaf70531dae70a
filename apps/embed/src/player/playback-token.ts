/**
 * A private channel's playback token, as the embed handles it (docs/player.md "Private
 * channels"): read from the playback URL, its expiry read (not checked: the origin checks it)
 * to fetch a fresh one in time, handed to the player with setAuthToken. Pure.
 */

/** The query parameter the platform's playback URL carries its token in (as IVS's do). */
const TOKEN_PARAM = 'token';

/** A fresh token is fetched this long before the one playing expires… */
export const REFRESH_AHEAD_MS = 30_000;
/** …or halfway to its expiry where less than twice that is left; never sooner than this. */
export const REFRESH_MIN_MS = 1_000;
/** A refresh that failed is tried again this much later, until the token has expired. */
export const REFRESH_RETRY_MS = 5_000;

/** The playback token a URL carries, or null (a public channel). */
export function playbackToken(url: string): string | null {
  try {
    return new URL(url, 'https://embed.invalid').searchParams.get(TOKEN_PARAM) || null;
  } catch {
    return null;
  }
}

/** The token's expiry (ms since the epoch) from its `exp` claim, or null where it has none that reads. */
export function tokenExpiryMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** How long from `nowMs` to fetch the next token for one that expires at `expiresAtMs`. */
export function refreshDelayMs(expiresAtMs: number, nowMs: number): number {
  const left = expiresAtMs - nowMs;
  return Math.max(REFRESH_MIN_MS, left >= 2 * REFRESH_AHEAD_MS ? left - REFRESH_AHEAD_MS : left / 2);
}
