import type { CDPSession, Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';
import { openLab, playerState, startPlayer } from './support/player-lab.ts';

/**
 * Adaptation under a throughput drop, through Chromium's network emulation (the bench's
 * method): the engine must switch down to a rendition the network carries and keep playing.
 * Bounds are generous on purpose (a loaded 2-core machine decodes and fetches late); the
 * bench measures how fast and how smoothly (`npm run bench`).
 */
const LIVE = '/hls/studio-live/master.m3u8';
/** Only the 160p rendition (395 kbit/s advertised) fits under it, with room for playlists. */
const DROP_KBPS = 600;

function throttle(cdp: CDPSession, kbps: number | null): Promise<unknown> {
  const bytesPerS = kbps === null ? -1 : (kbps * 1000) / 8;
  return cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: bytesPerS,
    uploadThroughput: bytesPerS,
  });
}

const height = async (page: Page) => (await playerState<{ height: number } | null>(page, 'quality'))?.height ?? 0;

test('switches down when the throughput drops and keeps playing', async ({ page }) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await openLab(page);
  await startPlayer(page, LIVE, { muted: true });
  await waitForPlayback(page);
  // Unthrottled on loopback, automatic selection climbs above the lowest rendition.
  await expect.poll(() => height(page), { timeout: 30_000 }).toBeGreaterThan(160);

  await throttle(cdp, DROP_KBPS);
  await expect.poll(() => height(page), { timeout: 30_000, message: 'never switched down to 160p' }).toBe(160);

  // Keeps playing on the lowest rendition: frames decode and the position moves on (polled;
  // how smoothly is the bench's to measure).
  await expectPlaybackAdvances(page, { frames: 60, seconds: 5, timeout: 30_000 });
  expect((await sampleVideo(page)).paused).toBe(false);
  expect(await height(page)).toBe(160);

  // Back to full throughput: it climbs again and still plays.
  await throttle(cdp, null);
  await expect.poll(() => height(page), { timeout: 45_000, message: 'never switched back up' }).toBeGreaterThan(160);
  const resumed = await sampleVideo(page);
  await expect
    .poll(async () => (await sampleVideo(page)).currentTime - resumed.currentTime, { timeout: 10_000 })
    .toBeGreaterThan(1);
});
