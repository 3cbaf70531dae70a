import type { ChannelInfoV2 } from '@onair/contracts';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createApiClient, type ApiClientOptions } from './client.ts';
import { ResponseShapeError, isHttpError } from './errors.ts';
import { errorMessage } from './message.ts';
import { startRecordingServer, type RecordingServer } from './testing/recording-server.ts';

const LIVE_INFO = {
  id: 101,
  slug: 'studio-live',
  user: { username: 'StudioLive' },
  banner_image: null,
  livestream: { id: 9001, is_live: true, categories: [], viewer_count: 12, viewers: 12 },
};

let server: RecordingServer;
let token: string | undefined;

beforeAll(async () => {
  server = await startRecordingServer({
    'GET /api/v2/channels/studio-live/info': { json: LIVE_INFO },
    'GET /api/v2/channels/a%2Fb/info': { json: null },
    'GET /api/v2/channels/broken/info': {
      json: { ...LIVE_INFO, livestream: { ...LIVE_INFO.livestream, viewer_count: -1 } },
    },
    'GET /api/v2/channels/studio-live/playback-url': { json: { data: 'https://cdn.test/master.m3u8' } },
    'GET /current-viewers': { json: [{ channel_id: 101, viewers: 12 }] },
    'GET /api/v2/livestreams/9001/viewers': { json: [{ viewers: 12 }] },
    'GET /api/v1/channels/studio-live/followers': { json: [] },
    'GET /api/v2/channels/followed': { json: { data: [], next_cursor: 'n2', previous_cursor: null } },
    'GET /api/v2/channels/followed-page': { json: { channels: [], nextCursor: null } },
    'GET /api/internal/v1/channels/studio-live/payment/history': { json: { next_cursor: null, previous_cursor: 'p1' } },
    'GET /api/internal/v1/channels/studio-live/stats': { json: {} },
    'GET /api/internal/v1/channels/studio-live/cipr': { json: {} },
    'POST /api/internal/v1/channels/studio-live/community/moderators': { status: 201, json: { username: 'bob' } },
    'DELETE /api/internal/v1/channels/studio-live/community/vips/bob': { status: 204 },
    'PUT /channels': { json: { ok: true } },
    'POST /api/v2/channels/studio-live/follow': {
      status: 401,
      statusText: 'Unauthorized',
      json: { status: 401, statusText: 'Unauthorized', data: { message: 'Unauthenticated.' } },
    },
    'GET /viewer/v1/token': { json: { data: { token: 'viewer-token' } } },
    'POST /realtime/auth': { json: { auth: 'key:signature' } },
  });
});
afterAll(() => server.close());

const options = (): ApiClientOptions => ({ baseUrl: server.url, fetch, getCookie: () => token });

