import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';

/**
 * The compatibility sink (hls.js, `mse`) in the embed: a channel whose origin still packages
 * MPEG-TS segments (`retro-ts`, apps/platform/src/origin/ts-routes.ts). Our engine reads the
 * playlists, finds no init segment and declines; the player moves the same URL to hls.js,
 * which transmuxes, and the viewer sees the stream with no error.
 */
test.describe('MPEG-TS channel', () => {
  test('plays through hls.js after our engine declines it, on across the loop’s restart', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const segments: number[] = [];
    page.on('response', (response) => {
      const match = /\/hls-ts\/retro-ts\/seg-(\d+)\.ts$/.exec(new URL(response.url()).pathname);
      if (match && response.ok()) segments.push(Number(match[1]));
    });
    await page.goto('/retro-ts?muted=true');
    await expect(page.getByText('RetroTS is streaming')).toBeAttached();
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 60, seconds: 2.5 });

    expect(warnings.some((w) => w.includes('declined the source (MPEG-TS segments); playing it on mse'))).toBe(true);
    const video = page.locator('video');
    // hls.js's MediaSource on the page (a blob: src), not the worker engine's srcObject.
    expect(
      await video.evaluate((v: HTMLVideoElement) => v.srcObject === null && v.currentSrc.startsWith('blob:')),
    ).toBe(true);
    // On across the fixture loop's restart (every 8 segments; the origin shifts each pass's clock).
    const crossed = () => segments.some((msn) => msn % 8 === 0 && segments.includes(msn - 1));
    await expect.poll(crossed, { timeout: 20_000 }).toBe(true);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
    const after = await sampleVideo(page);
    expect(after.videoWidth).toBe(284);
    await expect(page.getByTestId('player')).toHaveAttribute('data-player-state', 'Playing');
  });
});
