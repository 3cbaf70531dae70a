/**
 * Response bodies read with a ceiling: a stage that can write a playlist can also answer with
 * gigabytes, and a worker that reads a whole response before looking at it would hold all of it.
 * The caps, per kind of response (the largest a sane live stream sends, with room to spare):
 * - playlist 2 MiB: a multivariant or media playlist (a six-hour DVR window of 2 s segments
 *   with parts and dates is under 1 MiB);
 * - init 1 MiB: an initialisation segment (a few boxes; DRM's pssh boxes included);
 * - media 64 MiB: a segment or part (a 10 s 4K segment at 40 Mb/s is 50 MB);
 * - key 1 KiB: an AES-128 key (16 bytes) or a key server's small answer;
 * - subtitle 1 MiB: a WebVTT segment (a few cues; hls/webvtt.ts reads at most 500 of them).
 */
export const RESPONSE_LIMITS = {
  playlist: 2 * 1024 * 1024,
  init: 1024 * 1024,
  media: 64 * 1024 * 1024,
  key: 1024,
  subtitle: 1024 * 1024,
} as const;
export type ResponseKind = keyof typeof RESPONSE_LIMITS;

/** The body was larger than its kind allows; what was read so far is dropped. */
export class ResponseTooLargeError extends Error {
  constructor(
    readonly kind: ResponseKind,
    readonly limit: number,
  ) {
    super(`The ${kind} response is larger than ${limit} bytes`);
    this.name = 'ResponseTooLargeError';
  }
}

/**
 * The body's bytes, or ResponseTooLargeError once more than the kind's cap has arrived (a
 * Content-Length over the cap is refused before reading). The stream is cancelled either way.
 */
export async function readBounded(response: Response, kind: ResponseKind): Promise<Uint8Array> {
  const limit = RESPONSE_LIMITS[kind];
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new ResponseTooLargeError(kind, limit);
  }
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new ResponseTooLargeError(kind, limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The body as text (UTF-8), within the kind's cap. */
export async function readBoundedText(response: Response, kind: ResponseKind): Promise<string> {
  return new TextDecoder().decode(await readBounded(response, kind));
}
