/**
 * Private livestream channels end to end: pusher-js with a `customHandler` that calls the
 * platform's `/realtime/auth` (as the embed's realtime worker does), the socket server checking
 * the signature, and the route's refusals, both over HTTP (inject) and as pusher-js sees them.
 */

import { livestreamTopic, RealtimeEvent, realtimeAuthResponseSchema } from '@onair/contracts';
import type Pusher from 'pusher-js';
import type { ChannelAuthorizationHandler } from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody } from '../http-error.ts';
import { LOCAL_DEVICE_ID_API_KEY, REQUEST_ID_MAX_AGE_MS, signRequestId } from '../identity/index.ts';
import { channelAuth } from './signing.ts';
import { LOCAL_REALTIME_CREDENTIALS } from './realtime-config.ts';
import {
  connectionState,
  listeningPlatform,
  nextEvent,
  pusherClient,
  serverSdk,
  subscribed,
  vouchedRequestId,
  within,
  type Listening,
} from './test-clients.ts';
import { ADMIN_HEADERS } from '../testing/admin.ts';

const LIVE = livestreamTopic(9001); // studio-live's seeded livestream
const SOCKET = '1234.5678';
/** Signed by the platform's identification, as the embed presents it. */
const REQUEST_ID = vouchedRequestId();

let server: Listening;
const clients: Pusher[] = [];

beforeEach(async () => {
  server = await listeningPlatform();
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await server.platform.app.close();
});

function client(authorize: ChannelAuthorizationHandler): Pusher {
  const created = pusherClient(server.port, { authorize });
  clients.push(created);
  return created;
}

/** What the embed's realtime worker does: POST JSON, read `auth`, fail with the status. */
function workerAuth(requestId: string | undefined): ChannelAuthorizationHandler {
  return ({ socketId, channelName }, callback) => {
    fetch(`${server.base}/realtime/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ socketId, channelName, requestId }),
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Failed to fetch auth token for realtime: ${response.status}`);
        callback(null, realtimeAuthResponseSchema.parse(await response.json()));
      })
      .catch((error: Error) => callback(error, null));
  };
}

async function authCall(body: object) {
  return server.platform.app.inject({ method: 'POST', url: '/realtime/auth', payload: body });
}

