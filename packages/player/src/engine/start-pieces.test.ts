import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeOrigin, RecordingTarget } from '../testing/fake-origin.ts';
import { LiveEngine } from './live-engine.ts';
import {
  pageMediaCopy,
  startPicturePieces,
  startPieces,
  startRequests,
  startVariantUrl,
  youngCopies,
} from './start-pieces.ts';

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

describe('startPicturePieces', () => {
  const input = { viewport: { width: 640, height: 360 }, lowLatency: true };
  const tsMultivariant = (stream: string) =>
    ['#EXTM3U', `#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,${stream}`, '360p.m3u8'].join('\n');
  const tsMedia = (lines: string[] = []) =>
    [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MEDIA-SEQUENCE:10',
      ...lines,
      ...[10, 11, 12, 13, 14].flatMap((n) => ['#EXTINF:2,', `seg_${n}.ts`]),
    ].join('\n');
  const ts = (stream: string, lines: string[] = [], isTypeSupported = (_type: string) => true) =>
    startPicturePieces({
      ...input,
      url: MASTER,
      multivariant: tsMultivariant(stream),
      media: [{ url: `${BASE}360p.m3u8`, text: tsMedia(lines), writtenAtMs: Date.now() }],
      isTypeSupported,
      nowMs: Date.now(),
    });

  it('names the init segment and the first piece of the engine’s start, and their fMP4 type', () => {
    const asked: string[] = [];
    const args = { ...input, url: MASTER, multivariant: origin.multivariant(), media: copies(), nowMs: Date.now() };
    const pieces = startPieces({ ...args, isTypeSupported: () => true });
    const picture = startPicturePieces({ ...args, isTypeSupported: (type) => asked.push(type) > 0 });
    // The start variant's CODECS, as its EXT-X-STREAM-INF line names them.
    const lines = origin.multivariant().split('\n');
    const variant =
      lines[
        lines.findIndex(
          (line) => line.endsWith('/media.m3u8') && pieces[0]!.startsWith(`${BASE}${line.slice(0, -10)}`),
        ) - 1
      ];
    const codecs = /CODECS="([^"]+)"/.exec(variant!)![1];
    expect(picture).toEqual({ type: `video/mp4; codecs="${codecs}"`, init: pieces[0], first: pieces[1] });
    expect(asked).toContain(picture!.type);
  });

  it('comes with the pieces from one reading of the playlists (startRequests): the picture’s are the first of them', () => {
    const args = { ...input, url: MASTER, multivariant: origin.multivariant(), media: copies(), nowMs: Date.now() };
    const asked: string[] = [];
    const both = startRequests({ ...args, isTypeSupported: (type) => asked.push(type) > 0 });
    expect(both.pieces).toEqual(startPieces({ ...args, isTypeSupported: () => true }));
    expect(both.pieces.length).toBeGreaterThan(1);
    expect(both.picture).toMatchObject({ init: both.pieces[0], first: both.pieces[1] });
    // A young enough copy is what both come from: none, and neither is there.
    expect(startRequests({ ...args, media: copies(60_000), isTypeSupported: () => true })).toEqual({
      pieces: [],
      picture: null,
    });
  });

  it('names an MPEG-TS stream’s first piece alone, as video/mp2t; only the picture’s codecs beside an audio rendition', () => {
    // Three target durations from the end: the engine starts at segment 12.
    expect(ts('CODECS="avc1.64001f,mp4a.40.2"')).toEqual({
      type: 'video/mp2t; codecs="avc1.64001f,mp4a.40.2"',
      init: null,
      first: `${BASE}seg_12.ts`,
    });
    expect(ts('CODECS="avc1.64001f,mp4a.40.2",AUDIO="aud"')?.type).toBe('video/mp2t; codecs="avc1.64001f"');
  });

  it('names nothing where the page could not show the picture: no picture, encrypted, refused type, byte ranges', () => {
    expect(ts('CODECS="mp4a.40.2"')).toBeNull();
    expect(ts('CODECS="avc1.64001f"', ['#EXT-X-KEY:METHOD=AES-128,URI="key.bin"'])).toBeNull();
    expect(ts('CODECS="avc1.64001f"', [], (type) => !type.startsWith('video/mp2t'))).toBeNull();
    const ranged = tsMedia().replace(/(seg_\d+\.ts)/g, '#EXT-X-BYTERANGE:1000@0\n$1');
    expect(
      startPicturePieces({
        ...input,
        url: MASTER,
        multivariant: tsMultivariant('CODECS="avc1.64001f"'),
        media: [{ url: `${BASE}360p.m3u8`, text: ranged, writtenAtMs: Date.now() }],
        isTypeSupported: () => true,
        nowMs: Date.now(),
      }),
    ).toBeNull();
  });
});

describe('youngCopies', () => {
  it('keeps the copies the engine would start from now, and no other', () => {
    const copy = (url: string, writtenAtMs: number) => ({ url, text: '#EXTM3U\n', writtenAtMs });
    const now = 1_000_000;
    const copies = [copy('a', now - 500), copy('b', now - 60_000), copy('c', now + 500), copy('d', now + 60_000)];
    // Too old to start from, or from a clock far ahead: left for the page to ask.
    expect(youngCopies(copies, now).map((c) => c.url)).toEqual(['a', 'c']);
    expect(youngCopies([], now)).toEqual([]);
  });
});
