import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';

/**
 * A channel whose origin still packages MPEG-TS segments (`retro-ts`,
 * apps/platform/src/origin/ts-routes.ts), in the embed: our engine remuxes them to fMP4 in its
 * worker with its own remuxer (engine/ts/own-ts-remuxer.ts; mux.js's script is loaded only for
 * a stream with captions in its video, which this one has not) and plays them there, with no
 * decline to the compatibility sink, on across the loop's restart.
 */
test.describe('MPEG-TS channel', () => {
  test('plays on our worker engine, remuxed there, on across the loop’s restart', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    let remuxerRequests = 0;
    page.on('request', (request) => {
      if (/\/assets\/ts-remuxer[^/]*\.js$/.test(new URL(request.url()).pathname)) remuxerRequests += 1;
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

    expect(warnings.filter((w) => w.includes('declined the source'))).toEqual([]);
    const video = page.locator('video');
    // The worker engine's MediaSource (its handle as srcObject), not hls.js's on the page (blob:).
    expect(await video.evaluate((v: HTMLVideoElement) => v.srcObject !== null)).toBe(true);
    // mux.js's script was asked for by no one (Playwright reports the worker's requests as the
    // page's): the worker's own remuxer played the stream.
    expect(remuxerRequests).toBe(0);
    // The sound is decoded.
    const audio = () =>
      video.evaluate(
        (v: HTMLVideoElement) =>
          (v as HTMLVideoElement & { webkitAudioDecodedByteCount: number }).webkitAudioDecodedByteCount,
      );
    const before = await audio();
    await expect.poll(audio, { timeout: 10_000 }).toBeGreaterThan(before);
    // On across the fixture loop's restart (every 8 segments; the origin shifts each pass's clock).
    const crossed = () => segments.some((msn) => msn % 8 === 0 && segments.includes(msn - 1));
    await expect.poll(crossed, { timeout: 20_000 }).toBe(true);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
    const after = await sampleVideo(page);
    expect(after.videoWidth).toBe(284);
    await expect(page.getByTestId('player')).toHaveAttribute('data-player-state', 'Playing');
  });
});
