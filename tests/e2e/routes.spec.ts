import { withoutEarlyData } from './support/early-data.ts';
import type { Request } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

test.describe('routes and error screens', () => {
  test('an offline channel redirects to its offline page, replacing the history entry', async ({ page }) => {
    await page.goto('/');
    await page.goto('/night-owl?muted=true');
    await expect(page).toHaveURL(/\/night-owl\/offline\?muted=true$/);
    await expect(page.getByRole('heading', { name: 'NightOwl is offline' })).toBeVisible();
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    await expect(page.getByText("NightOwl's latest stream")).toBeVisible();

    // Back goes to the page before, not to /night-owl (which would only redirect again).
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an offline channel without videos shows no latest stream', async ({ page }) => {
    await page.goto('/quiet-corner');
    await expect(page.getByRole('heading', { name: 'QuietCorner is offline' })).toBeVisible();
    await expect(page.getByText("QuietCorner's latest stream")).toHaveCount(0);
  });

  const errors: [string, string, RegExp | null][] = [
    ['/no-such-channel', 'Channel not found', /\/api\/v2\/channels\/no-such-channel\/info/],
    ['/no-playback', 'Playback URL not found', null],
    ['/bad.slug', 'Invalid channel identifier', null],
    ['/bad%20slug', 'Invalid channel identifier', null],
    ['/%3Cscript%3E', 'Invalid channel identifier', null],
    ['/%ZZ', 'Invalid channel identifier', null],
    ['/%E0%A4%A/offline', 'Invalid channel identifier', null],
    ['/night-owl/offline', 'Accessing offline page for a channel that has never been fetched', null],
    ['/a/b/c', 'Page not found', null],
  ];
  for (const [path, message] of errors) {
    test(`${path} shows '${message}'`, async ({ page }) => {
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/')) apiCalls.push(new URL(r.url()).pathname);
      });
      await page.goto(path);
      await expect(page.getByRole('alert')).toContainText(message);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(message);
      if (message === 'Invalid channel identifier') expect(apiCalls, 'a bad slug must not reach the API').toEqual([]);
    });
  }

  test('the channel is fetched once: info and playback URL in parallel', async ({ page }) => {
    // As a host that injects nothing serves the page (the platform's own carries the answers).
    await withoutEarlyData(page);
    const started: Record<string, number> = {};
    const finished: Record<string, number> = {};
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) started[path] = Date.now();
    });
    page.on('requestfinished', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) finished[path] = Date.now();
    });
    await page.goto('/studio-live');
    await expect(page.getByText('StudioLive is streaming')).toBeAttached();
    const info = '/api/v2/channels/studio-live/info';
    const playback = '/api/v2/channels/studio-live/playback-url';
    expect(Object.keys(started).sort()).toEqual([info, playback]);
    // Parallel: the second request started before the first one finished.
    expect(Math.max(started[info]!, started[playback]!)).toBeLessThanOrEqual(
      Math.min(finished[info]!, finished[playback]!),
    );
  });

  test('the channel calls start while the bundle downloads, and the app uses those responses', async ({ page }) => {
    await withoutEarlyData(page);
    // The page's own requests (the early script makes the calls) and its engine worker's.
    const apiRequests: string[] = [];
    const infoRequests: Request[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/api/')) return;
      apiRequests.push(new URL(r.url()).pathname);
      if (r.url().endsWith('/api/v2/channels/studio-live/info')) infoRequests.push(r);
    });
    await page.goto('/studio-live');
    await expect(page.getByText('StudioLive is streaming')).toBeAttached();
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const entry = resources.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name));
      const appRan = performance.getEntriesByName('onair:player-start')[0];
      return {
        bundleEnd: entry?.responseEnd ?? null,
        appRanEpochMs: appRan ? performance.timeOrigin + appRan.startTime : null,
      };
    });
    expect(timing.bundleEnd).not.toBeNull();
    expect(infoRequests).toHaveLength(1);
    // Started from index.html, before the app's code ran (on a fast loopback the bundle may even
    // have arrived first: download order is the network's, not a rule of ours).
    expect(timing.appRanEpochMs).not.toBeNull();
    expect(infoRequests[0]!.timing().startTime).toBeLessThan(timing.appRanEpochMs!);
    // Taken by the app, not repeated by it.
    expect(apiRequests.sort()).toEqual([
      '/api/v2/channels/studio-live/info',
      '/api/v2/channels/studio-live/playback-url',
    ]);
  });

  test('an embed URL without a channel is misconfigured', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'This embed seems to be misconfigured' })).toBeVisible();
  });
});

test.describe('public configuration', () => {
  test('configuration that fails its schema shows the misconfigured screen, naming the key in the console', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.route('**/studio-live', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script id="onair-config" type="application\/json">(.*?)<\/script>/,
        (_all, json: string) =>
          `<script id="onair-config" type="application/json">${JSON.stringify({ ...JSON.parse(json), PUBLIC_MONITORING_ENVIRONMENT: 'moon' })}</script>`,
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto('/studio-live');
    await expect(page.getByRole('heading', { name: 'This embed seems to be misconfigured' })).toBeVisible();
    expect(errors.join('\n')).toContain('PUBLIC_MONITORING_ENVIRONMENT');
    await expect(page.locator('video')).toHaveCount(0);
  });
});
