import type { Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';
import { callPlayer, labEvents, openLab, playerState, startPlayer } from './support/player-lab.ts';

/**
 * Our own engine (the mse-worker sink): LL-HLS loading, parsing and appending in a dedicated
 * worker with a MediaSource made there, against the platform's live origin, in the engine's
 * lab page. Every assertion is about frames decoded, time advancing, or what the element and
 * the network really did.
 */
const LIVE = '/hls/studio-live/master.m3u8';
const WORKER = { sink: 'mse-worker' };

async function mediaRequests(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((path) => /\.(m3u8|m4s|mp4|ts)$/.test(path)),
  );
}

test.describe('worker engine (mse-worker)', () => {
  test.beforeEach(async ({ page }) => {
    await openLab(page);
  });

  test('plays the live stream from a MediaSource made in a worker', async ({ page }) => {
    const workerRequests: string[] = [];
    page.on('worker', (worker) => workerRequests.push(worker.url()));
    await startPlayer(page, LIVE, { config: WORKER });
    await waitForPlayback(page);
    expect(await playerState(page, 'sink')).toBe('mse-worker');
    // The element plays a worker's MediaSource through its handle, not a page blob URL.
    const element = await page
      .locator('video')
      .evaluate((v: HTMLVideoElement) => ({ src: v.currentSrc, handle: v.srcObject?.constructor.name ?? null }));
    expect(element).toEqual({ src: '', handle: 'MediaSourceHandle' });
    expect(workerRequests.some((url) => url.endsWith('/engine-worker.js'))).toBe(true);
    // Media never travelled through the page: the page itself fetched no playlist or part.
    expect(await mediaRequests(page)).toEqual([]);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
    await expect.poll(() => playerState<string>(page, 'state')).toBe('Playing');
  });

  test('plays near the live edge, with program-date-time and statistics from the engine', async ({ page }) => {
    await startPlayer(page, LIVE, { config: WORKER, muted: true });
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
    // liveLatency is program-date-time of the frame on screen against the server's clock: the
    // engine's timeline maps the element's time to it. Low latency: within PART-HOLD-BACK
    // (1 s) plus a part of slack, once catch-up settles.
    await expect.poll(() => playerState<number>(page, 'liveLatency'), { timeout: 20_000 }).toBeLessThan(1.2);
    expect(await playerState<number>(page, 'bandwidthEstimate')).toBeGreaterThan(0);
    const qualities = await playerState<{ name: string }[]>(page, 'qualities');
    expect(qualities.map((q) => q.name)).toContain('360p');
  });

  test('moves to the viewer’s quality and back to automatic', async ({ page }) => {
    await startPlayer(page, LIVE, { config: WORKER, muted: true });
    await waitForPlayback(page);
    const qualities = await playerState<{ name: string; height: number }[]>(page, 'qualities');
    const lowest = [...qualities].sort((a, b) => a.height - b.height)[0]!;
    await callPlayer(page, 'setQuality', lowest);
    await expect.poll(async () => (await sampleVideo(page)).videoWidth, { timeout: 20_000 }).toBe(284);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
    const changed = await labEvents(page, 'quality-changed');
    expect((changed.at(-1)?.payload as { name?: string } | undefined)?.name).toBe(lowest.name);
    await callPlayer(page, 'setAutoQualityMode', true);
    await expect.poll(() => playerState<boolean>(page, 'autoQualityMode')).toBe(true);
    // Automatic again: the engine leaves 160p for what fits the 640 × 360 element.
    await expect.poll(async () => (await sampleVideo(page)).videoWidth, { timeout: 20_000 }).toBeGreaterThan(284);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
  });

  test('keeps decoding with no rebuffering while the page’s main thread is busy 900 ms of every second', async ({
    page,
  }) => {
    await startPlayer(page, LIVE, { config: WORKER, muted: true });
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
    await page.evaluate(() => {
      const w = window as unknown as { waitingDuringJank: number; jank: number };
      w.waitingDuringJank = 0;
      document.querySelector('video')!.addEventListener('waiting', () => (w.waitingDuringJank += 1));
      // A heavy host page or an ad script: the main thread is free 100 ms of every second.
      w.jank = window.setInterval(() => {
        const until = performance.now() + 900;
        while (performance.now() < until);
      }, 1000);
    });
    await expectPlaybackAdvances(page, { frames: 120, seconds: 5, timeout: 40_000 });
    const waiting = await page.evaluate(() => {
      const w = window as unknown as { waitingDuringJank: number; jank: number };
      clearInterval(w.jank);
      return w.waitingDuringJank;
    });
    expect(waiting).toBe(0);
  });
});
