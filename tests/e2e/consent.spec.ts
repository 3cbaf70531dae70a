import type { APIRequestContext, Page } from '@playwright/test';
import { analyticsEvents, storePreferences } from './support/analytics.ts';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';

/**
 * Consent in the embed: the player's analytics leave the page only when targeting is allowed
 * (SPEC §5), and a cookie whose category is withdrawn is deleted (SPEC §4).
 */
/** Pausing emits the player's analytics stats (SPEC §9: every 10 s of play and on pause). */
async function playThenPause(page: Page): Promise<void> {
  await recordAnalyticsRequests(page);
  await page.goto('/studio-live?muted=true');
  await waitForPlayback(page);
  // A second of play to report on (polled, not slept).
  await expectPlaybackAdvances(page, { frames: 10, seconds: 1 });
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
}

/** Counts, in the page, the analytics requests it starts: seen as made, not once they arrive. */
async function recordAnalyticsRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { analyticsRequests: number };
    w.analyticsRequests = 0;
    const original = window.fetch;
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url, location.href).pathname === '/analytics/events') w.analyticsRequests += 1;
      return original.call(this, input, init);
    };
  });
}

/**
 * Nothing left the page. There is no event to wait for when nothing is sent: the stats are
 * forwarded once the consent chunk has loaded, so the journey gives that a grace period. A
 * busy machine can only make this pass wrongly (the request not made yet), never fail wrongly;
 * the targeting-allowed journey shows the same pause does send.
 */
async function expectNoAnalyticsSent(page: Page, admin: APIRequestContext): Promise<void> {
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => (window as unknown as { analyticsRequests: number }).analyticsRequests)).toBe(0);
  expect(await analyticsEvents(admin)).toEqual([]);
}

test.describe('consent', () => {
  test.beforeEach(async ({ admin }) => {
    await admin.delete('/admin/analytics/events');
  });

  test('without a choice, no analytics event leaves the page', async ({ page, admin }) => {
    await playThenPause(page);
    await expectNoAnalyticsSent(page, admin);
  });

  test('with targeting refused, none either', async ({ page, admin }) => {
    await storePreferences(page, { functional: true, performance: true, targeting: false });
    await playThenPause(page);
    await expectNoAnalyticsSent(page, admin);
  });

  test('with targeting allowed, the pause sends the stats, stamped for the web', async ({ page, admin }) => {
    await storePreferences(page, { functional: true, performance: true, targeting: true });
    await playThenPause(page);
    const stats = async () => (await analyticsEvents(admin)).filter((event) => event.name === 'player_stats');
    await expect.poll(async () => (await stats()).length).toBeGreaterThan(0);
    // The page's own count sees the request too (what the journeys above rely on).
    expect(
      await page.evaluate(() => (window as unknown as { analyticsRequests: number }).analyticsRequests),
    ).toBeGreaterThan(0);
    const [first] = await stats();
    expect(first).toMatchObject({ properties: { reason: 'pause', app_platform: 'web' } });
    // The first play's event left before it (SPEC §7 video-play, sent as the first frame plays).
    expect((await analyticsEvents(admin)).map((event) => event.name)).toContain('video-play');
  });

  test('withdrawing a category deletes its cookies from the page', async ({ page }) => {
    await storePreferences(page, { functional: true, performance: true, targeting: true });
    await page.goto('/quiet-corner');
    await expect(page.getByRole('heading', { name: 'QuietCorner is offline' })).toBeVisible();
    await page.evaluate(() => {
      for (const cookie of ['player_volume=0.6', '_ga=GA1.1.1', '_fbp=fb.1.2', 'locale=en']) {
        document.cookie = `${cookie}; path=/; max-age=3600`;
      }
    });
    // The main site (another tab) withdraws performance and targeting; the embed enforces it.
    await page.evaluate(() => {
      const value = JSON.stringify({
        necessary: true,
        functional: true,
        performance: false,
        targeting: false,
        userHasMadeChoice: true,
      });
      window.localStorage.setItem('cookie-preferences', value);
      window.dispatchEvent(new StorageEvent('storage', { key: 'cookie-preferences', newValue: value }));
    });
    const names = () => page.evaluate(() => document.cookie.split('; ').map((c) => c.split('=')[0]));
    await expect.poll(names, { timeout: 10_000 }).not.toContain('_ga');
    expect(await names()).not.toContain('_fbp');
    expect(await names()).toEqual(expect.arrayContaining(['player_volume', 'locale']));
  });
});
