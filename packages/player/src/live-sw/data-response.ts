/**
 * A response for bytes the worker made (a rewritten playlist, a segment from its parts), in a
 * form the browser's own HLS accepts. Chromium's native HLS refuses a `new Response(...)` from a
 * service worker: such a response has no URL, and its data source fails with "Invalid security
 * origin for non-existent URL" (measured on Chromium 156; the playlist never parses). A
 * response fetched from a data: URL carries that URL and plays. So every answer is made by
 * fetching a data: URL, and playlists list absolute URIs (a data: URL is no base to resolve
 * a relative one against).
 */
export function dataResponse(body: Uint8Array | string, contentType: string): Promise<Response> {
  return fetch(`data:${contentType};base64,${base64(body)}`);
}

const CHUNK = 0x8000;

export function base64(body: Uint8Array | string): string {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  let binary = '';
  // In chunks: String.fromCharCode with a whole segment's bytes would overflow the call stack.
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}
