import type { BrowserContext, Request } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { labIdentify, labLogs, openIdentityLab } from './support/identity-lab.ts';

/**
 * The device-identification adapter (packages/identity) in Chromium against the platform's
 * first-party agent and endpoint: the agent is really imported, the endpoint really called,
 * the cache really in local storage, and every failure an `{ok: false}` result, never a throw
 * (the fixtures fail a journey on any uncaught page error).
 */
const AGENT = '/device-id/agent.js';
const IDENTIFY = '/device-id/identify';
const FAULTS = '/admin/device-id/faults';

/** Every path the context's pages request, in order (the lab's own routed paths included). */
function pathsRequested(context: BrowserContext): string[] {
  const paths: string[] = [];
  context.on('request', (request: Request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

test.describe('device identification', () => {
  test.afterEach(async ({ admin }) => {
    await admin.delete(FAULTS);
  });

  test('identifies through the first-party agent, then a new page is served from the cache', async ({
    page,
    context,
  }) => {
    const requested = pathsRequested(context);
    await openIdentityLab(page);
    const first = await labIdentify(page);
    expect(first).toEqual({
      ok: true,
      cached: false,
      // Signed by the platform for this device: <issued ms>.<random>.<visitorId>.<HMAC>.
      requestId: expect.stringMatching(/^\d{13}\.[\w-]{6}\.[\w-]{20}\.[\w-]{43}$/),
      visitorId: expect.stringMatching(/^[\w-]{20}$/),
    });
    expect(requested.filter((p) => p === AGENT)).toHaveLength(1);
    expect(requested.filter((p) => p === IDENTIFY)).toHaveLength(1);
    // The device cookie is first-party, HttpOnly and sent only to the identification paths.
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'onair_device_id');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/device-id', sameSite: 'Lax' });

    const second = await context.newPage();
    const secondErrors: Error[] = [];
    second.on('pageerror', (error) => secondErrors.push(error));
    await openIdentityLab(second);
    expect(await labIdentify(second)).toEqual({ ...first, cached: true });
    expect(requested.filter((p) => p === AGENT)).toHaveLength(1);
    expect(requested.filter((p) => p === IDENTIFY)).toHaveLength(1);
    expect(secondErrors).toEqual([]);
  });

  test('keeps the visitorId of the device across calls the cache does not serve', async ({ page }) => {
    await openIdentityLab(page);
    const first = await labIdentify(page, { cacheSeconds: 0 });
    const second = await labIdentify(page, { cacheSeconds: 0 });
    expect(second).toMatchObject({ ok: true, cached: false, visitorId: first.visitorId });
    expect(second.requestId).not.toBe(first.requestId);
  });

  test('a rate-limited service gives too-many-requests, logged, nothing thrown or cached', async ({ page, admin }) => {
    expect((await admin.post(FAULTS, { data: { status: 429 } })).status()).toBe(201);
    await openIdentityLab(page);
    expect(await labIdentify(page)).toEqual({
      ok: false,
      kind: 'too-many-requests',
      message: 'Too many requests, rate limit exceeded',
    });
    expect(await labLogs(page)).toEqual([{ level: 'warn', message: expect.stringContaining('(too-many-requests)') }]);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    // The fault was used up: the next call identifies.
    expect(await labIdentify(page)).toMatchObject({ ok: true, cached: false });
  });

  test('a hanging service gives client-timeout', async ({ page, admin }) => {
    await admin.post(FAULTS, { data: { delayMs: 5_000 } });
    await openIdentityLab(page);
    expect(await labIdentify(page, { timeoutMs: 1_000 })).toMatchObject({ ok: false, kind: 'client-timeout' });
  });

  test('a key the service does not know gives api-key-not-found, logged as an error', async ({ page }) => {
    await openIdentityLab(page);
    expect(await labIdentify(page, { apiKey: 'someone-else' })).toEqual({
      ok: false,
      kind: 'api-key-not-found',
      message: 'API key not found',
    });
    expect(await labLogs(page)).toEqual([{ level: 'error', message: expect.stringContaining('(api-key-not-found)') }]);
  });
});
