import type { Page } from '@playwright/test';
import { expect, test, waitForPlayback } from './support/fixtures.ts';
import { openLab, playerState, startPlayer } from './support/player-lab.ts';

/**
 * The player's low-latency path against the live origin: the catch-up controller, the
 * standard hold-back fallback and liveLatency corrected by the server's clock. Latency is
 * checked against an oracle that trusts neither the player nor hls.js: the fixture's media
 * time is epoch seconds, so the frame on screen was captured at currentTime − timestampOffset
 * (the offset the player gave the SourceBuffer, in the page or the engine's worker), and the
 * real clock says how long ago that was.
 */
const LIVE = '/hls/studio-live/master.m3u8';

interface ProbeWindow {
  __probe: { offset: number | null; rates: number[]; waiting: number; firstFrame: boolean };
  player: {
    getState(): { liveLatency: number; playbackRate: number };
    getLiveLatencyAnalytics(): {
      serverOffset: number;
      playlistPosition: { min: number; avg: number; max: number; last: number };
      liveLatencyTiming: { first: number; last: number };
    };
    setPlaybackRate(rate: number): void;
    setLiveLowLatencyEnabled(enabled: boolean): void;
  };
}

/** Records the SourceBuffer offset, every ratechange and every stall after the first frame. */
async function installProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe = { offset: null as number | null, rates: [] as number[], waiting: 0, firstFrame: false };
    (window as unknown as ProbeWindow).__probe = probe;
    const append = SourceBuffer.prototype.appendBuffer;
    SourceBuffer.prototype.appendBuffer = function (this: SourceBuffer, data: BufferSource) {
      probe.offset = this.timestampOffset;
      return append.call(this, data);
    };
    // The worker engine appends in its worker: the lab's worker reports its offsets instead.
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (event: MessageEvent) => {
          const offset = (event.data as { labTimestampOffset?: unknown } | null)?.labTimestampOffset;
          if (typeof offset === 'number') probe.offset = offset;
        });
      }
    };
    document.addEventListener('playing', () => (probe.firstFrame = true), true);
    document.addEventListener('ratechange', (e) => probe.rates.push((e.target as HTMLVideoElement).playbackRate), true);
    document.addEventListener('waiting', () => probe.firstFrame && (probe.waiting += 1), true);
  });
}

interface Reading {
  /** Real clock minus the capture time of the frame on screen (s). */
  oracle: number;
  /** The player's liveLatency (s). */
  reported: number;
  rate: number;
}

function read(page: Page): Promise<Reading> {
  return page.evaluate(() => {
    const w = window as unknown as ProbeWindow;
    const video = document.querySelector('video')!;
    const media = video.currentTime - (w.__probe.offset ?? Number.NaN);
    return { oracle: Date.now() / 1000 - media, reported: w.player.getState().liveLatency, rate: video.playbackRate };
  });
}

