import AxeBuilder from '@axe-core/playwright';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';

/**
 * Restricted playback (SPEC §8 restriction codes) through the real stand-in origin: its fault
 * hook answers every origin request of the channel as a platform refusing this viewer would
 * (a 403 whose JSON body names the code; a 429 with Retry-After for a concurrency limit), and
 * the embed's own engine reads the reason and shows the viewer written copy for it.
 */
const SLUG = 'studio-live';
const FAULTS = `/admin/channels/${SLUG}/faults`;

const RESTRICTIONS = [
  { restriction: 1, copy: "This stream isn't available in your country or region.", retry: false },
  { restriction: 2, copy: "This stream can't be played on this device. Try watching on another device.", retry: false },
  {
    restriction: 3,
    copy: "This stream can't be watched through a VPN or proxy. Turn it off, then retry.",
    retry: true,
  },
  {
    restriction: 4,
    copy: "This stream can't be watched over a mobile network. Connect to Wi-Fi, then retry.",
    retry: true,
  },
  {
    restriction: 5,
    copy: "This stream is only for viewers with access to it, such as the channel's subscribers.",
    retry: false,
  },
  { restriction: 6, copy: "This channel's past broadcasts can't be watched here.", retry: false },
] as const;

test.describe('restricted playback', () => {
  test.beforeEach(async ({ admin }) => {
    await admin.delete(`/admin/channels/${SLUG}/requests`);
  });
  test.afterEach(async ({ admin }) => {
    await admin.delete(FAULTS);
  });

  for (const { restriction, copy, retry } of RESTRICTIONS) {
    test(`restriction ${restriction} reaches the screen with its own copy`, async ({ page, admin }) => {
      expect((await admin.post(FAULTS, { data: { target: 'all', restriction } })).status()).toBe(201);
      await page.goto(`/${SLUG}?muted=true`);
      const error = page.getByTestId('player-error');
      await expect(error).toBeVisible({ timeout: 20_000 });
      await expect(error).toHaveAttribute('data-restriction', String(restriction));
      await expect(error.getByText(copy)).toBeVisible();
      await expect(error).not.toContainText(/HTTP|403|restricted|Forbidden/i);
      await expect(error.getByRole('button', { name: 'Retry' })).toHaveCount(retry ? 1 : 0);
    });
  }

  test('a viewer who turns the VPN off retries and plays; the screen is axe-clean', async ({ page, admin }) => {
    expect((await admin.post(FAULTS, { data: { target: 'all', restriction: 3 } })).status()).toBe(201);
    await page.goto(`/${SLUG}?muted=true`);
    const error = page.getByTestId('player-error');
    await expect(error).toHaveAttribute('data-restriction', '3', { timeout: 20_000 });
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await admin.delete(FAULTS);
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(error).toHaveCount(0);
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 10, seconds: 1 });
  });

  test('a concurrency limit (429, Retry-After a minute) says so at once, with Retry', async ({ page, admin }) => {
    const fault = { target: 'all', status: 429, retryAfterS: 60 };
    expect((await admin.post(FAULTS, { data: fault })).status()).toBe(201);
    await page.goto(`/${SLUG}?muted=true`);
    const error = page.getByTestId('player-error');
    await expect(error.getByText('Too many people are watching right now. Try again in a few minutes.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(error).not.toHaveAttribute('data-restriction');
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
    // Asked once, not on the playlist schedule (1 s, 2 s, 4 s) against a limit that lasts a minute.
    const log = (await (await admin.get(`/admin/channels/${SLUG}/requests`)).json()) as {
      requests: { path: string; status: number }[];
    };
    const refused = log.requests.filter((r) => r.status === 429 && r.path.endsWith('master.m3u8'));
    expect(refused.length).toBeLessThanOrEqual(2); // the page's early request and the engine's own
  });
});
