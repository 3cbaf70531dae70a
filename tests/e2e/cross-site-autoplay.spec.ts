import type { Frame, Page } from '@playwright/test';
import { CHROMIUM_BASE_ARGS, DESKTOP_AUTOPLAY_POLICY } from './support/chromium.ts';
import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';
import { heardEvents, hostApiPage, received, watch } from './support/host-api-page.ts';
import { startHostSite, type HostSite } from './support/host-page.ts';

/**
 * Autoplay in a frame on another site, under desktop Chrome's policy (sound needs the visitor's
 * activation): the visitor's click on the host page counts for the embed only when the iframe
 * allows autoplay; otherwise the embed
 * plays muted, says so, and one click on its Unmute brings sound. Fullscreen likewise needs
 * the iframe's permission, and its button is shown only with it.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_BASE_ARGS, DESKTOP_AUTOPLAY_POLICY],
  },
});

let host: HostSite;
test.beforeAll(async () => {
  host = await startHostSite();
});
test.afterAll(() => host.close());

/** The host page; the visitor clicks its Watch button, which creates the iframe. */
async function framedPage(page: Page, src: string, allow: string | null): Promise<Frame> {
  host.serve('/watch', hostApiPage(src, allow));
  await page.goto(`${host.origin}/watch`);
  return watch(page);
}

/**
 * Playwright's evaluate in a frame runs as a user gesture there, which would hand the embed the
 * very activation these journeys are about: until the embed has made its choice, the test reads
 * the embed through the host page's messages and the accessibility tree only.
 */
const lastVolume = async (page: Page) =>
  (await received(page)).filter((m) => m.fromEmbed && m.data.event === 'volume').at(-1)?.data;

test.describe('autoplay and fullscreen follow the iframe permissions (desktop autoplay policy)', () => {
  test('allow="autoplay; fullscreen": the click on the host page carries over, sound and fullscreen', async ({
    page,
    baseURL,
  }) => {
    const frame = await framedPage(page, `${baseURL}/studio-live`, 'autoplay; fullscreen');
    await expect.poll(() => heardEvents(page, ['quality', 'volume'])).toEqual(['ready', 'online', 'play', 'playing']);
    await expect(frame.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
    expect(await lastVolume(page)).toMatchObject({ muted: false });
    await expect(frame.getByRole('button', { name: 'Fullscreen' })).toBeVisible();
    await waitForPlayback(frame);
    expect((await sampleVideo(frame)).muted).toBe(false);
  });

  test('no allow: autoplay blocked → plays muted and says so → Unmute in the frame brings sound', async ({
    page,
    baseURL,
  }) => {
    const frame = await framedPage(page, `${baseURL}/studio-live`, null);
    await expect.poll(() => heardEvents(page, ['quality', 'volume'])).toEqual(['ready', 'online', 'play', 'playing']);
    await expect(frame.getByRole('button', { name: 'Unmute' })).toBeVisible();
    // The host page is told it plays muted.
    expect(await lastVolume(page)).toMatchObject({ muted: true });
    await expect(frame.getByRole('button', { name: 'Fullscreen' })).toHaveCount(0);

    await frame.getByRole('button', { name: 'Unmute' }).click();
    await expect(frame.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
    await expect.poll(async () => (await lastVolume(page))?.muted).toBe(false);
    expect((await sampleVideo(frame)).muted).toBe(false);
    await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });
  });
});
