import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import HLS from 'hls-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from './fixture.ts';
import { defaultFixtureDir, registerLiveOrigin, SERVER_TIME_DATA_ID } from './index.ts';

const fixture = loadFixture(defaultFixtureDir);
let clock = Date.UTC(2026, 0, 1, 0, 0, 9, 250);
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await registerLiveOrigin(app, { fixture, now: () => clock, isLive: (slug) => slug === 'on-air' });
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

describe('origin clock', () => {
  it('answers the injected clock, uncached and cross-origin', async () => {
    const first = await get('/hls/time');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.json()).toEqual({ epochMs: clock });
    clock += 1234;
    expect((await get('/hls/time')).json()).toEqual({ epochMs: clock });
  });

  it('is advertised as session data that resolves to the clock, in a strictly valid playlist', async () => {
    for (const url of ['/hls/on-air/master.m3u8', '/hls/on-air/master.m3u8?advertise=hevc']) {
      const response = await get(url);
      HLS.setOptions({ strictMode: true });
      const playlist = HLS.parse(response.body);
      if (!playlist.isMasterPlaylist) throw new Error('expected a multivariant playlist');
      const entry = playlist.sessionDataList.find((d) => d.id === SERVER_TIME_DATA_ID);
      expect(entry?.uri).toBeDefined();
      const resolved = new URL(entry!.uri!, `http://origin.test${url}`);
      expect(resolved.pathname).toBe('/hls/time');
      expect((await get(resolved.pathname)).statusCode).toBe(200);
    }
  });
});
