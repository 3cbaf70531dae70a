import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerTsOrigin, renderTsMultivariant, renderTsPlaylist, type TsFixture } from './ts-routes.ts';

const fixture: TsFixture = {
  segments: Array.from({ length: 8 }, () => Object.assign(new Uint8Array(188), { 0: 0x47, 3: 0x10 })),
  width: 284,
  height: 160,
  bandwidth: 320_000,
  codecs: 'avc1.4d400c,mp4a.40.2',
};

describe('MPEG-TS origin', () => {
  it('lists the last six published segments as one continuous live stream', () => {
    const playlist = renderTsPlaylist(18_500); // segments 12–17 are published
    expect(playlist).toContain('#EXT-X-MEDIA-SEQUENCE:12\n');
    expect(playlist).not.toContain('DISCONTINUITY');
    expect(playlist).not.toContain('#EXT-X-MAP');
    expect(playlist).not.toContain('#EXT-X-PART');
    const lines = playlist.trim().split('\n');
    expect(lines.filter((l) => l.endsWith('.ts'))).toEqual([12, 13, 14, 15, 16, 17].map((n) => `seg-${n}.ts`));
    expect(lines.slice(-3)).toEqual([
      '#EXT-X-PROGRAM-DATE-TIME:1970-01-01T00:00:17.000Z',
      '#EXTINF:1.000,',
      'seg-17.ts',
    ]);
  });

  it('serves a single-variant multivariant playlist, the loop’s bytes by msn, 404 off air', async () => {
    expect(renderTsMultivariant(fixture)).toContain(
      '#EXT-X-STREAM-INF:BANDWIDTH=320000,CODECS="avc1.4d400c,mp4a.40.2",RESOLUTION=284x160\nmedia.m3u8',
    );
    const app = Fastify();
    registerTsOrigin(app, { fixture, now: () => 20_000, isLive: (slug) => slug === 'retro-ts' });
    const segment = await app.inject('/hls-ts/retro-ts/seg-10.ts');
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload.byteLength).toBe(188);
    expect((await app.inject('/hls-ts/retro-ts/seg-30.ts')).statusCode).toBe(404); // not yet published
    expect((await app.inject('/hls-ts/retro-ts/seg-x.ts')).statusCode).toBe(400);
    expect((await app.inject('/hls-ts/studio-live/master.m3u8')).statusCode).toBe(404);
    const media = await app.inject('/hls-ts/retro-ts/media.m3u8');
    expect(media.body).toContain('seg-19.ts');
  });
});
