import type { Page } from '@playwright/test';
import { expect, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';
import { callPlayer, labEvents, openLab, playerState, startPlayer } from './support/player-lab.ts';

/**
 * Sink switching (SPEC §7 setSinkType) in the engine's lab page against the live origin:
 * Chromium has MediaSource in a worker (our engine, `mse-worker`), on the page (hls.js, `mse`)
 * and native HLS (`passthrough`), so playback can move between three real sinks and must keep
 * decoding frames and the viewer's settings.
 * The viewer's rate is carried too (player.test.ts), but not exercised here: Chromium's own
 * HLS fails with DEMUXER_ERROR_COULD_NOT_PARSE on a live stream at any rate other than 1
 * (docs/player.md, "Sinks"), which says nothing about the sink switch.
 */
const LIVE = '/hls/studio-live/master.m3u8';

const call = callPlayer;

/** Frames keep decoding and time keeps advancing: at least `frames` more, and 1 s more media. */
async function expectAdvancing(page: Page, frames = 30): Promise<void> {
  const before = await sampleVideo(page);
  await expect
    .poll(async () => {
      const now = await sampleVideo(page);
      return now.frames - before.frames >= frames && now.currentTime >= before.currentTime + 1;
    })
    .toBe(true);
}

test.describe('sink switching', () => {
  test.beforeEach(async ({ page }) => {
    await openLab(page);
  });

  test('moves playback from the worker engine to passthrough and on to hls.js, keeping volume, mute and low latency', async ({
    page,
  }) => {
    await startPlayer(page, LIVE, { config: { sink: 'mse-worker' } });
    await waitForPlayback(page);
    expect(await playerState(page, 'sink')).toBe('mse-worker');
    await call(page, 'setVolume', 0.4);
    await call(page, 'setMuted', true);
    await call(page, 'setLiveLowLatencyEnabled', false);

    await call(page, 'setSinkType', 'passthrough');
    await expect.poll(() => playerState(page, 'sink')).toBe('passthrough');
    await expect.poll(() => playerState(page, 'state')).toBe('Playing');
    await expectAdvancing(page);
    const src = await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc);
    expect(src).toContain(LIVE); // the browser's own HLS, not a MediaSource blob
    const element = await page
      .locator('video')
      .evaluate((v: HTMLVideoElement) => ({ volume: v.volume, muted: v.muted, rate: v.playbackRate }));
    expect(element).toEqual({ volume: 0.4, muted: true, rate: 1 });

    await call(page, 'setSinkType', 'mse');
    await expect.poll(() => playerState(page, 'sink')).toBe('mse');
    await expect.poll(() => playerState(page, 'state')).toBe('Playing');
    await expectAdvancing(page);
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
    expect(await playerState(page, 'volume')).toBe(0.4);
    expect(await playerState(page, 'muted')).toBe(true);
    expect(await playerState(page, 'liveLowLatencyEnabled')).toBe(false);
    expect(await playerState(page, 'paused')).toBe(false);
    const fatal = (await labEvents(page, 'error')).filter((e) => (e.payload as { fatal: boolean }).fatal);
    expect(fatal).toEqual([]);
  });

  test("carries the viewer's manual quality onto the next mse sink", async ({ page }) => {
    await startPlayer(page, LIVE);
    await waitForPlayback(page);
    const qualities = await playerState<{ name: string; height: number }[]>(page, 'qualities');
    await call(
      page,
      'setQuality',
      qualities.find((q) => q.height === 160),
    );
    await expect.poll(async () => (await sampleVideo(page)).videoWidth).toBe(284);

    await call(page, 'setSinkType', 'passthrough');
    await expect.poll(() => playerState(page, 'state')).toBe('Playing');
    await call(page, 'setSinkType', 'mse');
    await expect.poll(() => playerState(page, 'state')).toBe('Playing');
    await expectAdvancing(page);
    expect(await playerState(page, 'autoQualityMode')).toBe(false);
    expect((await sampleVideo(page)).videoWidth).toBe(284);
  });

  test('refuses a sink this browser or build cannot run, and playback goes on', async ({ page }) => {
    await startPlayer(page, LIVE);
    await waitForPlayback(page);
    const sink = await playerState(page, 'sink');
    await call(page, 'setSinkType', 'chromecast');
    await call(page, 'setSinkType', 'webview');
    // hls.js's own recovered hiccups are reported too (non-fatal, source 'sink'): only ours here.
    const errors = (await labEvents(page, 'error'))
      .map((e) => e.payload as { source: string })
      .filter((e) => e.source === 'api');
    expect(errors).toMatchObject([
      { type: 'NotSupported', code: 1004, source: 'api', fatal: false },
      { type: 'NotSupported', code: 1004, source: 'api', fatal: false },
    ]);
    expect(await playerState(page, 'sink')).toBe(sink);
    await expectAdvancing(page);
  });
});
