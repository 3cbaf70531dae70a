import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, waitForPlayback } from './support/fixtures.ts';
import { startDeployment, type Deployment } from './support/deployed-embed.ts';

/**
 * The embed deployed behind nginx (issue 37): the folder and server block `npm run build:embed`
 * writes, served by Debian's nginx with nothing of the platform's serving code in between
 * (support/deployed-embed.ts). The page's configuration, its policy and its cache rules are the
 * build's; the services are forwarded.
 */
let deployment: Deployment;

/** The script a stranger's markup would run, and the one refusal the page may report: its own. */
const INJECTED = 'window.injectedRan = true';
const INJECTED_REFUSED = new RegExp(
  `^CSP: Executing inline script .*'sha256-${createHash('sha256').update(INJECTED).digest('base64').replace(/[+/]/g, '\\$&')}'`,
);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  deployment = await startDeployment();
});

test.afterAll(async () => deployment?.close());

/** The script elements the page's policy refused (`securitypolicyviolation`), and whether one ran. */
async function injectInlineScript(page: Page): Promise<{ ran: boolean; refused: string[] }> {
  return page.evaluate(async (source) => {
    const refused: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => refused.push(event.effectiveDirective));
    const script = document.createElement('script');
    script.textContent = source;
    document.head.append(script);
    // The violation event is dispatched as a task after the refusal.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { ran: (window as unknown as { injectedRan?: boolean }).injectedRan === true, refused };
  }, INJECTED);
}

test('without MediaSource, the built embed registers its live-manifest service worker from nginx and plays through it', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.MediaSource;
    delete w.ManagedMediaSource;
  });
  await page.goto(`${deployment.origin}/studio-live?muted=true`);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(`${deployment.origin}/live-manifest-sw.js`);
  await waitForPlayback(page);
  // Its script as nginx serves it: always revalidated (a service worker's URL is its identity),
  // under a worker's policy of its own. (The browser's own fetch of it is not the page's.)
  const script = await page.request.get(`${deployment.origin}/live-manifest-sw.js`);
  expect(script.headers()['cache-control']).toBe('no-cache');
  expect(script.headers()['content-security-policy']).toContain("default-src 'none'");
});

test('the built folder has the playground at /playground, under its own policy, and it plays a URL typed into it', async ({
  page,
}) => {
  const response = await page.goto(`${deployment.origin}/playground`);
  expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('OnAir player playground');
  const field = page.getByLabel('HLS playlist URL');
  await field.fill(`${deployment.origin}/hls/studio-live/master.m3u8`);
  await field.press('Enter');
  await waitForPlayback(page);
});

test.describe('the page as served', () => {
  test.use({ allowedPageErrors: [INJECTED_REFUSED] });

  test('nginx serves the built embed with its headers: it plays a live channel, refuses an injected script, and goes offline when the stream ends', async ({
    page,
  }) => {
    const assets: { url: string; cacheControl: string | undefined }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) {
        assets.push({ url: response.url(), cacheControl: response.headers()['cache-control'] });
      }
    });
    const response = await page.goto(`${deployment.origin}/studio-live?muted=true`);
    const headers = response!.headers();
    expect(headers['cache-control']).toBe('no-cache');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(headers['content-security-policy']).toContain('frame-ancestors *');

    // The early script ran under the page's policy (its hash), and the player plays the channel
    // through the forwarded API and origin.
    await waitForPlayback(page);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset.cacheControl, asset.url).toBe('public, max-age=31536000, immutable');

    expect(await injectInlineScript(page)).toEqual({ ran: false, refused: ['script-src-elem'] });

    // The realtime word, through nginx's forwarded socket, moves the page to the offline screen.
    await deployment.endStream('studio-live');
    await expect(page).toHaveURL(/\/studio-live\/offline\?muted=true$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'StudioLive is offline' })).toBeVisible();
  });
});
