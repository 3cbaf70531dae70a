import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeOrigin, RecordingTarget } from '../testing/fake-origin.ts';
import { LiveEngine } from './live-engine.ts';
import { startPieces } from './start-pieces.ts';

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
