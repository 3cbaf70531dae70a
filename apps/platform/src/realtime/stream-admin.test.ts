/**
 * Taking channels live and offline through the admin API: channel info changes at once, and
 * `StreamStarted` / `StreamEnded` reach a pusher-js client subscribed to the channel topic,
 * published by the platform through the `pusher` SDK. Payloads are checked against contracts.
 */

import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  channelInfoV2Schema,
  channelTopic,
  livestreamTopic,
  RealtimeEvent,
  streamEndedSchema,
  streamStartedSchema,
  streamUpdatedSchema,
} from '@onair/contracts';
import type Pusher from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../create-platform.ts';
import {
  listeningPlatform,
  nextEvent,
  pusherClient,
  subscribed,
  vouchedRequestId,
  type Listening,
} from './test-clients.ts';
import { ADMIN_HEADERS, TEST_ADMIN } from '../testing/admin.ts';

const STUDIO = { slug: 'studio-live', id: 101, livestreamId: 9001 };
const NIGHT_OWL = { slug: 'night-owl', id: 102 };
const REWIND = { slug: 'rewind-room', id: 106 };

async function info(platform: Platform, slug: string) {
  const response = await platform.app.inject({ method: 'GET', url: `/api/v2/channels/${slug}/info` });
  return channelInfoV2Schema.parse(response.json());
}

