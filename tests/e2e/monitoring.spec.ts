import type { APIRequestContext } from '@playwright/test';
import { expect, test, waitForPlayback } from './support/fixtures.ts';

/**
 * Error monitoring end to end: the embed's SDK (loaded after the first frame) posts to the
 * platform's intake; an error from the page's own code arrives with the spec's service, env
 * and version, one the filter drops (a browser extension's) does not.
 */
interface IntakeEvent {
  event: { message?: string; service?: string; ddtags?: string; error?: { stack?: string } };
}

test.use({ allowedPageErrors: [/^e2e: /] });

async function intake(admin: APIRequestContext): Promise<IntakeEvent[]> {
  return ((await (await admin.get('/admin/monitoring/events')).json()) as { events: IntakeEvent[] }).events;
}

test('an unhandled error of the page reaches the intake; an extension error does not', async ({ page, admin }) => {
  await admin.delete('/admin/monitoring/events');
  // A script served by the page's own origin, like the embed's bundle.
  await page.route('**/__e2e/throw.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "throw new Error('e2e: unhandled error in the embed');",
    }),
  );
  // Both throw at the top of their script: a fake timer's callback would throw inside the clock.
  await page.route('**/__e2e/extension.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body:
        "var e2eError = new Error('e2e: error from a browser extension');" +
        "e2eError.stack = 'Error: e2e: error from a browser extension\\n    at inject (chrome-extension://abcdefghijklmnop/content.js:1:10)';" +
        'throw e2eError;',
    }),
  );
  // The SDK sends a batch 30 s after its first message: the page's clock flows as the real one
  // until the test moves it on past that.
  await page.clock.install();
  await page.goto('/studio-live?muted=true');
  await waitForPlayback(page);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Boolean((window as { DD_LOGS?: { getInitConfiguration(): unknown } }).DD_LOGS?.getInitConfiguration()),
        ),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);

  await page.addScriptTag({ url: '/__e2e/throw.js' });
  // An error whose stack names an extension's script, as one a browser extension throws.
  await page.addScriptTag({ url: '/__e2e/extension.js' });
  // Each poll moves the page's clock past the SDK's 30 s batch delay, so the batch leaves as
  // soon as both errors are in it, however long the SDK took to take them.
  await expect
    .poll(async () => {
      await page.clock.fastForward('00:31');
      return (await intake(admin)).filter((e) => e.event.message?.includes('e2e: unhandled error')).length;
    })
    .toBeGreaterThan(0);
  const events = await intake(admin);
  const kept = events.find((e) => e.event.message?.includes('e2e: unhandled error'))!;
  expect(kept.event.service).toBe('frontend-embedded-player');
  // The SDK carries env and version as tags of every event.
  expect(kept.event.ddtags?.split(',')).toEqual(expect.arrayContaining(['env:production', 'version:1.0.0']));
  expect(kept.event.error?.stack).toContain('/__e2e/throw.js');
  expect(events.filter((e) => e.event.message?.includes('browser extension'))).toEqual([]);
});
