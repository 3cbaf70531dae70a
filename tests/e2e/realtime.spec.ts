import type { WebSocketRoute } from '@playwright/test';
import { expect, test, waitForPlayback } from './support/fixtures.ts';
import { currentViewers, realtimeSubscribed, setLive, subscriptionConfirmed } from './support/realtime.ts';

/**
 * Realtime end to end: the platform's admin endpoints start and end streams, which the
 * platform announces through its Pusher-protocol server; open embeds follow without a reload.
 * Presence: each embed's viewer websocket handshakes, and /current-viewers counts viewers.
 */
test.describe('live and offline in real time', () => {
  test.afterEach(async ({ admin }) => {
    await setLive(admin, 'studio-live', true);
  });

  test('ending the stream moves the embed offline with its last frame, starting it moves it back', async ({
    page,
    admin,
  }) => {
    // studio-live is channel 101; its public topic carries the stream's start and end.
    const confirmed = subscriptionConfirmed(page, 'channel.101');
    const unsubscribed: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        if (String(payload).includes('pusher:unsubscribe')) unsubscribed.push(String(payload));
      }),
    );
    await page.goto('/studio-live?muted=true');
    await waitForPlayback(page);
    await realtimeSubscribed(page, confirmed);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

    await setLive(admin, 'studio-live', false);
    // Once the viewer's picture has shown the stream's end (the news waits for it: the viewer is
    // behind live, player/pdt-gate.ts), seconds before the channel info's next poll would tell.
    await expect(page).toHaveURL(/\/studio-live\/offline\?muted=true$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'StudioLive is offline' })).toBeVisible();

    await setLive(admin, 'studio-live', true);
    await expect(page).toHaveURL(/\/studio-live\?muted=true$/, { timeout: 5000 });
    await waitForPlayback(page);
    // Never reloaded: the page's own state survived both moves.
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    // One subscription throughout: a move between the pages never left a gap in which a
    // stream's start or end could be published unheard.
    expect(unsubscribed.filter((frame) => frame.includes('"channel.101"'))).toEqual([]);
  });
});

test('the live player joins its private livestream channel, authorised with the device request id', async ({
  page,
  request,
}) => {
  const auth = page.waitForResponse((r) => r.url().endsWith('/realtime/auth'), { timeout: 30_000 });
  await page.goto('/studio-live?muted=true');
  await waitForPlayback(page);
  const response = await auth;
  expect(response.status()).toBe(200);
  const body = response.request().postDataJSON() as { socketId: string; channelName: string; requestId: string };
  const info = (await (await request.get('/api/v2/channels/studio-live/info')).json()) as {
    livestream: { id: number };
  };
  expect(body.channelName).toBe(`private-lstm_${info.livestream.id}`);
  expect(body.socketId).toMatch(/^\d+\.\d+$/);
  expect(body.requestId).toMatch(/\S+/);
  expect(((await response.json()) as { auth: string }).auth).toMatch(/^onair-local-key:[0-9a-f]{64}$/);
});

test('the embed presents the request id its identification signed to the viewer token call', async ({ page }) => {
  const identified = page.waitForResponse((r) => r.url().endsWith('/device-id/identify'), { timeout: 30_000 });
  const tokenCall = page.waitForRequest((r) => r.url().endsWith('/viewer/v1/token'), { timeout: 30_000 });
  await page.goto('/studio-live?muted=true');
  const { requestId, visitorId } = (await (await identified).json()) as { requestId: string; visitorId: string };
  // <issued ms>.<random>.<visitorId>.<HMAC>: the platform's own, for this device.
  expect(requestId).toMatch(new RegExp(`^\\d{13}\\.[\\w-]{6}\\.${visitorId}\\.[\\w-]{43}$`));
  expect((await tokenCall).headers()['x-request-id']).toBe(requestId);
});

test.describe('viewer presence', () => {
  const slug = 'quiet-corner';
  const channelId = 103;

  test.beforeEach(async ({ admin }) => {
    await setLive(admin, slug, true);
  });
  test.afterEach(async ({ admin }) => {
    await setLive(admin, slug, false);
  });

  test('three open embeds count 3 viewers; closing one brings it to 2', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    await Promise.all(pages.map((page) => page.goto(`/${slug}?muted=true`)));
    await Promise.all(pages.map((page) => waitForPlayback(page)));

    await expect.poll(() => currentViewers(request, channelId), { timeout: 30_000 }).toBe(3);
    await expect(pages[0]!.getByTestId('viewer-count')).toHaveText(/Watch now with \d+ viewers/);

    await contexts[0]!.close();
    await expect.poll(() => currentViewers(request, channelId), { timeout: 40_000 }).toBe(2);
    await Promise.all(contexts.slice(1).map((context) => context.close()));
  });
});

test.describe('events missed while realtime was down', () => {
  test.afterEach(async ({ admin }) => {
    await setLive(admin, 'studio-live', true);
    await setLive(admin, 'night-owl', false);
  });

  test('a stream that started while the connection was down is noticed on reconnect', async ({ page, admin }) => {
    // The realtime websocket goes through the test, which can cut it and refuse new ones.
    let down = false;
    const open: WebSocketRoute[] = [];
    let subscribedFrames = 0;
    await page.routeWebSocket(/\/app\//, (ws) => {
      if (down) return void ws.close();
      const server = ws.connectToServer();
      open.push(ws);
      server.onMessage((message) => {
        if (String(message).includes('pusher_internal:subscription_succeeded')) subscribedFrames += 1;
        ws.send(message);
      });
      ws.onMessage((message) => server.send(message));
    });
    await page.goto('/night-owl?muted=true');
    await expect(page).toHaveURL(/\/night-owl\/offline\?muted=true$/);
    await expect.poll(() => subscribedFrames, { timeout: 20_000 }).toBeGreaterThan(0);

    down = true;
    for (const ws of open.splice(0)) await ws.close();
    // Published while nobody listens: StreamStarted never reaches the page.
    await setLive(admin, 'night-owl', true);

    down = false;
    // pusher-js reconnects on its own schedule; the page then asks for the channel again.
    await expect(page).toHaveURL(/\/night-owl\?muted=true$/, { timeout: 40_000 });
    await waitForPlayback(page);
  });

  test('a stream that ended unheard is noticed when the player finds it gone (404)', async ({ page, admin }) => {
    // No realtime at all: the end of the stream is never announced to this page.
    await page.routeWebSocket(/\/app\//, (ws) => void ws.close());
    await page.goto('/studio-live?muted=true');
    await waitForPlayback(page);
    await setLive(admin, 'studio-live', false);
    await expect(page).toHaveURL(/\/studio-live\/offline\?muted=true$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'StudioLive is offline' })).toBeVisible();
  });
});