describe('typed client over HTTP', () => {
  it('reads channel info: GET on the route’s path, validated and typed', async () => {
    const info = await createApiClient(options()).channels.v2.info({ slug: 'studio-live' });
    expectTypeOf(info).toEqualTypeOf<ChannelInfoV2 | null>();
    expect(info?.livestream?.viewer_count).toBe(12);
    expect(server.last()).toMatchObject({ method: 'GET', url: '/api/v2/channels/studio-live/info' });
  });

  it('percent-encodes path parameters', async () => {
    expect(await createApiClient(options()).channels.v2.info({ slug: 'a/b' })).toBeNull();
    expect(server.last().url).toBe('/api/v2/channels/a%2Fb/info');
  });

  it('sends a bearer token only while the session cookie exists', async () => {
    const client = createApiClient(options());
    token = undefined;
    await client.channels.v2.playbackUrl({ slug: 'studio-live' });
    expect(server.last().headers.authorization).toBeUndefined();
    token = 'secret';
    await client.channels.v2.playbackUrl({ slug: 'studio-live' });
    expect(server.last().headers.authorization).toBe('Bearer secret');
    token = undefined;
  });

  it('sends channel ids as repeated ids[] and reads the viewer lists', async () => {
    const client = createApiClient(options());
    expect(await client.viewers.current({ ids: [101, 102] })).toEqual([{ channel_id: 101, viewers: 12 }]);
    expect(server.last().url).toBe('/current-viewers?ids[]=101&ids[]=102');
    expect((await client.livestreams.viewers({ id: 9001 }))[0]?.viewers).toBe(12);
  });

  it('sends cursor, order, search and date-range parameters, and none that are unset', async () => {
    const client = createApiClient(options());
    expect(await client.channels.v2.followed({ cursor: 'n1==' })).toMatchObject({ next_cursor: 'n2' });
    expect(server.last().url).toBe('/api/v2/channels/followed?cursor=n1%3D%3D');
    expect(await client.channels.v2.followedPage()).toMatchObject({ nextCursor: null });
    expect(server.last().url).toBe('/api/v2/channels/followed-page');
    const history = await client.internal.paymentHistory({ slug: 'studio-live' }, { order: 'desc', cursor: 'c' });
    expect(history.previous_cursor).toBe('p1');
    expect(server.last().url).toBe('/api/internal/v1/channels/studio-live/payment/history?order=desc&cursor=c');
    await client.channels.v1.followers({ slug: 'studio-live' }, { search: 'night owl' });
    expect(server.last().url).toBe('/api/v1/channels/studio-live/followers?search=night%20owl');
    await client.internal.stats({ slug: 'studio-live' }, { start: '2026-11-01', end: '2026-11-30' });
    expect(server.last().url).toBe('/api/internal/v1/channels/studio-live/stats?start=2026-11-01&end=2026-11-30');
    await client.internal.cipr.report({ slug: 'studio-live' }, { start_time: '1', end_time: '2' });
    expect(server.last().url).toBe('/api/internal/v1/channels/studio-live/cipr?start_time=1&end_time=2');
  });

  it('posts a JSON body to the plural community role path', async () => {
    const client = createApiClient(options());
    await client.internal.community.add({ slug: 'studio-live', role: 'moderator' }, { username: 'bob' });
    expect(server.last()).toMatchObject({
      method: 'POST',
      url: '/api/internal/v1/channels/studio-live/community/moderators',
      body: '{"username":"bob"}',
      headers: { 'content-type': 'application/json' },
    });
    await client.internal.community.remove({ slug: 'studio-live', role: 'vip', username: 'bob' });
    expect(server.last()).toMatchObject({ method: 'DELETE', body: '' });
  });

  it('sends a form call as multipart form data', async () => {
    const form = new FormData();
    form.append('bio', 'Night sessions');
    await createApiClient(options()).channels.update(form);
    const { method, headers, body } = server.last();
    expect(method).toBe('PUT');
    expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(body).toContain('Night sessions');
  });

  it('calls the other services on their own bases, with the call’s headers', async () => {
    const client = createApiClient({
      ...options(),
      baseUrl: 'http://127.0.0.1:1', // nothing listens: only the service bases may be used
      origins: { websocket: server.url, realtime: `${server.url}/` },
    });
    const { data } = await client.viewer.token({ headers: { 'x-client-token': 'client', 'x-request-id': 'req-1' } });
    expect(data.token).toBe('viewer-token');
    expect(server.last().headers).toMatchObject({ 'x-client-token': 'client', 'x-request-id': 'req-1' });
    const body = { socketId: '1.2', channelName: 'private-lstm_9001', requestId: 'req-1' };
    expect(await client.realtime.workerAuth(body)).toEqual({ auth: 'key:signature' });
    expect(server.last()).toMatchObject({ method: 'POST', url: '/realtime/auth', body: JSON.stringify(body) });
  });

  it('throws the error shape for a non-OK answer', async () => {
    const error = await createApiClient(options())
      .channels.v2.follow({ slug: 'studio-live' })
      .catch((e: unknown) => e);
    expect(error).toEqual({ data: { message: 'Unauthenticated.' }, status: 401, statusText: 'Unauthorized' });
    expect(isHttpError(error) && errorMessage(error)).toBe('Unauthenticated.');
  });

  it('rejects a response that breaks the route’s schema, naming the route and the field', async () => {
    const error = await createApiClient(options())
      .channels.v2.info({ slug: 'broken' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).route).toBe('channels.v2.info');
    expect(errorMessage(error)).toMatch(/^Unexpected response from channels\.v2\.info: livestream\.viewer_count: /);
  });
});

describe('client built from any route table', () => {
  it('nests methods by the dotted name and validates with the table’s schemas', async () => {
    const table = {
      'a.b.c': {
        method: 'GET',
        path: '/api/v2/channels/:slug/info',
        params: ['slug'],
        origin: 'site',
        body: 'none',
        response: z.object({ id: z.literal(101) }),
      },
    } as const;
    const client = createApiClient(options(), table);
    expect(Object.keys(client)).toEqual(['a']);
    await expect(client.a.b.c({ slug: 'studio-live' })).resolves.toEqual({ id: 101 });
  });
});
