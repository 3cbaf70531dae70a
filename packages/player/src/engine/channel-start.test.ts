import { describe, expect, it } from 'vitest';
import { channelStream } from './channel-start.ts';
import type { EngineEvent } from './protocol.ts';

const CALLS = {
  info: 'https://embed.test/api/v2/channels/ch/info',
  playbackUrl: 'https://embed.test/api/v2/channels/ch/playback-url',
};

function platform(info: unknown, playback: unknown, status = 200) {
  const asked: [string, RequestInit | undefined][] = [];
  const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => {
    asked.push([String(input), init]);
    const body = String(input).endsWith('/info') ? info : playback;
    if (body instanceof Error) return Promise.reject(body);
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  }) as typeof fetch;
  return { asked, fetchFn };
}

describe('channelStream (the embed’s start-up in the worker)', () => {
  it('asks both calls as the app does, hands each response on, and gives a live channel’s stream URL', async () => {
    const events: EngineEvent[] = [];
    const { asked, fetchFn } = platform({ livestream: { id: 1 } }, { data: '/hls/ch/master.m3u8' });
    const url = await channelStream(CALLS, fetchFn, (e) => events.push(e));
    expect(url).toBe('https://embed.test/hls/ch/master.m3u8');
    expect(asked.map(([u]) => u).sort()).toEqual([CALLS.info, CALLS.playbackUrl]);
    expect(asked[0]![1]).toMatchObject({ credentials: 'include', cache: 'no-cache' });
    expect(events).toEqual(
      expect.arrayContaining([
        {
          type: 'channelResponse',
          url: CALLS.playbackUrl,
          status: 200,
          contentType: 'application/json',
          body: '{"data":"/hls/ch/master.m3u8"}',
        },
        expect.objectContaining({ type: 'channelResponse', url: CALLS.info, status: 200 }),
      ]),
    );
  });

  it('gives nothing to load for an offline channel, a missing URL, a non-http(s) one or an error', async () => {
    const none = async (info: unknown, playback: unknown, status?: number) =>
      channelStream(CALLS, platform(info, playback, status).fetchFn, () => {});
    expect(await none({ livestream: null }, { data: '/hls/ch/master.m3u8' })).toBeNull();
    expect(await none({ livestream: { id: 1 } }, { data: null })).toBeNull();
    expect(await none({ livestream: { id: 1 } }, { data: 'javascript:alert(1)' })).toBeNull();
    expect(await none({ livestream: { id: 1 } }, { data: '/hls/ch/master.m3u8' }, 500)).toBeNull();
  });

  it('reports a failed request as status 0, for the page to ask itself', async () => {
    const events: EngineEvent[] = [];
    const { fetchFn } = platform(new TypeError('Failed to fetch'), { data: '/x.m3u8' });
    expect(await channelStream(CALLS, fetchFn, (e) => events.push(e))).toBeNull();
    expect(events).toContainEqual({ type: 'channelResponse', url: CALLS.info, status: 0, contentType: '', body: '' });
  });
});
