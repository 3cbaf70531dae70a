import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import HLS from 'hls-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTISABLE, chooseAdvertised } from './advertised-variants.ts';
import { loadFixture } from './fixture.ts';
import { defaultFixtureDir, registerLiveOrigin } from './index.ts';
import { renderMultivariantPlaylist } from './playlist.ts';
import type { VariantStream } from './playlist.ts';
import { checkMultivariant } from './testing/multivariant-checks.ts';

const fixture = loadFixture(defaultFixtureDir);
const NOW = Date.UTC(2026, 0, 1, 0, 0, 9, 250);
const NEWEST = 1_767_225_608;
// Its own quality group, not the source's: it tops the ladder but is not the
// broadcaster's original, and the origin never serves it.
const HEVC_LINES =
  '#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="1080p30",NAME="1080p",AUTOSELECT=YES,DEFAULT=YES\n' +
  '#EXT-X-STREAM-INF:BANDWIDTH=6000000,AVERAGE-BANDWIDTH=5500000,CODECS="hvc1.1.6.L120.90,mp4a.40.2",' +
  'RESOLUTION=1920x1080,FRAME-RATE=30.000,VIDEO="1080p30"\n1080p-hevc/media.m3u8\n';
const SOURCE_720P: VariantStream = {
  uri: '720p/media.m3u8',
  bandwidth: 2_212_536,
  averageBandwidth: 2_130_674,
  codecs: 'avc1.4d401f,mp4a.40.2',
  width: 1280,
  height: 720,
  frameRate: 30,
};

let app: FastifyInstance;
beforeAll(async () => {
  HLS.setOptions({ strictMode: true });
  app = Fastify();
  await registerLiveOrigin(app, { fixture, now: () => NOW, isLive: (slug) => slug === 'on-air' });
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

function expectProblem(response: Awaited<ReturnType<typeof get>>, status: 400 | 404): string {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['access-control-allow-origin']).toBe('*');
  const body = response.json();
  expect(body).toMatchObject({ status, statusText: status === 400 ? 'Bad Request' : 'Not Found' });
  expect(typeof body.data.message).toBe('string');
  return body.data.message;
}

describe('the advertised-only HEVC variant', () => {
  it('renders, above a named source, a multivariant playlist that passes the checks', () => {
    const hevc = ADVERTISABLE.get('hevc') ?? [];
    const text = renderMultivariantPlaylist([SOURCE_720P, ...hevc], { sourceUri: SOURCE_720P.uri });
    expect(text.endsWith(HEVC_LINES)).toBe(true);
    const { playlist, videoGroupOf } = checkMultivariant(text);
    expect([...videoGroupOf.values()]).toEqual(['chunked', '1080p30']);
    expect(playlist.variants).toHaveLength(2);
    expect(playlist.variants[1]).toMatchObject({
      uri: '1080p-hevc/media.m3u8',
      bandwidth: 6_000_000,
      averageBandwidth: 5_500_000,
      codecs: 'hvc1.1.6.L120.90,mp4a.40.2',
      resolution: { width: 1920, height: 1080 },
      frameRate: 30,
    });
  });

  it('is listed on top of the served ladder with ?advertise=hevc', async () => {
    const plain = await get('/hls/on-air/master.m3u8');
    const response = await get('/hls/on-air/master.m3u8?advertise=hevc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(plain.body + HEVC_LINES);
    const { playlist, videoGroupOf } = checkMultivariant(response.body);
    // The source stays the top of the served ladder.
    expect(videoGroupOf.get('720p/media.m3u8')).toBe('chunked');
    expect(videoGroupOf.get('1080p-hevc/media.m3u8')).toBe('1080p30');
    expect(playlist.variants.map((v) => v.uri)).toEqual([
      '160p/media.m3u8',
      '360p/media.m3u8',
      '480p/media.m3u8',
      '720p/media.m3u8',
      '1080p-hevc/media.m3u8',
    ]);
  });

  it('leaves the playlist unchanged without the parameter, other parameters included', async () => {
    const plain = await get('/hls/on-air/master.m3u8');
    expect(plain.body).not.toContain('hvc1');
    expect(plain.body).not.toContain('1080p-hevc');
    expect((await get('/hls/on-air/master.m3u8?t=123')).body).toBe(plain.body);
  });

  it.each(['', 'HEVC', 'av1', 'hevc,av1', 'hevc&advertise=hevc', 'hevc&advertise=av1'])(
    'answers 400 for advertise=%s',
    async (value) => {
      const message = expectProblem(await get(`/hls/on-air/master.m3u8?advertise=${value}`), 400);
      expect(message).toMatch(/advertise/);
    },
  );

  it('keeps answering 404 for a channel that is not live', async () => {
    expectProblem(await get('/hls/off-air/master.m3u8?advertise=hevc'), 404);
  });

  it('is never served: its playlist, init segment and segments answer 404', async () => {
    for (const path of ['media.m3u8', 'init.mp4', `seg-${NEWEST}.m4s`]) {
      const message = expectProblem(await get(`/hls/on-air/1080p-hevc/${path}`), 404);
      expect(message).toMatch(/1080p-hevc.*never served/);
    }
  });
});

describe('chooseAdvertised', () => {
  it('maps the parameter to extra variants or an error', () => {
    expect(chooseAdvertised(undefined)).toEqual({ ok: true, extra: [] });
    expect(chooseAdvertised('hevc')).toEqual({ ok: true, extra: ADVERTISABLE.get('hevc') });
    expect(chooseAdvertised(['hevc', 'hevc'])).toMatchObject({ ok: false });
  });
});
