import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForPlayback } from './support/fixtures.ts';

/**
 * Consent in the embed: the player's analytics leave the page only when targeting is allowed
 * (SPEC §5), and a cookie whose category is withdrawn is deleted (SPEC §4).
 */
async function analyticsEvents(request: APIRequestContext): Promise<unknown[]> {
  return ((await (await request.get('/admin/analytics/events')).json()) as { events: unknown[] }).events;
}

/** Pausing emits the player's analytics stats (SPEC §9: every 10 s of play and on pause). */
async function playThenPause(page: Page): Promise<void> {
  await page.goto('/studio-live?muted=true');
  await waitForPlayback(page);
  await page.waitForTimeout(1000);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
}

async function storePreferences(page: Page, preferences: Record<string, boolean>): Promise<void> {
  await page.addInitScript(
    (value) => {
      window.localStorage.setItem('cookie-preferences', value);
    },
    JSON.stringify({ necessary: true, userHasMadeChoice: true, ...preferences }),
  );
}

test.describe('consent', () => {
  test.beforeEach(async ({ request }) => {
    await request.delete('/admin/analytics/events');
  });

  test('without a choice, no analytics event leaves the page', async ({ page, request }) => {
    await playThenPause(page);
    await page.waitForTimeout(1500);
    expect(await analyticsEvents(request)).toEqual([]);
  });

  test('with targeting refused, none either', async ({ page, request }) => {
    await storePreferences(page, { functional: true, performance: true, targeting: false });
    await playThenPause(page);
    await page.waitForTimeout(1500);
    expect(await analyticsEvents(request)).toEqual([]);
  });

  test('with targeting allowed, the pause sends the stats, stamped for the web', async ({ page, request }) => {
    await storePreferences(page, { functional: true, performance: true, targeting: true });
    await playThenPause(page);
    await expect.poll(async () => (await analyticsEvents(request)).length).toBeGreaterThan(0);
    const [first] = (await analyticsEvents(request)) as {
      event: { name: string; properties: Record<string, unknown> };
    }[];
    expect(first!.event).toMatchObject({ name: 'player_stats', properties: { reason: 'pause', app_platform: 'web' } });
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
