import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from './fixture.ts';
import { parseFragment, splitFragments } from './fragment.ts';
import { defaultFixtureDir, registerLiveOrigin } from './index.ts';
import { checkMultivariant } from './testing/multivariant-checks.ts';

const fixture = loadFixture(defaultFixtureDir);
// 2026-01-01T00:00:09.250Z: segment 1767225608 (a loop's first) just ended.
const NOW = Date.UTC(2026, 0, 1, 0, 0, 9, 250);
const NEWEST = 1_767_225_608;

let app: FastifyInstance;
let origin: Awaited<ReturnType<typeof registerLiveOrigin>>;

beforeAll(async () => {
  app = Fastify();
  origin = await registerLiveOrigin(app, { fixture, now: () => NOW, isLive: (slug) => slug === 'on-air' });
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

function expectNotFound(response: Awaited<ReturnType<typeof get>>): void {
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['access-control-allow-origin']).toBe('*');
  const body = response.json();
  expect(body).toMatchObject({ status: 404, statusText: 'Not Found' });
  expect(typeof body.data.message).toBe('string');
}

describe('live origin routes', () => {
  it('serves the multivariant playlist', async () => {
    const response = await get('/hls/on-air/master.m3u8');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const { playlist } = checkMultivariant(response.body);
    expect(playlist.variants.map((v) => v.uri)).toEqual([
      '160p/media.m3u8',
      '360p/media.m3u8',
      '480p/media.m3u8',
      '720p/media.m3u8',
    ]);
    expect(playlist.variants[0]?.bandwidth).toBe(fixture.renditions[0]?.bandwidth);
  });

  it('marks the top of the ladder as the source quality (VIDEO="chunked")', async () => {
    const { body } = await get('/hls/on-air/master.m3u8');
    const { videoGroupOf, videoGroups } = checkMultivariant(body);
    expect(Object.fromEntries(videoGroupOf)).toEqual({
      '160p/media.m3u8': '160p30',
      '360p/media.m3u8': '360p30',
      '480p/media.m3u8': '480p30',
      '720p/media.m3u8': 'chunked',
    });
    expect(body).toContain(
      '#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="chunked",NAME="720p (source)",AUTOSELECT=YES,DEFAULT=YES\n',
    );
    expect(body).toContain('#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="480p30",NAME="480p",AUTOSELECT=YES,DEFAULT=YES\n');
    expect(body).toMatch(/,VIDEO="chunked"\n720p\/media\.m3u8\n$/);
    expect(videoGroups.size).toBe(4);
  });

  it('serves a media playlist that follows the injected clock', async () => {
    const response = await get('/hls/on-air/480p/media.m3u8');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(`#EXT-X-MEDIA-SEQUENCE:${NEWEST - 9}\n`);
    // The newest complete segment; LL-HLS parts and tags follow it (ll-routes.test.ts).
    expect(
      response.body
        .split('\n')
        .filter((l) => l.startsWith('seg-'))
        .at(-1),
    ).toBe(`seg-${NEWEST}.m4s`);
  });

  it('tells the platform each picture variant’s media playlist as the route answers it now', async () => {
    const now = origin.mediaPlaylistsNow('on-air');
    expect(now.map((m) => m.uri)).toEqual(fixture.renditions.map((r) => `${r.name}/media.m3u8`));
    for (const { uri, playlist } of now) {
      expect(playlist.text).toBe((await get(`/hls/on-air/${uri}`)).body);
      // Published when its newest part ended: at or before now, less than a part ago.
      expect(playlist.writtenAtMs).toBeLessThanOrEqual(NOW);
      expect(NOW - playlist.writtenAtMs).toBeLessThan(fixture.segmentDurationMs / fixture.fragmentsPerSegment);
    }
    expect(origin.mediaPlaylistsNow('off-air')).toEqual([]);
  });

  it('serves the init segment', async () => {
    const response = await get('/hls/on-air/720p/init.mp4');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+, immutable$/);
    expect(response.rawPayload.equals(fixture.renditions[3]!.init)).toBe(true);
  });

  it('serves a published segment stamped with wall-clock time', async () => {
    const response = await get(`/hls/on-air/720p/seg-${NEWEST}.m4s`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/iso.segment');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+, immutable$/);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const bytes = new Uint8Array(response.rawPayload);
    const fragments = splitFragments(bytes).map(({ start, end }) => parseFragment(bytes.subarray(start, end)));
    expect(fragments).toHaveLength(5);
    expect(fragments[0]?.tracks[0]?.baseMediaDecodeTime).toBe(NEWEST * 90_000);
  });

  it('answers 404 for channels that are not live, unknown renditions and unknown paths', async () => {
    expectNotFound(await get('/hls/off-air/master.m3u8'));
    expectNotFound(await get('/hls/off-air/720p/media.m3u8'));
    expectNotFound(await get('/hls/off-air/720p/init.mp4'));
    expectNotFound(await get(`/hls/off-air/720p/seg-${NEWEST}.m4s`));
    expectNotFound(await get('/hls/on-air/1080p/media.m3u8'));
    expectNotFound(await get(`/hls/on-air/1080p/seg-${NEWEST}.m4s`));
    expectNotFound(await get('/hls/on-air/720p/whatever.ts'));
  });

  it('answers 404 for segments in the future or past the retention period', async () => {
    expectNotFound(await get(`/hls/on-air/720p/seg-${NEWEST + 1}.m4s`));
    expectNotFound(await get(`/hls/on-air/720p/seg-${NEWEST - 60}.m4s`));
    expect((await get(`/hls/on-air/720p/seg-${NEWEST - 59}.m4s`)).statusCode).toBe(200);
    expectNotFound(await get('/hls/on-air/720p/seg-0.m4s'));
  });

  it.each(['abc', '1.5', '-3', '1e9', '', '12345678901234567890', '0x10'])(
    'answers 400 for the malformed sequence number %j',
    async (msn) => {
      const response = await get(`/hls/on-air/720p/seg-${msn}.m4s`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, statusText: 'Bad Request' });
    },
  );
});

describe('a channel that keeps a rewind window (DVR)', () => {
  it('lists its window, and serves its oldest segment, where another channel lists ten', async () => {
    const dvr = Fastify();
    await registerLiveOrigin(dvr, {
      fixture,
      now: () => NOW,
      isLive: () => true,
      dvrWindowSize: (slug) => (slug === 'rewind' ? 120 : undefined),
    });
    const rendition = fixture.renditions[0]!.name;
    const listed = async (slug: string) =>
      (await dvr.inject(`/hls/${slug}/${rendition}/media.m3u8`)).body
        .split('\n')
        .filter((l) => /^seg-\d+\.m4s$/.test(l));
    expect(await listed('rewind')).toHaveLength(120);
    expect(await listed('plain')).toHaveLength(10);
    // Listed is downloadable: 119 segments back, past the usual 60 s retention.
    const oldest = NEWEST - 119;
    expect((await dvr.inject(`/hls/rewind/${rendition}/seg-${oldest}.m4s`)).statusCode).toBe(200);
    expect((await dvr.inject(`/hls/plain/${rendition}/seg-${oldest}.m4s`)).statusCode).toBe(404);
    await dvr.close();
  });
});
