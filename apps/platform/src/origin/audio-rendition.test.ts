import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_ONLY_RENDITION, audioOnlyRendition } from './audio-rendition.ts';
import { loadFixture } from './fixture.ts';
import { parseFragment, splitFragments } from './fragment.ts';
import { defaultFixtureDir, registerLiveOrigin } from './index.ts';
import { parseInitSegment } from './init-segment.ts';

const fixture = loadFixture(defaultFixtureDir);
const source = fixture.renditions[0]!;
const audio = source.tracks.find((t) => t.kind === 'audio')!;
const NOW = Date.UTC(2026, 0, 1, 0, 0, 9, 250);

describe('audio-only rendition', () => {
  const rendition = audioOnlyRendition(source);

  it('keeps only the audio track in its init segment', () => {
    const { tracks } = parseInitSegment(rendition.init);
    expect(tracks.map((t) => [t.handler, t.trackId])).toEqual([['soun', audio.trackId]]);
    expect(rendition.codecs).toMatch(/^mp4a\.40\.\d+$/);
    expect(rendition.height).toBe(0);
  });

  it('keeps every audio sample, byte for byte and on the same timing', () => {
    expect(rendition.fragments).toHaveLength(source.fragments.length);
    source.fragments.forEach((original, i) => {
      const was = original.layout.tracks.find((t) => t.trackId === audio.trackId)!;
      const now = rendition.fragments[i]!.layout;
      expect(now.sequenceNumber).toBe(original.layout.sequenceNumber);
      expect(now.tracks).toHaveLength(1);
      const track = now.tracks[0]!;
      expect(track.baseMediaDecodeTime).toBe(was.baseMediaDecodeTime);
      expect(track.samples.map((s) => s.duration)).toEqual(was.samples.map((s) => s.duration));
      const bytes = rendition.fragments[i]!.bytes;
      const sample = (at: number, size: number, of: Uint8Array) => Array.from(of.subarray(at, at + size));
      expect(sample(track.sampleOffsets[0]!, track.samples[0]!.size, bytes)).toEqual(
        sample(was.sampleOffsets[0]!, was.samples[0]!.size, original.bytes),
      );
    });
  });

  it('costs a small part of the lowest picture', () => {
    expect(rendition.averageBandwidth).toBeGreaterThan(0);
    expect(rendition.averageBandwidth).toBeLessThan(source.averageBandwidth / 2);
  });
});

describe('audio-only on the origin', () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerLiveOrigin(app, {
      fixture,
      now: () => NOW,
      isLive: () => true,
      audioOnly: (slug) => slug === 'radio',
    });
    await app.ready();
  });
  afterAll(() => app.close());
  const get = (url: string) => app.inject({ method: 'GET', url });

  it('is advertised last, Twitch-style, only on a channel that carries it', async () => {
    const radio = (await get('/hls/radio/master.m3u8')).body;
    const lines = radio.trim().split('\n');
    expect(lines).toContain('#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="audio_only",NAME="Audio only",AUTOSELECT=NO,DEFAULT=NO');
    const inf = lines.at(-2)!;
    expect(inf).toMatch(/^#EXT-X-STREAM-INF:.*CODECS="mp4a\.40\.\d+",VIDEO="audio_only"/);
    expect(inf).not.toMatch(/RESOLUTION/);
    expect(lines.at(-1)).toBe(`${AUDIO_ONLY_RENDITION}/media.m3u8`);
    // The source quality is still the top picture, not the audio.
    expect(radio).toMatch(/GROUP-ID="chunked"/);
    const plain = (await get('/hls/other/master.m3u8')).body;
    expect(plain).not.toMatch(/audio_only/);
    expect((await get(`/hls/other/${AUDIO_ONLY_RENDITION}/init.mp4`)).statusCode).toBe(404);
  });

  it('serves its playlist, init segment, segments and parts', async () => {
    const playlist = await get(`/hls/radio/${AUDIO_ONLY_RENDITION}/media.m3u8`);
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.match(/^seg-(\d+)\.m4s$/m)?.[1];
    expect(segment).toBeDefined();
    const init = await get(`/hls/radio/${AUDIO_ONLY_RENDITION}/init.mp4`);
    expect(parseInitSegment(init.rawPayload).tracks.map((t) => t.handler)).toEqual(['soun']);
    const media = (await get(`/hls/radio/${AUDIO_ONLY_RENDITION}/seg-${segment}.m4s`)).rawPayload;
    const fragments = splitFragments(media).map(({ start, end }) => parseFragment(media.subarray(start, end)));
    expect(fragments.length).toBe(fixture.fragmentsPerSegment);
    for (const f of fragments) expect(f.tracks.map((t) => t.trackId)).toEqual([audio.trackId]);
  });
});
