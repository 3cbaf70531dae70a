import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';

/**
 * On demand (issue: "Every stream a real packager writes"): the offline screen's latest stream
 * is a link that plays the past video in the embed, from the platform's VOD rendering
 * (apps/platform/src/origin/vod-routes.ts: EXT-X-PLAYLIST-TYPE:VOD, EXT-X-ENDLIST) on our own
 * worker engine. It plays from the start, its seek bar moves with the keys, it ends (Ended
 * state, a Replay button) and plays again from the start.
 */
test.describe('a past video', () => {
  test('the offline screen plays the latest stream: from the start, seeks by keys, ends, replays', async ({ page }) => {
    await page.goto('/night-owl?muted=true');
    const watch = page.getByRole('link', { name: "Watch NightOwl's latest stream: Late-night synth session" });
    await watch.click();
    await expect(page).toHaveURL(/\/night-owl\/videos\/5001\?muted=true$/);
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });

    const player = page.getByTestId('player');
    await expect(player).toHaveAccessibleName("NightOwl's latest stream");
    await expect(page.getByRole('heading', { name: "NightOwl's latest stream" })).toBeVisible();
    // Not live: no LIVE badge, no viewer count, no Go live.
    await expect(page.getByTestId('live-indicator')).toHaveCount(0);
    await expect(page.getByTestId('viewer-count')).toHaveCount(0);
    // Our own engine (its MediaSource handle as srcObject), from media time 0, for the video's
    // 2 h 1 min (7260 segments of 1 s).
    const video = page.locator('video');
    expect(await video.evaluate((v: HTMLVideoElement) => v.srcObject !== null)).toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBe(7260);
    const started = await sampleVideo(page);
    expect(started.currentTime).toBeLessThan(10);

    // The seek bar: → is 5 s on.
    const seek = page.getByRole('slider', { name: 'Seek' });
    await seek.focus();
    const before = (await sampleVideo(page)).currentTime;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await sampleVideo(page)).currentTime).toBeGreaterThan(before + 4);
    await expect(seek).toHaveAttribute('aria-valuetext', /of 2:01:00$/);

    // End: the last second plays and the video ends.
    await page.keyboard.press('End');
    await expect(player).toHaveAttribute('data-player-state', 'Ended', { timeout: 20_000 });
    const ended = await sampleVideo(page);
    expect(ended.currentTime).toBeGreaterThan(7259);

    // Replay: from the start, playing again.
    await page.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(async () => (await sampleVideo(page)).currentTime, { timeout: 20_000 }).toBeLessThan(10);
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
    await expect(player).toHaveAttribute('data-player-state', 'Playing');
  });

  test('a video the channel does not have is a written screen, not a blank page', async ({ page }) => {
    await page.goto('/night-owl/videos/999?muted=true');
    await expect(page.getByRole('heading', { name: 'Video not found' })).toBeVisible();
  });
});
