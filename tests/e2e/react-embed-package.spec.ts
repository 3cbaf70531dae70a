import { expect, test, waitForPlayback } from './support/fixtures.ts';
import { buildPackageApp, startAppSite, type PackageApp } from './support/package-app.ts';

/**
 * @onair/react-embed as a site's React app gets it (issue 37): the binding and the SDK packed,
 * installed with React into a throwaway Vite app outside the workspace
 * (tests/package-apps/react-embed, the binding README's example, in StrictMode), type-checked
 * and built (support/package-app.ts), then served from another site than the embed's.
 */
interface ReactApp {
  heard: string[];
  player: { current: { pause(): Promise<void> } | null };
  setChannel(channel: string): void;
}

let app: PackageApp;

test.beforeAll(() => {
  test.setTimeout(300_000);
  app = buildPackageApp('react-embed', [
    { build: 'scripts/build-sdk-lib.mjs' },
    { build: 'scripts/build-react-embed-lib.mjs' },
  ]);
});

test.afterAll(() => app?.remove());

test('<OnAirEmbed> frames the player once, its ref pauses it, and a new channel plays in the same frame', async ({
  page,
  baseURL,
}) => {
  const site = await startAppSite(app);
  try {
    await page.goto(`${site.url}?origin=${encodeURIComponent(baseURL!)}`);
    const heard = () => page.evaluate(() => (window as unknown as { reactApp: ReactApp }).reactApp.heard);
    await expect.poll(heard).toEqual(expect.arrayContaining(['ready:studio-live', 'online', 'playing']));
    // StrictMode mounted it twice: the first frame went with its player.
    await expect(page.locator('iframe')).toHaveCount(1);
    const frame = page.frame({ url: (url) => url.origin === baseURL && url.pathname === '/studio-live' })!;
    await waitForPlayback(frame);

    // The ref is the SDK's player: a command and its reply.
    const paused = await page.evaluate(async () => {
      const { reactApp } = window as unknown as { reactApp: ReactApp };
      await reactApp.player.current!.pause();
      return 'ok';
    });
    expect(paused).toBe('ok');
    await expect.poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect.poll(heard).toContain('pause');

    // A new `channel` prop: the same frame (no reload: no second ready) shows the offline channel.
    await page.locator('iframe').evaluate((element) => element.setAttribute('data-first', ''));
    await page.evaluate(() => (window as unknown as { reactApp: ReactApp }).reactApp.setChannel('quiet-corner'));
    await expect.poll(heard).toContain('offline');
    await expect.poll(() => frame.url()).toContain('/quiet-corner');
    await expect(page.locator('iframe[data-first]')).toHaveCount(1);
    expect((await heard()).filter((event) => event.startsWith('ready:'))).toEqual(['ready:studio-live']);
  } finally {
    await site.close();
  }
});
