import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeOrigin, RecordingTarget } from '../testing/fake-origin.ts';
import { LiveEngine } from './live-engine.ts';
import { pageMediaCopy, startPieces, startVariantUrl } from './start-pieces.ts';

const BASE = 'https://origin.test/hls/ch/';
const MASTER = `${BASE}master.m3u8`;

let origin: FakeOrigin;
let engine: LiveEngine | null = null;

const copies = (ageMs = 100) =>
  origin.renditions.map(({ name }) => ({
    url: `${BASE}${name}/media.m3u8`,
    text: origin.mediaPlaylist(name),
    writtenAtMs: Date.now() - ageMs,
  }));

/** The engine's own first media requests (no playlist), from the same copies at the same size. */
async function enginesFirstPieces(viewport: { width: number; height: number }): Promise<string[]> {
  engine = new LiveEngine(
    {
      fetch: origin.fetch,
      monotonic: () => Date.now(),
      now: () => Date.now(),
      timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as number) },
      target: new RecordingTarget(),
      emit: () => {},
      isTypeSupported: () => true,
    },
    { lowLatency: true, bandwidthEstimate: null, transcodesOnly: false },
  );
  engine.setViewport(viewport.width, viewport.height);
  engine.load(MASTER, origin.multivariant(), copies());
  await vi.advanceTimersByTimeAsync(0);
  return origin.requests.filter((r) => !r.includes('.m3u8')).map((r) => `${BASE}${r}`);
}

beforeEach(() => {
  vi.useFakeTimers();
  origin = new FakeOrigin();
  origin.publish(4 * 5 + 2); // segments 0–4 whole, 2 parts of segment 5
});

afterEach(() => {
  engine?.destroy();
  engine = null;
  vi.useRealTimers();
});

describe('startPieces', () => {
  for (const viewport of [
    { width: 640, height: 360 },
    { width: 1280, height: 720 },
  ]) {
    it(`names what the engine itself asks for first, in a ${viewport.width}×${viewport.height} frame`, async () => {
      const pieces = startPieces({
        url: MASTER,
        multivariant: origin.multivariant(),
        media: copies(),
        viewport,
        isTypeSupported: () => true,
        lowLatency: true,
        nowMs: Date.now(),
      });
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces[0]).toMatch(/\/init\.mp4$/);
      expect(pieces.every((url) => url.includes(viewport.height === 720 ? '/720p/' : '/360p/'))).toBe(true);
      expect((await enginesFirstPieces(viewport)).slice(0, pieces.length)).toEqual(pieces);
    });
  }

  it('names nothing where the engine would ask the origin first: a copy too old, or none of that variant', () => {
    const input = {
      url: MASTER,
      multivariant: origin.multivariant(),
      viewport: { width: 640, height: 360 },
      isTypeSupported: () => true,
      lowLatency: true,
      nowMs: Date.now(),
    };
    expect(startPieces({ ...input, media: copies(5000) })).toEqual([]);
    expect(startPieces({ ...input, media: copies().filter((c) => !c.url.includes('360p')) })).toEqual([]);
  });

  it('names nothing for a playlist the parsers refuse, or a variant this browser cannot decode', () => {
    const input = {
      url: MASTER,
      media: copies(),
      viewport: { width: 640, height: 360 },
      lowLatency: true,
      nowMs: Date.now(),
    };
    expect(startPieces({ ...input, multivariant: '<html>', isTypeSupported: () => true })).toEqual([]);
    expect(startPieces({ ...input, multivariant: origin.multivariant(), isTypeSupported: () => false })).toEqual([]);
  });
});

describe('startVariantUrl', () => {
  for (const viewport of [
    { width: 640, height: 360 },
    { width: 1280, height: 720 },
  ]) {
    it(`names the media playlist the engine asks for first, in a ${viewport.width}×${viewport.height} frame`, async () => {
      const url = startVariantUrl({
        url: MASTER,
        multivariant: origin.multivariant(),
        viewport,
        isTypeSupported: () => true,
      });
      engine = new LiveEngine(
        {
          fetch: origin.fetch,
          monotonic: () => Date.now(),
          now: () => Date.now(),
          timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as number) },
          target: new RecordingTarget(),
          emit: () => {},
          isTypeSupported: () => true,
        },
        { lowLatency: true, bandwidthEstimate: null, transcodesOnly: false },
      );
      engine.setViewport(viewport.width, viewport.height);
      engine.load(MASTER, origin.multivariant());
      await vi.advanceTimersByTimeAsync(0);
      expect(`${BASE}${origin.requests.find((r) => r.includes('.m3u8'))}`).toBe(url);
    });
  }

  it('names the video variant’s beside an audio rendition, and none for a source the engine declines (alternate video)', () => {
    const multivariant = (media: string) =>
      [
        '#EXTM3U',
        media,
        '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="aud",VIDEO="cam"',
        'video/360p.m3u8',
      ].join('\n');
    const input = { url: MASTER, viewport: { width: 640, height: 360 }, isTypeSupported: () => true };
    const audio = '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="en",LANGUAGE="en",DEFAULT=YES,URI="audio/en.m3u8"';
    expect(startVariantUrl({ ...input, multivariant: multivariant(audio) })).toBe(`${BASE}video/360p.m3u8`);
    const angle = '#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="cam",NAME="side",URI="video/side.m3u8"';
    expect(startVariantUrl({ ...input, multivariant: multivariant(angle) })).toBeNull();
  });
});

describe('pageMediaCopy', () => {
  const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:4\n#EXTINF:2,\ns4.ts\n';
  const url = `${BASE}360p.m3u8`;
  const at = Date.parse('2026-11-28T12:00:10.000Z');

  it('dates the copy by the server’s Last-Modified, as the engine dates its own requests', () => {
    // Written in [12:00:09, 12:00:10): the middle of that second, 0.5 s before it arrived.
    expect(pageMediaCopy(url, playlist, 'Sat, 28 Nov 2026 12:00:09 GMT', at)).toEqual({
      url,
      text: playlist,
      writtenAtMs: at - 500,
    });
  });

  it('takes it as just written without a Last-Modified, or with one older than a target duration (no clock to trust)', () => {
    expect(pageMediaCopy(url, playlist, null, at).writtenAtMs).toBe(at);
    expect(pageMediaCopy(url, playlist, 'Sat, 28 Nov 2026 11:59:00 GMT', at).writtenAtMs).toBe(at);
    expect(pageMediaCopy(url, '<html>', 'Sat, 28 Nov 2026 12:00:09 GMT', at).writtenAtMs).toBe(at);
  });
});
