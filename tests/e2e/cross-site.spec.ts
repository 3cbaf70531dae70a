import type { Frame, Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { hostPageWithEmbed, startHostSite, type HostSite } from './support/host-page.ts';

/**
 * The embed where every viewer meets it: an iframe on another site's page (support/host-page.ts),
 * a third-party frame that may not read cookies or storage.
 */
let host: HostSite;
test.beforeAll(async () => {
  host = await startHostSite();
});
test.afterAll(() => host.close());

async function embedFrame(page: Page): Promise<Frame> {
  const element = page.locator('#onair');
  await expect(element).toBeVisible();
  const frame = await (await element.elementHandle())!.contentFrame();
  if (!frame) throw new Error('the iframe has no frame');
  return frame;
}

test.describe('the embed in a cross-site iframe', () => {
  test('plays, with its storage denied and no uncaught error', async ({ page, baseURL }) => {
    host.serve('/post', hostPageWithEmbed(`${baseURL}/studio-live?muted=true`));
    await page.goto(`${host.origin}/post`);
    const frame = await embedFrame(page);
    // What makes this set-up real: the browser denies the framed embed its storage (third-party
    // storage is blocked; its cookies read as empty).
    const storage = await frame.evaluate(() => {
      try {
        return `allowed (${window.localStorage.length})`;
      } catch (error) {
        return `denied: ${(error as Error).name}`;
      }
    });
    expect(storage).toBe('denied: SecurityError');
    await waitForPlayback(frame);
    await expectPlaybackAdvances(frame, { frames: 20, seconds: 1.5 });
    // Its head start ran too: the early engine's first frame, not the app's later one.
    expect(await frame.evaluate(() => performance.getEntriesByName('onair:early-video').length)).toBe(1);
  });
});

test.describe('the embed in a sandboxed cross-site iframe (scripts only: an opaque origin)', () => {
  test('shows a screen with words and a way to retry, never a blank frame or an uncaught error', async ({
    page,
    baseURL,
  }) => {
    // Its scripts load (public assets answer any origin); its API calls cannot (an opaque origin
    // gets no CORS answer), so it says the channel could not be loaded.
    host.serve('/sandboxed', hostPageWithEmbed(`${baseURL}/studio-live?muted=true`, 'sandbox="allow-scripts"'));
    await page.goto(`${host.origin}/sandboxed`);
    const frame = await embedFrame(page);
    const screen = frame.getByTestId('route-error');
    await expect(screen.getByRole('alert')).toHaveText('Channel not found');
    await expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
