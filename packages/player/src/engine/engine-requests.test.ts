import { describe, expect, it } from 'vitest';
import { EngineRequests, type RequestScope } from './engine-requests.ts';
import { PLAYLIST_RETRY } from './loader.ts';
import { requireExtM3u } from '../hls/m3u8.ts';
import type { EngineEvent } from './protocol.ts';

const URL_ = 'https://origin.test/hls/studio-live/720p/media.m3u8';
const PLAYLIST = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n';

/** An origin answering each request with the next body of `bodies` (the last one repeats). */
function harness(bodies: string[]) {
  const asked: string[] = [];
  const slept: number[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return new Response(bodies[Math.min(asked.length - 1, bodies.length - 1)]);
  }) as typeof globalThis.fetch;
  const requests = new EngineRequests({
    fetch,
    monotonic: () => 0,
    timers: { setTimeout: () => 0 as unknown as ReturnType<typeof setTimeout>, clearTimeout: () => undefined },
    sleep: async (ms) => void slept.push(ms),
  });
  const scope: RequestScope = { signal: new AbortController().signal, current: () => true };
  const failures: EngineEvent[] = [];
  const parse = (text: string) => {
    requireExtM3u(text);
    return text;
  };
  const load = (fetched?: string) => requests.playlist(URL_, scope, parse, (e) => failures.push(e), fetched);
  return { asked, slept, failures, load };
}

describe('EngineRequests.playlist', () => {
  it('asks again for a body that is not a playlist, on the playlist schedule', async () => {
    const { asked, slept, failures, load } = harness(['<html>proxy error</html>', '\u0000garbage', PLAYLIST]);
    await expect(load()).resolves.toBe(PLAYLIST);
    expect(asked).toHaveLength(3);
    expect(slept).toEqual([1000, 2000]);
    expect(failures).toEqual([]);
  });

  it('fetches anew when the text the page brought does not parse', async () => {
    const { asked, slept, failures, load } = harness([PLAYLIST]);
    await expect(load('not a playlist')).resolves.toBe(PLAYLIST);
    expect(asked).toEqual([URL_]);
    expect(slept, 'at once: the page’s copy was not the origin’s answer').toEqual([]);
    expect(failures).toEqual([]);
  });

  it('reports InvalidData once the retries are spent', async () => {
    const { asked, slept, failures, load } = harness(['nope']);
    await expect(load()).resolves.toBeNull();
    expect(asked).toHaveLength(PLAYLIST_RETRY.maxRetries + 1);
    expect(slept).toEqual([1000, 2000, 4000]);
    expect(failures).toEqual([
      { type: 'error', error: expect.objectContaining({ type: 'InvalidData', source: 'playlist', fatal: true }) },
    ]);
  });
});
