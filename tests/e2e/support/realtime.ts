import type { APIRequestContext, Frame, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Realtime helpers shared by the journeys: the server's subscription word, streams started and ended, viewers counted. */
/**
 * Resolves once the realtime server confirms the page's subscription to `topic`
 * (`pusher_internal:subscription_succeeded` on one of its websockets). Listening starts here,
 * so call it before the page navigates.
 */
export function subscriptionConfirmed(page: Page, topic: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        try {
          const message = JSON.parse(String(payload)) as { event?: string; channel?: string };
          if (message.event === 'pusher_internal:subscription_succeeded' && message.channel === topic) resolve();
        } catch {
          // Not a JSON frame: not the one awaited.
        }
      }),
    );
  });
}

export async function realtimeSubscribed(page: Page | Frame, confirmed: Promise<void>): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('onair:realtime-subscribed').length), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  // The server's word that the subscription is in place (rather than a second's grace), so the
  // event the test publishes next cannot reach the server before it.
  await confirmed;
}

export async function setLive(admin: APIRequestContext, slug: string, live: boolean): Promise<void> {
  const response = await admin.post(`/admin/channels/${slug}/${live ? 'live' : 'offline'}`, { data: {} });
  // 409: already in that state (an earlier journey left it so), which is what we want.
  expect(response.ok() || response.status() === 409, await response.text()).toBe(true);
}

/** Changes a live channel's title or categories (StreamUpdated); returns the event's moment on the stream's clock. */
export async function updateStream(
  admin: APIRequestContext,
  slug: string,
  change: { session_title?: string; categories?: { name: string; slug: string }[] },
): Promise<number> {
  const response = await admin.post(`/admin/channels/${slug}/update`, { data: change });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { at: number }).at;
}

/** Resolves when the page (or one of its frames) receives realtime event `event` on its socket. */
export function realtimeEventReceived(page: Page, event: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        try {
          if ((JSON.parse(String(payload)) as { event?: string }).event === event) resolve();
        } catch {
          // Not a JSON frame: not the one awaited.
        }
      }),
    );
  });
}

export async function currentViewers(request: APIRequestContext, channelId: number): Promise<number> {
  const body = (await (await request.get(`/current-viewers?ids[]=${channelId}`)).json()) as {
    channel_id: number;
    viewers: number;
  }[];
  return body.find((entry) => entry.channel_id === channelId)?.viewers ?? 0;
}
