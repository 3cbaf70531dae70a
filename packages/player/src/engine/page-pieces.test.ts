import { describe, expect, it, vi } from 'vitest';
import { PagePieces } from './page-pieces.ts';

const INIT = 'https://origin.test/hls/ch/720p/init.mp4';
const PART = 'https://origin.test/hls/ch/720p/part-5.0.m4s';

function harness() {
  const network = vi.fn(async (input: RequestInfo | URL) => new Response(`network:${String(input)}`));
  const pieces = new PagePieces();
  const fetch = pieces.fetch(network as unknown as typeof globalThis.fetch);
  return { pieces, fetch, network };
}

const bytesOf = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const text = async (response: Promise<Response>) => (await response).text();

describe('PagePieces', () => {
  it('answers the engine’s request for a piece the page is fetching with the page’s bytes, and asks the network nothing', async () => {
    const { pieces, fetch, network } = harness();
    pieces.expect([INIT, PART]);
    const asked = fetch(INIT);
    pieces.arrived(INIT, bytesOf('from the page'));
    expect(await text(asked)).toBe('from the page');
    expect(network).not.toHaveBeenCalled();
  });

  it('keeps bytes that came before the engine asked', async () => {
    const { pieces, fetch, network } = harness();
    pieces.expect([PART]);
    pieces.arrived(PART, bytesOf('early'));
    expect(await text(fetch(PART))).toBe('early');
    expect(network).not.toHaveBeenCalled();
  });

  it('asks the network for a piece the page could not get, for one it never named, and for a second request of one (a retry)', async () => {
    const { pieces, fetch, network } = harness();
    pieces.expect([INIT, PART]);
    const asked = fetch(INIT);
    pieces.arrived(INIT, null);
    expect(await text(asked)).toBe(`network:${INIT}`);
    expect(await text(fetch('https://origin.test/other.m4s'))).toBe('network:https://origin.test/other.m4s');
    const first = fetch(PART);
    expect(await text(fetch(PART))).toBe(`network:${PART}`);
    pieces.arrived(PART, bytesOf('page'));
    expect(await text(first)).toBe('page');
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('ends a waiting request when its signal aborts, as a fetch would', async () => {
    const { pieces, fetch } = harness();
    pieces.expect([PART]);
    const abort = new AbortController();
    const asked = fetch(PART, { signal: abort.signal });
    abort.abort();
    await expect(asked).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('lets every piece go with a new engine: what waits goes to the network, and later bytes are ignored', async () => {
    const { pieces, fetch, network } = harness();
    pieces.expect([PART]);
    const asked = fetch(PART);
    pieces.clear();
    expect(await text(asked)).toBe(`network:${PART}`);
    pieces.arrived(PART, bytesOf('late'));
    expect(await text(fetch(PART))).toBe(`network:${PART}`);
    expect(network).toHaveBeenCalledTimes(2);
  });
});
