import { describe, expect, it } from 'vitest';
import { readBounded, readBoundedText, RESPONSE_LIMITS, ResponseTooLargeError } from './bounded-body.ts';

/** A response streamed in chunks, with no Content-Length (as a chunked answer comes). */
function streamed(chunks: Uint8Array[]): { response: Response; cancelled: () => boolean } {
  let cancelled = false;
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { response: new Response(body), cancelled: () => cancelled };
}

describe('bounded response bodies', () => {
  it('reads a body within its cap, whole and in order', async () => {
    const { response } = streamed([Uint8Array.of(1, 2), Uint8Array.of(3)]);
    expect(await readBounded(response, 'key')).toEqual(Uint8Array.of(1, 2, 3));
    expect(await readBoundedText(new Response('#EXTM3U\n'), 'playlist')).toBe('#EXTM3U\n');
  });

  it('stops reading and cancels the stream once the cap is passed', async () => {
    const chunk = new Uint8Array(600);
    const { response, cancelled } = streamed([chunk, chunk, chunk, chunk]);
    await expect(readBounded(response, 'key')).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(cancelled()).toBe(true);
  });

  it('refuses a declared length over the cap without reading', async () => {
    const response = new Response('x', { headers: { 'content-length': String(RESPONSE_LIMITS.init + 1) } });
    await expect(readBounded(response, 'init')).rejects.toThrow(/init response is larger/);
  });

  it('takes exactly the cap', async () => {
    const { response } = streamed([new Uint8Array(RESPONSE_LIMITS.key)]);
    expect((await readBounded(response, 'key')).byteLength).toBe(RESPONSE_LIMITS.key);
  });
});