describe('with a subscribed pusher-js client', () => {
  let server: Listening;
  let pusher: Pusher;
  beforeEach(async () => {
    server = await listeningPlatform();
    pusher = pusherClient(server.port);
  });
  afterEach(async () => {
    pusher.disconnect();
    await server.platform.app.close();
  });

  it('ends a stream: info goes offline and StreamEnded arrives', async () => {
    const channel = await subscribed(pusher, channelTopic(STUDIO.id));
    const ended = nextEvent(channel, RealtimeEvent.StreamEnded);
    const response = await server.platform.app.inject({
      method: 'POST',
      url: `/admin/channels/${STUDIO.slug}/offline`,
      headers: ADMIN_HEADERS,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const at = expect.any(Number);
    expect(response.json()).toEqual({ channel_id: STUDIO.id, livestream_id: STUDIO.livestreamId, at, delivery: 'sdk' });
    expect((await info(server.platform, STUDIO.slug)).livestream).toBeNull();
    const payload = streamEndedSchema.parse(await ended);
    expect(payload).toEqual({ channel_id: STUDIO.id, livestream_id: STUDIO.livestreamId, at });
    // On the stream's clock, the origin's: the end is a moment of the stream a player can reach.
    expect(Math.abs(payload.at! - Date.now())).toBeLessThan(60_000);
  });

  it('changes a live stream’s title and categories: info follows and StreamUpdated says when', async () => {
    const channel = await subscribed(pusher, channelTopic(REWIND.id));
    const updated = nextEvent(channel, RealtimeEvent.StreamUpdated);
    const categories = [{ name: 'Chess', slug: 'chess' }];
    const response = await server.platform.app.inject({
      method: 'POST',
      url: `/admin/channels/${REWIND.slug}/update`,
      headers: ADMIN_HEADERS,
      payload: { session_title: 'Final round', categories },
    });
    expect(response.statusCode).toBe(200);
    const payload = streamUpdatedSchema.parse(await updated);
    expect(payload).toMatchObject({ channel_id: REWIND.id, session_title: 'Final round', categories });
    expect(payload.at).toEqual(expect.any(Number));
    expect((await info(server.platform, REWIND.slug)).livestream).toMatchObject({ session_title: 'Final round' });
    const empty = await server.platform.app.inject({
      method: 'POST',
      url: `/admin/channels/${REWIND.slug}/update`,
      headers: ADMIN_HEADERS,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('starts a stream: info goes live with a new id and StreamStarted arrives', async () => {
    const channel = await subscribed(pusher, channelTopic(NIGHT_OWL.id));
    const started = nextEvent(channel, RealtimeEvent.StreamStarted);
    const categories = [{ name: 'Music', slug: 'music' }];
    const response = await server.platform.app.inject({
      method: 'POST',
      url: `/admin/channels/${NIGHT_OWL.slug}/live`,
      headers: ADMIN_HEADERS,
      payload: { categories, session_title: 'Synths at night', viewer_count: 5 },
    });
    expect(response.statusCode).toBe(200);
    const payload = streamStartedSchema.parse(await started);
    expect(payload).toMatchObject({
      channel_id: NIGHT_OWL.id,
      livestream: { is_live: true, categories, viewer_count: 5, session_title: 'Synths at night' },
    });
    expect(response.json()).toMatchObject({ ...payload, delivery: 'sdk' });

    const live = (await info(server.platform, NIGHT_OWL.slug)).livestream;
    expect(live).toMatchObject({ id: payload.livestream.id, is_live: true, categories });
    // Livestream ids are never reused: the new one is neither seeded one.
    expect([9001, 9004]).not.toContain(payload.livestream.id);

    const auth = await server.platform.app.inject({
      method: 'POST',
      url: '/realtime/auth',
      payload: {
        socketId: '1.1',
        channelName: livestreamTopic(payload.livestream.id),
        requestId: vouchedRequestId(),
      },
    });
    expect(auth.statusCode).toBe(200);
  });
});

describe('admin rules (inject)', () => {
  let platform: Platform;
  beforeEach(async () => {
    platform = await createPlatform({ embedDir: path.join(tmpdir(), 'onair-no-embed'), admin: TEST_ADMIN });
  });
  afterEach(async () => {
    await platform.app.close();
  });

  const post = (url: string, payload: object = {}) =>
    platform.app.inject({ method: 'POST', url, payload, headers: ADMIN_HEADERS });

  it('restarts a channel with its last categories and a fresh id; the old id stays ended', async () => {
    expect((await post(`/admin/channels/${STUDIO.slug}/offline`)).json()).toMatchObject({ delivery: 'in-process' });
    const restarted = (await post(`/admin/channels/${STUDIO.slug}/live`)).json();
    expect(restarted.livestream.categories).toEqual([
      { name: 'Software Development', slug: 'software-development' },
      { name: 'Just Chatting', slug: 'just-chatting' },
    ]);
    expect(restarted.livestream.id).not.toBe(STUDIO.livestreamId);
    const old = await post('/realtime/auth', {
      socketId: '1.1',
      channelName: livestreamTopic(STUDIO.livestreamId),
      requestId: vouchedRequestId(),
    });
    expect(old.statusCode).toBe(403);
    expect(old.json().data.message).toContain('is not live');
  });

  it('answers 409 for a second start or end, 404 for an unknown channel, 400 for a bad body', async () => {
    expect((await post(`/admin/channels/${STUDIO.slug}/live`)).statusCode).toBe(409);
    expect((await post(`/admin/channels/${NIGHT_OWL.slug}/offline`)).statusCode).toBe(409);
    const missing = await post('/admin/channels/nobody-here/live');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, statusText: 'Not Found' });
    const conflict = await post(`/admin/channels/${STUDIO.slug}/live`);
    expect(conflict.json()).toMatchObject({ status: 409, statusText: 'Conflict' });
    const bad = await post(`/admin/channels/${NIGHT_OWL.slug}/live`, { categories: [{ name: '' }] });
    expect(bad.statusCode).toBe(400);
    expect((await info(platform, NIGHT_OWL.slug)).livestream).toBeNull();
  });

  it('is not mounted without the admin option', async () => {
    const closed = await createPlatform({ embedDir: path.join(tmpdir(), 'onair-no-embed') });
    try {
      const response = await closed.app.inject({ method: 'POST', url: `/admin/channels/${STUDIO.slug}/offline` });
      expect(response.statusCode).toBe(404);
      expect(closed.channels.isLive(STUDIO.slug)).toBe(true);
    } finally {
      await closed.app.close();
    }
  });
});