describe('POST /realtime/auth', () => {
  it('signs a live private-lstm_ channel for the socket', async () => {
    const response = await authCall({ socketId: SOCKET, channelName: LIVE, requestId: REQUEST_ID });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ auth: channelAuth(LOCAL_REALTIME_CREDENTIALS, SOCKET, LIVE) });
  });

  it('takes the request id /device-id/identify answers', async () => {
    const identified = await fetch(`${server.base}/device-id/identify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: LOCAL_DEVICE_ID_API_KEY }),
    });
    const { requestId } = (await identified.json()) as { requestId: string };
    expect((await authCall({ socketId: SOCKET, channelName: LIVE, requestId })).statusCode).toBe(200);
  });

  it.each([
    ['a made-up one', 'fp-1'],
    ['one altered (another visitorId)', REQUEST_ID.replace('.test-device.', '.someone-else.')],
    ['one signed under another key', signRequestId('not-the-platform', { visitorId: 'v', issuedAt: Date.now() })],
    ['one a day old', vouchedRequestId(Date.now() - REQUEST_ID_MAX_AGE_MS)],
  ])('refuses a request id the platform does not vouch for: %s', async (_what, requestId) => {
    const response = await authCall({ socketId: SOCKET, channelName: LIVE, requestId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(
      errorBody(403, 'requestId is not an identification this platform made in the last day'),
    );
  });

  it.each([
    ['no requestId', { socketId: SOCKET, channelName: LIVE }, 400, 'requestId is required'],
    ['an empty requestId', { socketId: SOCKET, channelName: LIVE, requestId: '' }, 400, 'requestId is required'],
    ['another prefix', { socketId: SOCKET, channelName: 'private-other_1', requestId: 'r' }, 403, 'private-lstm_'],
    ['a public channel', { socketId: SOCKET, channelName: 'channel.101', requestId: 'r' }, 403, 'private-lstm_'],
    [
      'an unknown livestream',
      { socketId: SOCKET, channelName: livestreamTopic(1), requestId: REQUEST_ID },
      404,
      'not found',
    ],
    ['a malformed socket id', { socketId: 'abc', channelName: LIVE, requestId: 'r' }, 400, 'socketId'],
  ])('refuses %s', async (_what, body, status, message) => {
    const response = await authCall(body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ status, data: { message: expect.stringContaining(message) } });
  });

  it('refuses a livestream that ended with 403, and malformed JSON with 400 in the error shape', async () => {
    await server.platform.app.inject({
      method: 'POST',
      url: '/admin/channels/studio-live/offline',
      headers: ADMIN_HEADERS,
      payload: {},
    });
    const ended = await authCall({ socketId: SOCKET, channelName: LIVE, requestId: REQUEST_ID });
    expect(ended.statusCode).toBe(403);
    expect(ended.json()).toEqual(errorBody(403, `Livestream of ${LIVE} is not live`));

    const malformed = await server.platform.app.inject({
      method: 'POST',
      url: '/realtime/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"socketId":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, statusText: 'Bad Request' });
  });
});

describe('private subscriptions with pusher-js', () => {
  it('subscribes through the worker authorisation and receives the livestream events', async () => {
    const pusher = client(workerAuth(REQUEST_ID));
    const channel = await subscribed(pusher, LIVE);
    const received = nextEvent(channel, RealtimeEvent.ViewerCountUpdated);
    await serverSdk(server.port).trigger(LIVE, RealtimeEvent.ViewerCountUpdated, { livestream_id: 9001, viewers: 3 });
    expect(await received).toEqual({ livestream_id: 9001, viewers: 3 });
  });

  it.each([
    ['without a requestId', undefined, LIVE, 400],
    ['for a livestream that does not exist', REQUEST_ID, livestreamTopic(424242), 404],
    ['for a private channel of another prefix', REQUEST_ID, 'private-chat_1', 403],
    ['with a request id the platform did not sign', 'fp-1', LIVE, 403],
  ])('fails %s, as a subscription error on the channel', async (_what, requestId, name, status) => {
    const pusher = client(workerAuth(requestId));
    await connectionState(pusher, 'connected');
    const channel = pusher.subscribe(name);
    const error = await nextEvent<{ type: string; error: string }>(channel, 'pusher:subscription_error');
    expect(error).toMatchObject({ type: 'AuthError', error: expect.stringContaining(String(status)) });
    expect(channel.subscribed).toBe(false);
  });

  it('fails for a stream that is not live', async () => {
    await server.platform.app.inject({
      method: 'POST',
      url: '/admin/channels/studio-live/offline',
      headers: ADMIN_HEADERS,
      payload: {},
    });
    const pusher = client(workerAuth(REQUEST_ID));
    const channel = pusher.subscribe(LIVE);
    const error = await nextEvent<{ error: string }>(channel, 'pusher:subscription_error');
    expect(error.error).toContain('403');
  });

  it('refuses a forged signature on the socket: pusher:error 4009 and a subscription error', async () => {
    const forged: ChannelAuthorizationHandler = (_params, callback) =>
      callback(null, { auth: `${LOCAL_REALTIME_CREDENTIALS.key}:${'0'.repeat(64)}` });
    const pusher = client(forged);
    await connectionState(pusher, 'connected');
    const connectionError = within(
      new Promise<unknown>((resolve) => pusher.connection.bind('error', resolve)),
      'connection error',
    );
    const channel = pusher.subscribe(LIVE);
    const refusal = await nextEvent<{ type: string; status: number; error: string }>(
      channel,
      'pusher:subscription_error',
    );
    expect(refusal).toMatchObject({
      type: 'AuthError',
      status: 401,
      error: expect.stringContaining('Invalid signature'),
    });
    expect(await connectionError).toMatchObject({ type: 'PusherError', data: { code: 4009 } });
    // The socket stays usable: a refused subscription is not a broken connection.
    expect(pusher.connection.state).toBe('connected');
    expect(channel.subscribed).toBe(false);
  });

  it('does not accept a signature made for another socket', async () => {
    const stolen: ChannelAuthorizationHandler = ({ channelName }, callback) =>
      callback(null, { auth: channelAuth(LOCAL_REALTIME_CREDENTIALS, '1.1', channelName) });
    const pusher = client(stolen);
    const channel = pusher.subscribe(LIVE);
    const refusal = await nextEvent<{ status: number }>(channel, 'pusher:subscription_error');
    expect(refusal.status).toBe(401);
  });
});
