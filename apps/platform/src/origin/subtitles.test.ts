import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadFixture } from './fixture.ts';
import { defaultFixtureDir, registerLiveOrigin } from './index.ts';
import { renderSubtitleSegment } from './subtitles.ts';

const fixture = loadFixture(defaultFixtureDir);
const NOW = Date.UTC(2026, 0, 1, 0, 0, 9, 250);
const NEWEST = 1_767_225_608;

describe('WebVTT subtitles', () => {
  it('map each cue to its segment’s media time, wrapped at 33 bits as MPEG-2 time is', () => {
    const vtt = renderSubtitleSegment('de', NEWEST, 1000);
    const ticks = (NEWEST * 90_000) % 2 ** 33;
    expect(vtt).toBe(
      `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${ticks},LOCAL:00:00:00.000\n\n00:00:00.000 --> 00:00:00.900\nDeutscher Untertitel ${NEWEST}\n`,
    );
  });

  it('are a SUBTITLES group only on a channel that has them, with a playlist and segments per language', async () => {
    const app = Fastify();
    await registerLiveOrigin(app, {
      fixture,
      now: () => NOW,
      isLive: () => true,
      subtitles: (slug) => (slug === 'subbed' ? ['en', 'de'] : undefined),
    });
    const master = (await app.inject('/hls/subbed/master.m3u8')).body;
    expect(master).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Deutsch",LANGUAGE="de",DEFAULT=NO,AUTOSELECT=YES,URI="subs/de/media.m3u8"',
    );
    expect(
      master
        .split('\n')
        .filter((l) => l.startsWith('#EXT-X-STREAM-INF'))
        .every((l) => l.endsWith(',SUBTITLES="subs"')),
    ).toBe(true);
    expect((await app.inject('/hls/plain/master.m3u8')).body).not.toContain('SUBTITLES');
    const playlist = (await app.inject('/hls/subbed/subs/en/media.m3u8')).body;
    expect(playlist).toContain(`sub-${NEWEST}.vtt`);
    const segment = await app.inject(`/hls/subbed/subs/en/sub-${NEWEST}.vtt`);
    expect(segment.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(segment.body).toContain(`English caption ${NEWEST}`);
    expect((await app.inject('/hls/subbed/subs/fr/media.m3u8')).statusCode).toBe(404);
    expect((await app.inject('/hls/plain/subs/en/media.m3u8')).statusCode).toBe(404);
    expect((await app.inject(`/hls/subbed/subs/en/sub-${NEWEST + 5}.vtt`)).statusCode).toBe(404);
    await app.close();
  });
});
