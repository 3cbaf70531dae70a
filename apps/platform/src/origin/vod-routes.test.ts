import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseFragment, splitFragments } from './fragment.ts';
import { readBoxes } from './mp4-boxes.ts';
import { defaultFixtureDir } from './index.ts';
import { loadFixture } from './fixture.ts';
import { registerVodOrigin, renderVodMediaPlaylist, vodSegmentCount } from './vod-routes.ts';

const fixture = loadFixture(defaultFixtureDir);

describe('VOD renderings of past videos', () => {
  it('lists the duration rounded up to whole segments, from 0, with an end', () => {
    expect(vodSegmentCount(4_500, 1000)).toBe(5);
    expect(vodSegmentCount(1, 1000)).toBe(1);
    const playlist = renderVodMediaPlaylist(3_000, 1000);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD\n');
    expect(playlist).toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
    expect(
      playlist
        .trim()
        .split('\n')
        .filter((l) => l.endsWith('.m4s')),
    ).toEqual(['seg-0.m4s', 'seg-1.m4s', 'seg-2.m4s']);
    expect(playlist.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(playlist).not.toContain('PROGRAM-DATE-TIME');
    expect(playlist).not.toContain('#EXT-X-PART');
  });

  it("serves a known video's playlists, init and segments, and nothing past its end", async () => {
    const app = Fastify();
    registerVodOrigin(app, { fixture, videoDuration: (id) => (id === 5001 ? 4_000 : undefined) });
    const rendition = fixture.renditions[0]!.name;
    const master = await app.inject('/vod/5001/master.m3u8');
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain(`${rendition}/media.m3u8`);
    const media = await app.inject(`/vod/5001/${rendition}/media.m3u8`);
    expect(media.body.match(/\.m4s/g)).toHaveLength(4);
    const segment = await app.inject(`/vod/5001/${rendition}/seg-3.m4s`);
    expect(segment.statusCode).toBe(200);
    // Media only (no emsg: a past video carries no timed metadata), from media time 0.
    const bytes = new Uint8Array(segment.rawPayload);
    expect(readBoxes(bytes).map((b) => b.type)).not.toContain('emsg');
    const first = splitFragments(bytes)[0]!;
    const track = parseFragment(bytes.subarray(first.start, first.end)).tracks[0]!;
    const timescale = fixture.renditions[0]!.tracks.find((t) => t.trackId === track.trackId)!.timescale;
    expect(track.baseMediaDecodeTime / timescale).toBeCloseTo(3, 3);
    expect((await app.inject(`/vod/5001/${rendition}/init.mp4`)).statusCode).toBe(200);
    expect((await app.inject(`/vod/5001/${rendition}/seg-4.m4s`)).statusCode).toBe(404);
    expect((await app.inject(`/vod/5001/${rendition}/seg-x.m4s`)).statusCode).toBe(404);
    expect((await app.inject('/vod/5002/master.m3u8')).statusCode).toBe(404);
    expect((await app.inject('/vod/abc/master.m3u8')).statusCode).toBe(404);
    expect((await app.inject('/vod/5001/nope/media.m3u8')).statusCode).toBe(404);
  });
});
