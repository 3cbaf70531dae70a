import { expect, test, waitForPlayback } from './support/fixtures.ts';
import { buildPackageApp, startAppSite, type PackageApp } from './support/package-app.ts';

/**
 * @onair/embed-sdk as a site's own app gets it (issue 37): packed, installed into a throwaway
 * Vite app outside the workspace (tests/package-apps/embed-sdk, the package README's example),
 * type-checked and built (support/package-app.ts), then served on another site than the
 * embed's, where it frames the player and drives it.
 */
interface SdkApp {
  player: { pause(): Promise<void> };
  heard: string[];
  answer(command: () => Promise<unknown>): Promise<string>;
  OnAirPlayer: new (element: HTMLElement, options: { channel: string }) => unknown;
}

let app: PackageApp;

test.beforeAll(() => {
  test.setTimeout(240_000);
  app = buildPackageApp('embed-sdk', [{ build: 'scripts/build-sdk-lib.mjs' }]);
});

test.afterAll(() => app?.remove());

test('the packed SDK, bundled into a site’s app on another site, frames the player and pauses it', async ({
  page,
  baseURL,
}) => {
  expect(app.installed('@onair/embed-sdk').exports['.']).toEqual({
    types: './types/index.d.ts',
    default: './index.js',
  });
  const site = await startAppSite(app);
  try {
    await page.goto(`${site.url}?origin=${encodeURIComponent(baseURL!)}`);
    const heard = () => page.evaluate(() => (window as unknown as { sdkApp: SdkApp }).sdkApp.heard);
    await expect.poll(heard).toEqual(expect.arrayContaining(['ready', 'online', 'playing']));
    const frame = page.frame({ url: (url) => url.origin === baseURL && url.pathname === '/studio-live' })!;
    await waitForPlayback(frame);

    const paused = await page.evaluate(() => {
      const { sdkApp } = window as unknown as { sdkApp: SdkApp };
      return sdkApp.answer(() => sdkApp.player.pause());
    });
    expect(paused).toBe('ok');
    await expect.poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect.poll(heard).toContain('pause');

    // Bundled, the SDK cannot tell where the embed lives: without `origin` it says so, and
    // never takes the site's own origin for the embed's.
    const withoutOrigin = await page.evaluate(() => {
      const { sdkApp } = window as unknown as { sdkApp: SdkApp };
      try {
        new sdkApp.OnAirPlayer(document.body, { channel: 'studio-live' });
        return 'created';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(withoutOrigin).toContain('pass `origin`');
  } finally {
    await site.close();
  }
});
