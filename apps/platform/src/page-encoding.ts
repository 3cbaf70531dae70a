import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The embed page's HTML is made per request (its early data, its configuration), so no
 * precompressed copy exists as for the built assets. Compressed here: 18 KB of HTML (the early
 * start, the early data with the stream's playlists) is 4-5 KB in brotli, inside the first
 * round trip's congestion window, where 18 KB would need a second. Brotli at a middling
 * quality (under a millisecond for a page this size), else gzip, else as it is.
 */
export function encodePage(
  html: string,
  acceptEncoding: string | undefined,
): { body: Buffer | string; encoding: 'br' | 'gzip' | null } {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      // `br;q=0` refuses it.
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.toLowerCase()),
  );
  if (accepted.has('br')) {
    const body = brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    return { body, encoding: 'br' };
  }
  if (accepted.has('gzip')) return { body: gzipSync(html), encoding: 'gzip' };
  return { body: html, encoding: null };
}
