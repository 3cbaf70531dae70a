import type { Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';

/**
 * Rewinding a live stream (DVR; issue: "Every stream a real packager writes"): `rewind-room`
 * keeps two minutes listed (seed.json `dvrWindowSeconds`), so the embed shows its seek bar. A
 * viewer goes 30 s back with the keyboard, watches from there (behind live, said so), and comes
 * back to the edge with Go live.
 */

/** How far the picture is behind the end of the element's seekable window (the live edge), s. */
function behindEdge(page: Page): Promise<number> {
  return page.locator('video').evaluate((v: HTMLVideoElement) => {
    const { seekable } = v;
    return seekable.length ? seekable.end(seekable.length - 1) - v.currentTime : Number.NaN;
  });
}

test('a live stream rewinds 30 s with the seek bar, plays there, and comes back with Go live', async ({ page }) => {
  await page.goto('/rewind-room?muted=true');
  await waitForPlayback(page);
  const seek = page.getByRole('slider', { name: 'Seek' });
  await expect(seek).toBeVisible();
  await expect(seek).toHaveAttribute('aria-valuetext', 'Live');
  // The window is the channel's two minutes, not the usual ten seconds.
  const window = await page
    .locator('video')
    .evaluate((v: HTMLVideoElement) => v.seekable.end(v.seekable.length - 1) - v.seekable.start(0));
  expect(window).toBeGreaterThan(100);
  // At the edge first: low-latency catch-up brings a start there within a few seconds.
  await expect.poll(() => behindEdge(page), { timeout: 20_000 }).toBeLessThan(3);

  // ← six times, each 5 s back: each waits for the last to land, as a viewer sees it move.
  await seek.focus();
  for (let step = 1; step <= 6; step++) {
    const before = await behindEdge(page);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => behindEdge(page), { timeout: 15_000 }).toBeGreaterThan(before + 4);
  }
  await waitForPlayback(page);
  await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
  const behind = await behindEdge(page);
  expect(behind).toBeGreaterThan(27);
  expect(behind).toBeLessThan(40);
  // It stays there (no catch-up or snap back to the edge behind the viewer's back), and says so.
  const live = page.getByTestId('live-indicator');
  await expect(live).toHaveAttribute('data-behind', 'true');
  await expect(seek).toHaveAttribute('aria-valuetext', /behind live$/);
  await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
  expect(await behindEdge(page)).toBeGreaterThan(25);

  // Go live: back at the edge.
  await page.getByRole('button', { name: /^Go live/ }).click();
  await expect.poll(() => behindEdge(page), { timeout: 15_000 }).toBeLessThan(5);
  await expect(live).toHaveAttribute('data-behind', 'false');
  await waitForPlayback(page);
  await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
  await expect(page.getByTestId('player')).toHaveAttribute('data-player-state', 'Playing');
});
