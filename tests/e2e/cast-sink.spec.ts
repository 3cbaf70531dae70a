import type { Page } from '@playwright/test';
import { ALLOW_SOUND_AUTOPLAY, CHROMIUM_BASE_ARGS, LAB_LOCAL_NETWORK } from './support/chromium.ts';
import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';
import { callPlayer as call, labEvents, openLab, playerState, startPlayer } from './support/player-lab.ts';

/**
 * Casting as a sink (SPEC §9 sink type `chromecast`, §7 setSinkType) in the engine's lab page,
 * with the platform's stand-in receiver in a second tab (the one part that is not real: no
 * Chromecast exists here). The lab page comes from Playwright's router, so Chromium would refuse
 * it the relay on loopback (support/chromium.ts says why); the embed's own cast journeys
 * (cast.spec.ts) need no such flag.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_BASE_ARGS, ALLOW_SOUND_AUTOPLAY, LAB_LOCAL_NETWORK],
  },
});

const LIVE = '/hls/studio-live/master.m3u8';

/** Frames keep decoding and time keeps advancing. */
async function expectAdvancing(page: Page): Promise<void> {
  await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
}

test.beforeEach(async ({ page }) => {
  await openLab(page);
});

const CAST = { cast: { sdkUrl: '/cast/sender.js' } };
const castState = (page: Page) =>
  page.evaluate(() => (window as unknown as { player: { getCastStatus(): unknown } }).player.getCastStatus());

test.beforeEach(async ({ admin }) => {
  await admin.delete('/admin/cast/faults');
});
test.afterEach(async ({ admin }) => {
  await admin.delete('/admin/cast/faults');
});

test('setSinkType("chromecast") casts while a receiver is there, and playback comes home after', async ({
  page,
  context,
}) => {
  const tv = await context.newPage();
  await tv.goto('/cast/receiver?name=Living%20Room%20TV');
  await expect(tv.getByTestId('receiver-status')).toHaveText('Living Room TV: ready to cast');
  await startPlayer(page, LIVE, { config: CAST, muted: true });
  await waitForPlayback(page);
  // Receivers are looked for once the first frame is out.
  await expect.poll(() => castState(page)).toMatchObject({ state: 'available' });

  await call(page, 'setSinkType', 'chromecast');
  await expect.poll(() => castState(page)).toEqual({ state: 'connected', receiver: 'Living Room TV' });
  await expect.poll(() => playerState(page, 'sink')).toBe('chromecast');
  await waitForPlayback(tv);
  await expectPlaybackAdvances(tv, { frames: 30, seconds: 1 });
  expect((await sampleVideo(page)).paused).toBe(true);
  // The player's controls go to the receiver: a pause there is the player's state here.
  await call(page, 'pause');
  await expect(tv.getByTestId('receiver-status')).toHaveText('Living Room TV: PAUSED');
  await expect.poll(() => playerState(page, 'paused')).toBe(true);
  await call(page, 'play');
  await expect(tv.getByTestId('receiver-status')).toHaveText('Living Room TV: PLAYING');

  await call(page, 'endRemotePlayback');
  await expect(tv.getByTestId('receiver-status')).toHaveText('Living Room TV: ready to cast');
  await expect.poll(() => playerState(page, 'sink')).not.toBe('chromecast');
  await expectAdvancing(page);
});

test('without a receiver setSinkType("chromecast") is refused, and playback goes on', async ({ page, admin }) => {
  await admin.put('/admin/cast/faults', { data: { noReceiver: true } });
  await startPlayer(page, LIVE, { config: CAST, muted: true });
  await waitForPlayback(page);
  const sink = await playerState(page, 'sink');
  await call(page, 'setSinkType', 'chromecast');
  const errors = (await labEvents(page, 'error'))
    .map((e) => e.payload as { source: string })
    .filter((e) => e.source === 'api');
  expect(errors).toMatchObject([{ type: 'NotSupported', code: 1004, source: 'api', fatal: false }]);
  expect(await castState(page)).toMatchObject({ state: 'unavailable' });
  expect(await playerState(page, 'sink')).toBe(sink);
  await expectAdvancing(page);
});
