import { expect, expectStandsStillWhileStreamMovesOn, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';

/**
 * SPEC §2: muted / autoplay / allowfullscreen are on only for the exact text 'true';
 * 'TRUE', '1' and '' are off; an absent parameter takes its default (false / true / true).
 */
test.describe('embed query parameters', () => {
  test('absent parameters take their defaults: sound on, autoplay, fullscreen allowed', async ({ page }) => {
    await page.goto('/studio-live');
    await waitForPlayback(page);
    const video = await sampleVideo(page);
    expect(video.muted).toBe(false);
    await expect.poll(async () => (await sampleVideo(page)).paused).toBe(false);
    await expect(page.getByRole('button', { name: 'Fullscreen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
  });

  test("'true' turns each parameter on", async ({ page }) => {
    await page.goto('/studio-live?muted=true&autoplay=true&allowfullscreen=true');
    await waitForPlayback(page);
    expect((await sampleVideo(page)).muted).toBe(true);
    await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fullscreen' })).toBeVisible();
  });

  for (const [muted, autoplay, allowfullscreen] of [
    ['TRUE', '1', ''],
    ['1', '', 'TRUE'],
    ['', 'TRUE', '1'],
  ] as const) {
    test(`muted=${JSON.stringify(muted)} autoplay=${JSON.stringify(autoplay)} allowfullscreen=${JSON.stringify(allowfullscreen)} are all off`, async ({
      page,
    }) => {
      const query = new URLSearchParams({ muted, autoplay, allowfullscreen });
      await page.goto(`/studio-live?${query}`);
      await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Fullscreen' })).toHaveCount(0);

      // autoplay off: the stream loads but does not play by itself. HAVE_CURRENT_DATA, not
      // HAVE_METADATA: hls.js seeks to its start position only once the buffer reaches it, which
      // with LL-HLS parts takes a few 0.2 s appends after the metadata.
      await expect.poll(async () => (await sampleVideo(page)).readyState, { timeout: 20_000 }).toBeGreaterThan(1);
      const after = await expectStandsStillWhileStreamMovesOn(page, 2);
      expect(after.paused).toBe(true);
      expect(after.muted).toBe(false);

      // The viewer can still start it.
      await page.getByRole('button', { name: 'Play' }).click();
      await waitForPlayback(page);
      await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    });
  }
});
