/**
 * Media playlists the page already holds (load's `extra.media`): the embed's platform writes
 * each picture variant's into the page with its HTML (issue 36), so the engine's start plans
 * from the chosen variant's copy at once instead of asking for it first (a round trip, ~40 ms
 * here and a real network's RTT). Only a copy young enough to start from is taken, and only
 * for the load's first playlist: every later one is the origin's (a blocking reload).
 */

/** One playlist in the page: its absolute URL, text, and when what it lists was published (epoch ms). */
export interface EarlyMediaPlaylist {
  url: string;
  text: string;
  writtenAtMs: number;
}

/**
 * Older than this by the viewer's clock (a page restored from the history, a page that sat
 * before running), a copy is left and the engine asks. Three target durations of our origin
 * (its HOLD-BACK): a fresh page's copy is 0.2-0.5 s old when the worker takes it, more on a busy
 * machine whose worker starts late, and every part it lists is still in the origin's window;
 * a start from an older copy lands further from the edge, and catching up brings it back.
 */
export const EARLY_PLAYLIST_MAX_AGE_MS = 3000;
/** A copy from up to this far in the viewer's future is a clock behind the server's: taken, as new. */
export const EARLY_PLAYLIST_CLOCK_SKEW_MS = 1000;

/** The copies in `value` of the right shape (untrusted: the page's message); none otherwise. */
export function earlyPlaylists(value: unknown): EarlyMediaPlaylist[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is EarlyMediaPlaylist =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as EarlyMediaPlaylist).url === 'string' &&
      typeof (entry as EarlyMediaPlaylist).text === 'string' &&
      (entry as EarlyMediaPlaylist).text.startsWith('#EXTM3U') &&
      Number.isFinite((entry as EarlyMediaPlaylist).writtenAtMs),
  );
}

/** The copy of `url` to start from, with its age (ms) now, or null: the engine asks for it. */
export function freshEarlyPlaylist(
  copies: readonly EarlyMediaPlaylist[],
  url: string,
  nowMs: number,
): { text: string; ageMs: number } | null {
  const copy = copies.find((c) => c.url === url);
  if (!copy) return null;
  const age = nowMs - copy.writtenAtMs;
  if (age > EARLY_PLAYLIST_MAX_AGE_MS || age < -EARLY_PLAYLIST_CLOCK_SKEW_MS) return null;
  return { text: copy.text, ageMs: Math.max(0, age) };
}
