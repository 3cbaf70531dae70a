import type { Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';

/**
 * Behind live, said plainly (issue 15): the control bar says LIVE at the edge and "N s behind"
 * with a Go live button once playback trails it; a resume after a pause of more than 3 s
 * starts at the live edge; screen readers hear the crossings. The pause is timed on the page
 * clock (`fastForward` moves the page's Date and performance.now, so the player's latency
 * reads 5 s more and the pause lasts 5 s for its rules), never by waiting.
 */
const CHANNEL = '/studio-live';

const indicator = (page: Page) => page.getByTestId('live-indicator');

/** Counts the element's seeks from now on: a jump to the live edge is one. */
async function countSeeks(page: Page): Promise<() => Promise<number>> {
  await page.getByTestId('video').evaluate((v: HTMLVideoElement) => {
    (window as unknown as { seeks: number }).seeks = 0;
    v.addEventListener('seeking', () => (window as unknown as { seeks: number }).seeks++);
  });
  return () => page.evaluate(() => (window as unknown as { seeks: number }).seeks);
}

async function pauseFor(page: Page, ms: number): Promise<void> {
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await page.clock.fastForward(ms);
}

test.describe('behind live', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    // A second of playing gives the player its latency samples: the edge it is measured against.
    await expectPlaybackAdvances(page, { frames: 15, seconds: 0.8 });
    await expect(indicator(page)).toHaveText('LIVE');
    await expect(indicator(page)).toHaveAttribute('data-behind', 'false');
  });

  test('a long pause says how far behind, and Play resumes at the live edge', async ({ page }) => {
    const seeks = await countSeeks(page);
    await pauseFor(page, 5_000);
    const goLive = page.getByRole('button', { name: /^Go live \(\d+ seconds behind\)$/ });
    await expect(goLive).toBeVisible();
    await expect(indicator(page)).toHaveText(/^\d+ s behind$/);
    await expect(page.getByTestId('player')).toHaveAttribute('data-behind-live', 'true');
    await expect(page.getByTestId('announcer')).toHaveText('Playing behind live. Press L to go live.');
    // The pause is 5 s on the page clock but a moment of real time: until the stream itself has
    // moved on, the live edge may still be where the element paused, and going there needs no
    // seek. Waits for the stream (its seekable end), not for a time.
    const video = page.getByTestId('video');
    const pausedAt = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect
      .poll(() =>
        video.evaluate((v: HTMLVideoElement) => (v.seekable.length ? v.seekable.end(v.seekable.length - 1) : 0)),
      )
      .toBeGreaterThan(pausedAt + 2);

    await page.getByRole('button', { name: 'Play' }).click();
    await expect(indicator(page)).toHaveText('LIVE');
    await expect(page.getByTestId('announcer')).toHaveText('Caught up to live.');
    expect(await seeks()).toBeGreaterThan(0);
    await expectPlaybackAdvances(page, { frames: 15, seconds: 0.8 });
  });

  test('a short pause resumes where it was: no jump', async ({ page }) => {
    const seeks = await countSeeks(page);
    await pauseFor(page, 2_000);
    await expect(indicator(page)).toHaveText('LIVE');
    await page.getByRole('button', { name: 'Play' }).click();
    await expectPlaybackAdvances(page, { frames: 15, seconds: 0.8 });
    expect(await seeks()).toBe(0);
  });

  test('Go live by its button and by L, which does nothing at the edge', async ({ page }) => {
    const seeks = await countSeeks(page);
    await page.getByTestId('player').focus();
    await page.keyboard.press('l');
    await expectPlaybackAdvances(page, { frames: 10, seconds: 0.5 });
    expect(await seeks()).toBe(0);

    await pauseFor(page, 5_000);
    await page.keyboard.press('l');
    await expect(indicator(page)).toHaveText('LIVE');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expectPlaybackAdvances(page, { frames: 15, seconds: 0.8 });

    await pauseFor(page, 5_000);
    await page.getByRole('button', { name: /^Go live/ }).click();
    await expect(indicator(page)).toHaveText('LIVE');
    await expectPlaybackAdvances(page, { frames: 15, seconds: 0.8 });
    expect(await seeks()).toBeGreaterThanOrEqual(2);
  });

  test('a quality the viewer picks is announced once it plays', async ({ page }) => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: /Quality/ }).click();
    await page.getByRole('menu', { name: 'Quality' }).getByRole('menuitemradio', { name: '160p' }).click();
    await expect(page.getByTestId('announcer')).toHaveText('Quality 160p', { timeout: 20_000 });
  });
});
