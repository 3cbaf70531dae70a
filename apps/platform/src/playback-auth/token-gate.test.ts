import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../create-platform.ts';
import { ADMIN_HEADERS, TEST_ADMIN } from '../testing/admin.ts';
import { capVariants } from './token-gate.ts';

/**
 * The private channel's origin over the whole platform (Fastify inject, real routes, real
 * signatures): the playback-url call's token plays; each thing wrong with a token is refused
 * with its own reason in the platform's error shape.
 */
let platform: Platform;
const HOST = 'onair.test:8080';
const SELF = `http://${HOST}`;

beforeAll(async () => {
  platform = await createPlatform({
    embedDir: path.join(tmpdir(), 'onair-no-embed'),
    admin: TEST_ADMIN,
    origins: [SELF],
  });
});
afterAll(() => platform.app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  platform.app.inject({ method: 'GET', url, headers: { host: HOST, 'sec-fetch-site': 'same-origin', ...headers } });

async function playbackUrl(): Promise<URL> {
  const response = await get('/api/v2/channels/private-room/playback-url');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return new URL((response.json() as { data: string }).data);
}

async function mint(body: Record<string, unknown>): Promise<string> {
  const response = await platform.app.inject({
    method: 'POST',
    url: '/admin/playback-tokens',
    headers: { host: HOST, ...ADMIN_HEADERS },
    payload: { slug: 'private-room', ...body },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { token: string }).token;
}

const refusal = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(403);
  return (response.json() as { data: { authorization?: string } }).data.authorization;
};

describe('a private channel’s origin', () => {
  it('plays with the playback-url call’s token, up to its maximum resolution', async () => {
    const url = await playbackUrl();
    const token = url.searchParams.get('token')!;
    expect(token.split('.')).toHaveLength(3);
    const multivariant = await get(`${url.pathname}${url.search}`);
    expect(multivariant.statusCode).toBe(200);
    const heights = [...multivariant.body.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]));
    expect(heights.length).toBeGreaterThan(1);
    expect(Math.max(...heights)).toBe(480);
    expect(Number(multivariant.headers['content-length'])).toBe(Buffer.byteLength(multivariant.body));
    const media = await get(`/hls/private-room/480p/media.m3u8?token=${token}`);
    expect(media.statusCode).toBe(200);
    expect(refusal(await get(`/hls/private-room/720p/media.m3u8?token=${token}`))).toBe('resolution');
  });

  it('refuses a request without a token, and a public channel needs none', async () => {
    expect(refusal(await get('/hls/private-room/master.m3u8'))).toBe('missing');
    expect((await get('/hls/studio-live/master.m3u8')).statusCode).toBe(200);
  });

  it('names each thing wrong with a token', async () => {
    const expired = await mint({ ttlSeconds: -5 });
    expect(refusal(await get(`/hls/private-room/master.m3u8?token=${expired}`))).toBe('expired');
    const other = await mint({ slug: 'studio-live' });
    expect(refusal(await get(`/hls/private-room/master.m3u8?token=${other}`))).toBe('channel');
    const elsewhere = await mint({ allowOrigin: 'https://stranger.example' });
    expect(refusal(await get(`/hls/private-room/master.m3u8?token=${elsewhere}`))).toBe('origin');
    // Ours, but lifted into another site's page.
    const ours = await mint({});
    const lifted = await get(`/hls/private-room/master.m3u8?token=${ours}`, { origin: 'https://stranger.example' });
    expect(refusal(lifted)).toBe('origin');
    const withdrawn = await mint({ viewerId: 'withdrawn-viewer' });
    expect(refusal(await get(`/hls/private-room/master.m3u8?token=${withdrawn}`))).toBe('viewer');
    expect(refusal(await get(`/hls/private-room/master.m3u8?token=not.a.token`))).toBe('invalid');
    const body = (await get(`/hls/private-room/master.m3u8?token=${expired}`)).json() as Record<string, unknown>;
    expect(body).toMatchObject({ status: 403, statusText: 'Forbidden' });
    expect(JSON.stringify(body)).not.toContain(expired);
  });

  it('spends a single-use token on the playback it starts: its own requests go on, a second start is refused', async () => {
    const once = await mint({ singleUse: true });
    expect((await get(`/hls/private-room/master.m3u8?token=${once}`)).statusCode).toBe(200);
    expect((await get(`/hls/private-room/480p/media.m3u8?token=${once}`)).statusCode).toBe(200);
    expect(refusal(await get(`/hls/private-room/master.m3u8?token=${once}`))).toBe('reused');
  });

  it('keeps the testing hook for the admin token only', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: '/admin/playback-tokens',
      headers: { host: HOST },
      payload: { slug: 'private-room' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('capVariants', () => {
  it('takes out the taller variants and their URIs, nothing else', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=640x360',
      '360p/media.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=2,RESOLUTION=1280x720',
      '720p/media.m3u8',
      '',
    ].join('\n');
    expect(capVariants(text, 480)).toBe(
      ['#EXTM3U', '#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=640x360', '360p/media.m3u8', ''].join('\n'),
    );
  });
});
