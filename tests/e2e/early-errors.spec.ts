import type { APIRequestContext, Page } from '@playwright/test';
import { storePreferences } from './support/analytics.ts';
import { expect, test, waitForPlayback } from './support/fixtures.ts';
import { settle } from './support/clock.ts';

/**
 * Monitoring from the first byte (issue 36): an error the page throws while it starts, long
 * before the monitoring SDK loads (after the first frame), is kept by the early start and
 * reaches the intake once the SDK runs, through the same filter. With the session in memory
 * (the default) that needs no consent (docs/consent.md); a deployment that keeps it in a
 * cookie sends nothing, that early error included, until the viewer allows performance.
 */
interface IntakeEvent {
  event: { message?: string; thrown?: string; error?: { stack?: string } };
}

const MESSAGE = 'e2e: thrown before the first frame';

test.use({ allowedPageErrors: [/^e2e: /] });

async function intake(admin: APIRequestContext): Promise<IntakeEvent[]> {
  const { events } = (await (await admin.get('/admin/monitoring/events')).json()) as { events: IntakeEvent[] };
  return events.filter((entry) => entry.event.message?.includes(MESSAGE));
}

/**
 * Opens the channel with a script of the page's own origin that throws while the document is
 * still parsing, right after the early start (before the app's module, before any frame), and
 * with `settings` merged over the public configuration as a deployment sets them.
 */
async function openThrowingEarly(page: Page, settings: Record<string, string> = {}): Promise<void> {
  await page.route('**/__e2e/early-throw.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: `throw new Error(${JSON.stringify(MESSAGE)});` }),
  );
  await page.route(
    (url) => url.pathname === '/studio-live',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace(/<script id="onair-config" type="application\/json">(.*?)<\/script>/, (_all, json: string) => {
          const config = { ...(JSON.parse(json) as Record<string, string>), ...settings };
          return `<script id="onair-config" type="application/json">${JSON.stringify(config)}</script>`;
        })
        .replace('</head>', '<script src="/__e2e/early-throw.js"></script></head>');
      await route.fulfill({ response, body: html });
    },
  );
  // The page clock flows like the real one; the SDK's 30 s batch is then fast-forwarded.
  await page.clock.install();
  await page.goto('/studio-live?muted=true');
  await waitForPlayback(page);
  await expect
    .poll(() =>
      page.evaluate(() =>
        Boolean((window as { DD_LOGS?: { getInitConfiguration(): unknown } }).DD_LOGS?.getInitConfiguration()),
      ),
    )
    .toBe(true);
}

/** Past the SDK's batch delay (30 s after its first message), so whatever it holds is sent. */
async function flushBatch(page: Page): Promise<void> {
  await page.clock.fastForward(31_000);
  await settle(page);
}

/**
 * The early error as the intake received it. The SDK starts its batch when its session is
 * ready (asynchronous, after a cookie check where the session is a cookie), so each look
 * moves the page past the batch delay again.
 */
async function expectReceived(page: Page, admin: APIRequestContext): Promise<IntakeEvent> {
  await expect
    .poll(
      async () => {
        await flushBatch(page);
        return (await intake(admin)).length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  return (await intake(admin))[0]!;
}

test.beforeEach(async ({ admin }) => {
  await admin.delete('/admin/monitoring/events');
});

test('an error thrown before the first frame reaches the intake once monitoring runs', async ({ page, admin }) => {
  test.setTimeout(60_000);
  await openThrowingEarly(page);
  const kept = await expectReceived(page, admin);
  // Through the early start's buffer, with the stack as it was thrown.
  expect(kept.event.thrown).toBe('before monitoring started');
  expect(kept.event.error?.stack).toContain('/__e2e/early-throw.js');
});

test('with the session in a cookie, nothing is sent until performance is allowed', async ({ page, admin }) => {
  test.setTimeout(60_000);
  await storePreferences(page, { functional: true, performance: false, targeting: false });
  await openThrowingEarly(page, { PUBLIC_MONITORING_SESSION: 'cookie' });
  // The SDK holds it without a session: it never started (no session, no session cookie), so
  // nothing can leave the page, however long the page runs past the batch delay.
  for (let round = 0; round < 3; round += 1) await flushBatch(page);
  expect(
    await page.evaluate(() =>
      (window as { DD_LOGS?: { getInternalContext(): unknown } }).DD_LOGS?.getInternalContext(),
    ),
  ).toBeUndefined();
  expect(await page.evaluate(() => document.cookie)).not.toContain('_dd_s');
  expect(await intake(admin)).toEqual([]);

  // The viewer allows performance (on the main site, another tab): the kept error goes.
  await page.evaluate(() => {
    const value = JSON.stringify({
      necessary: true,
      functional: true,
      performance: true,
      targeting: false,
      userHasMadeChoice: true,
    });
    window.localStorage.setItem('cookie-preferences', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'cookie-preferences', newValue: value }));
  });
  expect((await expectReceived(page, admin)).event.thrown).toBe('before monitoring started');
});

test('a misconfigured embed reports its configuration error: the code and the key, never a value', async ({
  page,
  admin,
}) => {
  test.setTimeout(60_000);
  const misconfigured = async () => {
    const { events } = (await (await admin.get('/admin/monitoring/events')).json()) as {
      events: { event: { message?: string; keys?: string[]; code?: string } }[];
    };
    return events.filter((entry) => entry.event.message === 'The embed is misconfigured');
  };
  // One setting fails its schema; the monitoring token is still usable on its own.
  await page.route(
    (url) => url.pathname === '/studio-live',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script id="onair-config" type="application\/json">(.*?)<\/script>/,
        (_all, json: string) =>
          `<script id="onair-config" type="application/json">${JSON.stringify({ ...JSON.parse(json), PUBLIC_MONITORING_ENVIRONMENT: 'moon' })}</script>`,
      );
      await route.fulfill({ response, body: html });
    },
  );
  await page.clock.install();
  await page.goto('/studio-live');
  await expect(page.getByRole('heading', { name: 'This embed seems to be misconfigured' })).toBeVisible();
  // No video plays: monitoring starts 3 s after load, and sends its batch 30 s after that.
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(31_000);
        await settle(page);
        return (await misconfigured()).length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  const [report] = await misconfigured();
  expect(report!.event.keys).toEqual(['PUBLIC_MONITORING_ENVIRONMENT']);
  expect(JSON.stringify(report)).not.toContain('moon');
});
