import { test as base, expect, type APIRequestContext, type Frame, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './admin-token.ts';

/**
 * Every journey also proves the visitor never meets an uncaught error: page errors are
 * collected and the test fails if any occurred.
 */
export const test = base.extend<{ pageErrors: Error[]; allowedPageErrors: RegExp[]; admin: APIRequestContext }>({
  /** Requests to the platform's testing hooks (`/admin/...`), which answer only their token. */
  admin: async ({ playwright, baseURL }, use) => {
    const admin = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    });
    await use(admin);
    await admin.dispose();
  },
  /** Errors a journey causes on purpose (matched by message); every other one fails it. */
  allowedPageErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, allowedPageErrors }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      // The embed page runs under a Content-Security-Policy: whatever it refuses is a bug of ours
      // (a script, a connection or a worker the policy does not know), reported as an error.
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          errors.push(new Error(`CSP: ${message.text()}`));
        }
      });
      await use(errors);
      const unexpected = errors.filter((e) => !allowedPageErrors.some((allowed) => allowed.test(e.message)));
      expect(
        unexpected.map((e) => e.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export interface VideoSample {
  frames: number;
  currentTime: number;
  paused: boolean;
  muted: boolean;
  readyState: number;
  videoWidth: number;
}

/** Where the player is: a top-level page, or the frame a host page embeds it in. */
export type PlayerPlace = Page | Frame;

export function sampleVideo(page: PlayerPlace): Promise<VideoSample> {
  return page.locator('video').evaluate((video: HTMLVideoElement) => ({
    frames: video.getVideoPlaybackQuality().totalVideoFrames,
    currentTime: video.currentTime,
    paused: video.paused,
    muted: video.muted,
    readyState: video.readyState,
    videoWidth: video.videoWidth,
  }));
}

/** Waits until the video element is actually presenting frames (not only "playing" in state). */
export async function waitForPlayback(page: PlayerPlace): Promise<void> {
  // Playing, not only decoded: the embed shows its first frame paused before its player plays,
  // and a seek into a segment decodes the frames before the position.
  await expect
    .poll(
      async () => {
        const sample = await sampleVideo(page);
        return sample.frames > 5 && !sample.paused;
      },
      { timeout: 20_000, message: 'frames never decoded while playing' },
    )
    .toBe(true);
}

/**
 * Playback moves on: from now, more than `frames` new frames decoded and media time more than
 * `seconds` further. Polled on the condition rather than sampled after a fixed wait, so a busy
 * machine makes it take longer, not fail; `timeout` bounds a player that has really stopped.
 */
export async function expectPlaybackAdvances(
  page: PlayerPlace,
  { frames, seconds, timeout = 20_000 }: { frames: number; seconds: number; timeout?: number },
): Promise<void> {
  const before = await sampleVideo(page);
  await expect
    .poll(
      async () => {
        const now = await sampleVideo(page);
        return {
          framesDecoded: now.frames - before.frames > frames,
          mediaTimeAdvanced: now.currentTime - before.currentTime > seconds,
        };
      },
      { timeout, message: `more than ${frames} frames and ${seconds} s of media time` },
    )
    .toEqual({ framesDecoded: true, mediaTimeAdvanced: true });
}

/** The end of the buffered media (s), 0 with nothing buffered. */
export function bufferedEnd(page: Page): Promise<number> {
  return page
    .locator('video')
    .evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.buffered.end(v.buffered.length - 1) : 0));
}

/**
 * The video stands still while the live stream moves on: polled until `seconds` more media
 * are buffered (the origin publishes in real time, so at least that much time has passed with
 * the player loading), then the element must still be paused with no frames played. A paused
 * element may still be moved to the start position (the engine's first seek) and decode a few
 * frames there, so the position is not the measure: a second of play would be ~30 frames.
 * A condition, not a fixed sleep.
 */
export async function expectStandsStillWhileStreamMovesOn(page: Page, seconds: number): Promise<VideoSample> {
  const before = await sampleVideo(page);
  const bufferedBefore = await bufferedEnd(page);
  await expect
    .poll(() => bufferedEnd(page), { timeout: 20_000, message: 'the stream kept loading' })
    .toBeGreaterThan(bufferedBefore + seconds);
  const after = await sampleVideo(page);
  expect(after.paused, 'the element stayed paused').toBe(true);
  // Chromium decodes a few frames ahead at the start position while paused (4 seen).
  expect(after.frames - before.frames, 'no frames were played').toBeLessThanOrEqual(10);
  return after;
}

/**
 * Waits for the page's CSS transitions and finite animations to finish (an overlay fading in,
 * a menu opening), so what is measured next (axe's colour contrast, a screenshot) is the
 * settled look. Infinite ones (a spinner) never finish and are left out.
 */
export async function transitionsDone(page: PlayerPlace): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}
