import { RESPONSE_LIMITS, type ResponseKind } from '../../base/bounded-body.ts';

/** What the cap reads and drives of a request (an XMLHttpRequest; a fake in the tests). */
export type CappedRequest = Pick<XMLHttpRequest, 'abort' | 'addEventListener' | 'getResponseHeader' | 'readyState'>;

/**
 * The kind of an hls.js request, from its URL: hls.js's xhrSetup is not told what it loads.
 * A playlist ends in .m3u8 (or .m3u), a WebVTT segment in .vtt or .webvtt; everything else,
 * keys included, is read within the media cap, the largest: a key server that floods is still
 * stopped at 64 MiB, not at nothing.
 */
export function requestKind(url: string): ResponseKind {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Relative or odd: judged as written.
  }
  if (/\.m3u8?$/i.test(path)) return 'playlist';
  return /\.(web)?vtt$/i.test(path) ? 'subtitle' : 'media';
}

/**
 * The compatibility sink's response caps (base/bounded-body.ts RESPONSE_LIMITS), as hls.js's
 * `xhrSetup`: a declared Content-Length over the cap, or more bytes than it arriving, aborts the
 * request. hls.js sees an aborted transfer as a failed one: it retries on its policy and then
 * reports a fatal network error, so a flooding origin ends on the error screen, never in memory.
 */
export function capResponse(request: CappedRequest, url: string): void {
  const limit = RESPONSE_LIMITS[requestKind(url)];
  const over = () => {
    if (request.readyState !== 4 && request.readyState !== 0) request.abort();
  };
  request.addEventListener('readystatechange', () => {
    if (request.readyState !== 2) return;
    const declared = Number(request.getResponseHeader('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > limit) over();
  });
  request.addEventListener('progress', (event: ProgressEvent) => {
    if (event.loaded > limit) over();
  });
}
