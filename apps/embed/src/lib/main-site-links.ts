import { safeHttpUrl } from './safe-url.ts';

/**
 * Links from the player overlay to the main site (SPEC §2), built on the public config's
 * main-site URL (SPEC §3):
 *
 *   channel page   {mainSite}/{channel slug}
 *   category page  {mainSite}/category/{category slug}
 *
 * The category link uses the category's `slug` (contracts' `categorySchema`), not its display
 * name. Slugs are path-encoded, a main-site URL with a path prefix keeps it, and anything that
 * does not come out as an absolute http(s) URL gives null (the text is then shown unlinked).
 */
export function channelPageUrl(mainSiteUrl: string, channelSlug: string): string | null {
  return mainSitePath(mainSiteUrl, [channelSlug]);
}

export function categoryPageUrl(mainSiteUrl: string, categorySlug: string): string | null {
  return mainSitePath(mainSiteUrl, ['category', categorySlug]);
}

function mainSitePath(mainSiteUrl: string, segments: readonly string[]): string | null {
  if (segments.some((segment) => segment.trim() === '')) return null;
  const base = safeHttpUrl(mainSiteUrl);
  if (!base) return null;
  const url = new URL(base);
  const prefix = url.pathname.replace(/\/+$/, '');
  url.pathname = `${prefix}/${segments.map(encodeURIComponent).join('/')}`;
  url.search = '';
  url.hash = '';
  return safeHttpUrl(url.href);
}

/** Attributes of every link that leaves the embed: a new tab that cannot reach back into the frame. */
export const EXTERNAL_LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;
