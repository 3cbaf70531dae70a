/** Reads one cookie's value by name; undefined when it is not set. */
export type CookieReader = (name: string) => string | null | undefined;

/**
 * The session-token cookie (SPEC §6: "a bearer token taken from the session cookie"). Its name
 * is not shown; this is ours, and every helper takes another through its options.
 */
export const SESSION_TOKEN_COOKIE = 'session_token';

/**
 * The value of `name` in a `document.cookie` string, percent-decoded (servers such as Laravel
 * encode cookie values). A value that does not decode is returned as it is, not dropped.
 */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0 || pair.slice(0, index).trim() !== name) continue;
    const raw = pair.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The browser's cookies; none outside a document (workers, Node). */
export const documentCookies: CookieReader = (name) => {
  const doc = (globalThis as { document?: { cookie?: string } }).document;
  return readCookie(doc?.cookie ?? '', name);
};
