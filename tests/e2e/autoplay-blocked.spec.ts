import { BLOCK_SOUND_AUTOPLAY, CHROMIUM_BASE_ARGS } from './support/chromium.ts';
import { expect, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';
import { labEvents, openLab, playerState } from './support/player-lab.ts';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_BASE_ARGS, BLOCK_SOUND_AUTOPLAY],
  },
});

test.describe('where the browser refuses autoplay with sound', () => {
  test('the player starts muted and the page shows it muted', async ({ page }) => {
    // Playwright's evaluate (every sampleVideo) runs as a user gesture in Chromium, which would
    // give the page the very activation this journey is about. So the first 'playing' is
    // reported by the page itself, before the test evaluates anything there.
    let reportPlaying: (muted: boolean) => void = () => {};
    const firstPlaying = new Promise<boolean>((resolve) => (reportPlaying = resolve));
    await page.exposeFunction('__onairTestPlaying', (muted: boolean) => reportPlaying(muted));
    await page.addInitScript(() => {
      const onPlaying = (event: Event) =>
        (window as unknown as { __onairTestPlaying(muted: boolean): void }).__onairTestPlaying(
          (event.target as HTMLMediaElement).muted,
        );
      document.addEventListener('playing', onPlaying, { capture: true, once: true });
    });
    await page.goto('/studio-live');
    expect(await firstPlaying).toBe(true);
    await waitForPlayback(page);
    expect((await sampleVideo(page)).muted).toBe(true);
    await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();

    // The viewer's click is the gesture the browser wanted: sound comes back.
    await page.getByRole('button', { name: 'Unmute' }).click();
    await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
    expect((await sampleVideo(page)).muted).toBe(false);
  });
});

test.describe('the engine where autoplay with sound is refused', () => {
  test('retries muted, emits audio-blocked, and plays', async ({ page }) => {
    await openLab(page, { url: '/hls/studio-live/master.m3u8' });
    await waitForPlayback(page);
    expect(await labEvents(page, 'audio-blocked')).toHaveLength(1);
    expect(await labEvents(page, 'playback-blocked')).toHaveLength(0);
    expect((await sampleVideo(page)).muted).toBe(true);
    expect(await playerState(page, 'muted')).toBe(true);
    expect(await playerState(page, 'state')).toBe('Playing');
  });
});
