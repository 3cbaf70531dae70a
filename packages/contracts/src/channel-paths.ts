/**
 * The slug rule and the channel calls' paths, with no schema library behind them: the embed's
 * early start (apps/embed/src/boot/) runs them inline in the page before any bundle, where a
 * few hundred bytes matter. The catalogue's routes (catalogue/embed.ts) name the same paths.
 */

/** SPEC §5: letters, digits, hyphen and underscore only. */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;

export function isValidSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug);
}

/** SPEC §7: the channel's info (v2). */
export const CHANNEL_INFO_PATH = '/api/v2/channels/:slug/info';
/** SPEC §7: the channel's playback URL (v2). */
export const CHANNEL_PLAYBACK_URL_PATH = '/api/v2/channels/:slug/playback-url';

/** A channel call's path for a valid slug. */
export function channelPath(pattern: string, slug: string): string {
  return pattern.replace(':slug', slug);
}
