/**
 * What the playground's URL field holds, checked before any player sees it: the engine would
 * answer a bad URL with an error event in its own words, which are for developers. A relative
 * URL (`/hls/…`) is the page's own origin; only http(s) streams can be played.
 */
export type StreamUrl = { ok: true; url: string } | { ok: false; message: string };

export const EMPTY_URL_MESSAGE = 'Enter the URL of an HLS playlist (an .m3u8 address).';
export const INVALID_URL_MESSAGE =
  "That isn't a valid URL. Enter an address like https://example.com/live/master.m3u8.";
export const NOT_HTTP_MESSAGE = 'Only http:// and https:// streams can be played here.';

export function parseStreamUrl(value: string, base: string): StreamUrl {
  const typed = value.trim();
  if (typed === '') return { ok: false, message: EMPTY_URL_MESSAGE };
  let url: URL;
  try {
    url = new URL(typed, base);
  } catch {
    return { ok: false, message: INVALID_URL_MESSAGE };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: NOT_HTTP_MESSAGE };
  // `new URL('localhost:8080/x', base)` reads `localhost:` as a scheme, caught above; a bare
  // word without a slash resolves against the page, which is seldom what was meant.
  if (!/^(https?:)?\/\//i.test(typed) && !typed.startsWith('/')) return { ok: false, message: INVALID_URL_MESSAGE };
  return { ok: true, url: url.href };
}

/** Whether `url` is served by the page's own origin (the origin the platform's CSPs trust). */
export function isSameOrigin(url: string, pageOrigin: string): boolean {
  return new URL(url).origin === pageOrigin;
}
