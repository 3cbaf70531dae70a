/**
 * The embed's realtime store (packages/realtime) with real pusher-js against the platform's
 * socket server: a livestream channel asked for before the device request id is known fails
 * its authorisation, and is asked for again, and delivers, once the id arrives.
 */

import { livestreamTopic, RealtimeEvent } from '@onair/contracts';
import { createRealtimeStore, realtimeAuthUrl, type RealtimeClientConstructor } from '@onair/realtime';
import Pusher from 'pusher-js';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LOCAL_REALTIME_CREDENTIALS } from './realtime-config.ts';
import { listeningPlatform, serverSdk, vouchedRequestId, within, type Listening } from './test-clients.ts';

const LIVE = livestreamTopic(9001); // studio-live's seeded livestream

let server: Listening;
beforeEach(async () => {
  server = await listeningPlatform();
});
afterEach(async () => {
  await server.platform.app.close();
});

it('subscribes a livestream channel again once the request id arrives, and then delivers', async () => {
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  const store = createRealtimeStore({ Pusher: Pusher as unknown as RealtimeClientConstructor, fetch, logger });
  try {
    store.getState().connect({
      key: LOCAL_REALTIME_CREDENTIALS.key,
      wsHost: '127.0.0.1',
      wsPort: server.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      authUrl: realtimeAuthUrl(server.base),
    });
    const counts: unknown[] = [];
    store.getState().subscribe(LIVE, RealtimeEvent.ViewerCountUpdated, (data) => counts.push(data));
    const channel = (store.getState().client as unknown as Pusher).channel(LIVE);
    // Without a request id the authorisation refuses (SPEC §8), and pusher-js gives up on it.
    await within(
      new Promise<void>((resolve) => channel.bind('pusher:subscription_error', () => resolve())),
      'the first subscription to fail',
    );
    expect(channel.subscribed).toBe(false);

    const succeeded = within(
      new Promise<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve())),
      'the subscription asked again to succeed',
    );
    store.getState().setRequestId(vouchedRequestId());
    await succeeded;
    await serverSdk(server.port).trigger(LIVE, RealtimeEvent.ViewerCountUpdated, { livestream_id: 9001, viewers: 3 });
    await expect.poll(() => counts).toEqual([{ livestream_id: 9001, viewers: 3 }]);
  } finally {
    store.getState().disconnect();
  }
});
