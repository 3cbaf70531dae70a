import type { APIRequestContext, BrowserContext, Frame, Page } from '@playwright/test';
import {
  CONSENT_COOKIE_NAME,
  DEFAULT_PREFERENCES,
  encodePreferences,
  serializeCookie,
  writeAttributes,
} from '../../packages/consent/src/index.ts';
import { expect, test } from './support/fixtures.ts';
import { hostPageWithEmbed, startHostSite, type HostSite } from './support/host-page.ts';

/**
 * Error monitoring and consent where every viewer meets the embed: an iframe on another site's
 * page (support/host-page.ts), where the browser denies the embed its storage and keeps only
 * partitioned cookies (docs/consent.md has the decisions and what Chromium was measured to do).
 */
interface IntakeEvent {
  event: { message?: string; service?: string; error?: { stack?: string } };
}

let host: HostSite;
test.beforeAll(async () => {
  host = await startHostSite();
});
test.afterAll(() => host.close());

test.use({ allowedPageErrors: [/^e2e: /] });

async function embedFrame(page: Page): Promise<Frame> {
  const element = page.locator('#onair');
  await expect(element).toBeVisible();
  const frame = await (await element.elementHandle())!.contentFrame();
  if (!frame) throw new Error('the iframe has no frame');
  return frame;
}

async function intake(admin: APIRequestContext): Promise<IntakeEvent[]> {
  return ((await (await admin.get('/admin/monitoring/events')).json()) as { events: IntakeEvent[] }).events;
}

test('an unhandled error of the framed embed reaches the platform’s monitoring intake', async ({
  page,
  admin,
  baseURL,
}) => {
  await admin.delete('/admin/monitoring/events');
  // A script served by the embed's own origin, like its bundle.
  await page.route('**/__e2e/throw.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "throw new Error('e2e: unhandled error in the framed embed');",
    }),
  );
  // The SDK sends a batch 30 s after its first event: the page's clock flows as the real one
  // until the test moves it on past that (support/clock.ts).
  await page.clock.install();
  host.serve('/post', hostPageWithEmbed(`${baseURL}/studio-live?muted=true`));
  await page.goto(`${host.origin}/post`);
  const frame = await embedFrame(page);
  // Framed for real: the embed's storage is denied.
  const storage = await frame.evaluate(() => {
    try {
      return `allowed (${window.localStorage.length})`;
    } catch (error) {
      return `denied: ${(error as Error).name}`;
    }
  });
  expect(storage).toBe('denied: SecurityError');

  // Monitoring starts after the first frame.
  await expect
    .poll(() =>
      frame.evaluate(() =>
        Boolean((window as { DD_LOGS?: { getInitConfiguration(): unknown } }).DD_LOGS?.getInitConfiguration()),
      ),
    )
    .toBe(true);
  await frame.addScriptTag({ url: '/__e2e/throw.js' });

  // Each poll moves the page's clock past the SDK's 30 s batch delay, so the batch leaves as
  // soon as the error is in it, however long the SDK took to take it.
  await expect
    .poll(async () => {
      await page.clock.fastForward('00:31');
      return (await intake(admin)).filter((e) => e.event.message?.includes('e2e: unhandled error in the framed'))
        .length;
    })
    .toBeGreaterThan(0);
  const kept = (await intake(admin)).find((e) => e.event.message?.includes('e2e: unhandled error in the framed'))!;
  expect(kept.event.service).toBe('frontend-embedded-player');
  expect(kept.event.error?.stack).toContain(`${baseURL}/__e2e/throw.js`);
});

test('consent in the frame: nothing optional before a choice; a choice holds in the host site’s partition', async ({
  page,
  context,
  baseURL,
}) => {
  const partitionKey = siteOf(host.origin);
  const embedHost = new URL(baseURL!).hostname;
  // Partitioned cookies of the embed under this host site, as earlier visits could have left them.
  const plant = (names: string[]) =>
    context.addCookies(
      names.map((name) => ({
        name,
        value: '1',
        domain: embedHost,
        path: '/',
        secure: true,
        sameSite: 'None' as const,
        partitionKey,
      })),
    );
  host.serve('/post', hostPageWithEmbed(`${baseURL}/studio-live?muted=true`));

  // No choice: the store's start-up sweep deletes performance and targeting cookies from the
  // partition and keeps the strictly necessary one (SPEC §4, §9).
  await plant(['_ga', '_fbp', 'locale']);
  await page.goto(`${host.origin}/post`);
  const frame = await embedFrame(page);
  await expect.poll(() => embedCookies(context, embedHost)).toEqual(['locale']);

  // A choice made in the frame, written exactly as the store writes it there: the browser keeps
  // a cookie with those attributes in a cross-site frame.
  const choice = { ...DEFAULT_PREFERENCES, functional: true, performance: true, userHasMadeChoice: true };
  const consentCookie = serializeCookie(
    CONSENT_COOKIE_NAME,
    encodePreferences(choice),
    writeAttributes({ environment: 'development', mainSiteUrl: baseURL!, partitioned: true }),
  );
  expect(await frame.evaluate((cookie) => ((document.cookie = cookie), document.cookie), consentCookie)).toContain(
    CONSENT_COOKIE_NAME,
  );

  // Across a reload of the page and its frame, the choice holds: performance stays, targeting goes.
  await plant(['_ga', '_fbp']);
  await page.reload();
  await embedFrame(page);
  await expect.poll(() => embedCookies(context, embedHost)).not.toContain('_fbp');
  expect(await embedCookies(context, embedHost)).toEqual(['_ga', CONSENT_COOKIE_NAME, 'locale'].sort());
  const stored = (await context.cookies()).find((cookie) => cookie.name === CONSENT_COOKIE_NAME);
  // In this host site's partition only: the embed elsewhere (or at top level) does not see it.
  expect(stored?.partitionKey).toBe(partitionKey);
});

/** Names of the embed's cookies in the browser, sorted; the store's probe must never be among them. */
async function embedCookies(context: BrowserContext, embedHost: string): Promise<string[]> {
  return (await context.cookies())
    .filter((cookie) => cookie.domain === embedHost)
    .map((cookie) => cookie.name)
    .sort();
}

/** A cookie partition is keyed by the top-level site: scheme and host, no port. */
function siteOf(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}`;
}
