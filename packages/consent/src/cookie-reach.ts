import { writeAttributes } from './cookie-scope.ts';
import type { CookieScope } from './cookie-scope.ts';
import { readCookie, serializeCookie } from './cookie-string.ts';
import type { CookieAccess } from './environment.ts';

/**
 * Which cookies a page can keep, found by trying rather than guessed from where it is:
 * - 'first-party': cookies with the SPEC §9 attributes stick (a top-level page, or a frame on a
 *   page of the same site);
 * - 'partitioned': only partitioned ones do (a frame on another site's page in a browser that
 *   blocks third-party cookies but keeps partitioned ones, as Chromium does);
 * - 'none': neither (cookies disabled, an opaque origin, a browser without partitioned
 *   cookies): whatever is decided lasts as long as the page.
 *
 * Guessing from the frame's ancestors would need the public-suffix list to tell same-site from
 * cross-site, and a browser's cookie settings decide as much as the site does; a write that
 * either sticks or does not is the browser's own answer.
 */
export type CookieReach = 'first-party' | 'partitioned' | 'none';

/** Holds '1', never an identifier, and is deleted as soon as it is read back. */
export const COOKIE_PROBE_NAME = 'onair_cookie_probe';

export function probeCookieReach(cookies: CookieAccess, scope: CookieScope): CookieReach {
  if (sticks(cookies, { ...scope, partitioned: false })) return 'first-party';
  if (sticks(cookies, { ...scope, partitioned: true })) return 'partitioned';
  return 'none';
}

function sticks(cookies: CookieAccess, scope: CookieScope): boolean {
  const attributes = writeAttributes(scope);
  try {
    cookies.write(serializeCookie(COOKIE_PROBE_NAME, '1', { ...attributes, maxAgeSeconds: 60 }));
    return readCookie(cookies.read(), COOKIE_PROBE_NAME) === '1';
  } catch {
    // A browser that throws on cookie access keeps none.
    return false;
  } finally {
    try {
      cookies.write(serializeCookie(COOKIE_PROBE_NAME, '', { ...attributes, maxAgeSeconds: 0, expires: new Date(0) }));
    } catch {
      // nothing was written, so nothing is left behind
    }
  }
}