async function readFor(page: Page, ms: number, everyMs = 500): Promise<Reading[]> {
  const readings: Reading[] = [];
  for (let t = 0; t < ms; t += everyMs) {
    readings.push(await read(page));
    await page.waitForTimeout(everyMs);
  }
  return readings;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const probe = (page: Page) => page.evaluate(() => (window as unknown as ProbeWindow).__probe);

test.describe('low latency', () => {
  test.beforeEach(async ({ page }) => {
    await installProbe(page);
    await openLab(page);
  });

  test(
    'holds a sub-second target with rare, gentle rate changes and at most one stall',
    { tag: '@sinks' },
    async ({ page }) => {
      const playlists: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (pathname.endsWith('/media.m3u8')) playlists.push(pathname);
      });
      await startPlayer(page, LIVE, { muted: true });
      await waitForPlayback(page);
      // No bandwidth known yet: the 640×360 element starts on the rendition that fills it.
      expect(playlists[0]).toBe('/hls/studio-live/360p/media.m3u8');

      await page.waitForTimeout(6000); // converge from the start-up lag
      const ratesBefore = (await probe(page)).rates.length;
      const readings = await readFor(page, 20_000);
      const after = await probe(page);
      const oracle = readings.map((r) => r.oracle);
      const p50 = median(oracle);
      console.log(
        `low latency over 20 s: p50 ${p50.toFixed(3)} s, min ${Math.min(...oracle).toFixed(3)}, ` +
          `max ${Math.max(...oracle).toFixed(3)}; rate changes ${after.rates.length - ratesBefore} ` +
          `(all: ${after.rates.join(' ')}); stalls ${after.waiting}`,
      );
      // The target (a quiet machine measures 0.7–0.8 s; hls.js defaults 1.2–1.3 s).
      expect(p50).toBeLessThanOrEqual(1.5);
      for (const r of readings) {
        expect(r.oracle).toBeGreaterThan(0.3);
        expect(r.oracle).toBeLessThan(2.5);
        expect(r.rate).toBeGreaterThanOrEqual(0.95);
        expect(r.rate).toBeLessThanOrEqual(1.1);
        // liveLatency is the frame on screen against the clock (sampled every 500 ms).
        expect(Math.abs(r.reported - r.oracle)).toBeLessThan(0.6);
      }
      expect(Math.abs(median(readings.map((r) => r.reported)) - p50)).toBeLessThan(0.3);
      // hls.js's own controller made ~100 changes in 20 s; ours a handful at most.
      expect(after.rates.length - ratesBefore).toBeLessThanOrEqual(4);
      expect(after.rates.every((rate) => rate >= 0.95 && rate <= 1.1)).toBe(true);
      // Stall-free playback is a benchmark figure (npm run bench); here a loaded 2-core machine can
      // starve the page once, which the stall back-off then absorbs: a second stall is a failure.
      expect(after.waiting).toBeLessThanOrEqual(1);
      // The catch-up is the player's business: the state keeps the viewer's rate.
      expect(await playerState(page, 'playbackRate')).toBe(1);
    },
  );

  test("never overrides the viewer's playback rate", async ({ page }) => {
    await startPlayer(page, LIVE, { muted: true });
    await waitForPlayback(page);
    await page.evaluate(() => (window as unknown as ProbeWindow).player.setPlaybackRate(0.9));
    const slow = await readFor(page, 6000);
    // Falling behind at 0.9× would make the controller speed up; the viewer's rate stands.
    expect(slow.every((r) => r.rate === 0.9)).toBe(true);
    expect(slow.at(-1)!.oracle).toBeGreaterThan(slow[0]!.oracle + 0.3);
    expect(await playerState(page, 'playbackRate')).toBe(0.9);

    await page.evaluate(() => (window as unknown as ProbeWindow).player.setPlaybackRate(1));
    // Back to 1: the controller takes over again and catches up gently.
    await expect.poll(async () => (await read(page)).rate, { timeout: 10_000 }).toBeGreaterThan(1);
    expect((await read(page)).rate).toBeLessThanOrEqual(1.1);
  });

  test('falls back to the standard hold-back without low latency', async ({ page }) => {
    await startPlayer(page, LIVE, { muted: true });
    await waitForPlayback(page);
    await page.waitForTimeout(3000);
    const low = median((await readFor(page, 3000)).map((r) => r.oracle));

    const after: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/hls/')) after.push(`${url.pathname}${url.search}`);
    });
    await page.evaluate(() => (window as unknown as ProbeWindow).player.setLiveLowLatencyEnabled(false));
    await expect.poll(() => playerState(page, 'liveLowLatency')).toBe(false);
    await waitForPlayback(page);
    await page.waitForTimeout(4000);
    const standard = median((await readFor(page, 4000)).map((r) => r.oracle));
    console.log(`latency with low latency ${low.toFixed(3)} s, without ${standard.toFixed(3)} s`);
    expect(low).toBeLessThan(1.5);
    expect(standard).toBeGreaterThan(2.5);
    // Whole segments only: the session the switch starts fetches no part. (hls.js still blocks
    // its playlist reloads on the server, as the draft allows any client, but for whole
    // segments.) The new session begins with a playlist asked for without a blocking query;
    // before it, the old session's part in flight at the switch may still be reported.
    const fresh = after.findIndex((r) => /\.m3u8$/.test(r));
    expect(fresh).toBeGreaterThanOrEqual(0);
    const session = after.slice(fresh);
    expect(session.filter((r) => /\/part-\d+\.\d+\.m4s/.test(r))).toEqual([]);
    expect(session.some((r) => /\/seg-\d+\.m4s/.test(r))).toBe(true);
  });

  test('corrects liveLatency by the offset to the server clock', async ({ page }) => {
    const clockRequests: number[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/hls/time') clockRequests.push(Date.now());
    });
    // The viewer's clock is 4 s slow: uncorrected, liveLatency would read 4 s too low.
    const skewMs = -4000;
    await startPlayer(page, LIVE, { muted: true, config: { labClockSkewMs: skewMs } });
    await waitForPlayback(page);
    // Part of the measurement, not a delay under test: start-up settles before the readings
    // (polling only for the offset made them start early, and the oracle then read off by
    // seconds about once in 24 runs).
    await page.waitForTimeout(2000);
    const analytics = await page.evaluate(() => (window as unknown as ProbeWindow).player.getLiveLatencyAnalytics());
    expect(Math.abs(analytics.serverOffset + skewMs)).toBeLessThan(150);
    expect(clockRequests).toHaveLength(1);

    const readings = await readFor(page, 3000);
    for (const r of readings) expect(Math.abs(r.reported - r.oracle)).toBeLessThan(0.6);
    expect(Math.abs(median(readings.map((r) => r.reported)) - median(readings.map((r) => r.oracle)))).toBeLessThan(0.3);
    const after = await page.evaluate(() => (window as unknown as ProbeWindow).player.getLiveLatencyAnalytics());
    expect(Number.isFinite(after.liveLatencyTiming.first)).toBe(true);
    // Uncorrected, the 4 s slow clock would make it negative.
    expect(Math.abs(after.liveLatencyTiming.last - readings.at(-1)!.oracle)).toBeLessThan(1);
    expect(after.playlistPosition.min).toBeLessThanOrEqual(after.playlistPosition.avg);
    expect(after.playlistPosition.avg).toBeLessThanOrEqual(after.playlistPosition.max);
  });
});
