/**
 * The websocket endpoint as pusher-js (the real client, Node build) and the `pusher` server
 * SDK see it, on a platform listening on a real port. Raw `ws` clients check what pusher-js
 * hides: frames, close codes.
 */

import type Pusher from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CloseCode } from './protocol-messages.ts';
import { LOCAL_REALTIME_CREDENTIALS } from './realtime-config.ts';
import {
  connectionState,
  listeningPlatform,
  nextEvent,
  pusherClient,
  serverSdk,
  subscribed,
  within,
  type Listening,
} from './test-clients.ts';

const KEY = LOCAL_REALTIME_CREDENTIALS.key;

let server: Listening;
const clients: Pusher[] = [];

beforeEach(async () => {
  server = await listeningPlatform();
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await server.platform.app.close();
});

function client(options?: Parameters<typeof pusherClient>[1]): Pusher {
  const created = pusherClient(server.port, options);
  clients.push(created);
  return created;
}

interface RawSocket {
  ws: WebSocket;
  messages: { event: string; channel?: string; data: unknown }[];
  next(event: string): Promise<{ event: string; channel?: string; data: unknown }>;
  closed: Promise<{ code: number; reason: string }>;
}

function rawSocket(path: string): RawSocket {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`);
  const messages: RawSocket['messages'] = [];
  const waiters: { event: string; resolve: (message: RawSocket['messages'][number]) => void }[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as RawSocket['messages'][number];
    messages.push(message);
    for (const waiter of waiters.filter((w) => w.event === message.event)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    ws,
    messages,
    closed,
    next: (event) => {
      const seen = messages.find((m) => m.event === event);
      if (seen) return Promise.resolve(seen);
      return within(new Promise((resolve) => waiters.push({ event, resolve })), event);
    },
  };
}

describe('connection', () => {
  it('connects pusher-js and hands out a protocol socket id', async () => {
    const pusher = client();
    await connectionState(pusher, 'connected');
    expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);
  });

  it('sends connection_established with its data as a JSON string', async () => {
    const socket = rawSocket(`/app/${KEY}?protocol=7&client=js&version=8.6.0`);
    const established = await socket.next('pusher:connection_established');
    expect(typeof established.data).toBe('string');
    const data = JSON.parse(established.data as string) as { socket_id: string; activity_timeout: number };
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(120);
    socket.ws.close();
  });

  it('refuses an unknown app key with pusher:error 4001 and close 4001, and pusher-js gives up', async () => {
    const socket = rawSocket('/app/not-our-key?protocol=7');
    const error = await socket.next('pusher:error');
    expect(error.data).toMatchObject({ code: CloseCode.AppKeyUnknown });
    expect((await within(socket.closed, 'close')).code).toBe(4001);
    // Quoted in the reason, which the protocol caps at 123 bytes.
    const longKey = rawSocket(`/app/${'é'.repeat(150)}?protocol=7`);
    expect((await within(longKey.closed, 'close')).code).toBe(4001);

    const pusher = client({ key: 'not-our-key' });
    const refused = within(
      new Promise<unknown>((resolve) => pusher.connection.bind('error', resolve)),
      'pusher-js error event',
    );
    expect(await refused).toMatchObject({ error: { data: { code: 4001 } } });
    await connectionState(pusher, 'disconnected');
  });

  it('refuses an unsupported protocol version with 4007', async () => {
    const socket = rawSocket(`/app/${KEY}?protocol=3`);
    expect((await socket.next('pusher:error')).data).toMatchObject({ code: CloseCode.UnsupportedProtocol });
    expect((await within(socket.closed, 'close')).code).toBe(4007);
    const missing = rawSocket(`/app/${KEY}`);
    expect((await within(missing.closed, 'close')).code).toBe(4007);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const pusher = client();
    await connectionState(pusher, 'connected');
    const pong = within(new Promise<void>((resolve) => pusher.bind('pusher:pong', () => resolve())), 'pusher:pong');
    pusher.send_event('pusher:ping', {});
    await pong;
  });
});

describe('public channels', () => {
  it('delivers an event triggered through the pusher SDK, data decoded by pusher-js', async () => {
    const pusher = client();
    const channel = await subscribed(pusher, 'channel.101');
    const received = nextEvent<{ hello: string }>(channel, 'Greeting');
    await serverSdk(server.port).trigger('channel.101', 'Greeting', { hello: 'world' });
    expect(await received).toEqual({ hello: 'world' });
  });

  it('sends the event with data as a string, channel and name on the wire', async () => {
    const socket = rawSocket(`/app/${KEY}?protocol=7`);
    await socket.next('pusher:connection_established');
    socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'news' } }));
    const ok = await socket.next('pusher_internal:subscription_succeeded');
    expect(ok).toMatchObject({ channel: 'news', data: '{}' });
    await serverSdk(server.port).triggerBatch([{ channel: 'news', name: 'Update', data: { n: 1 } }]);
    expect(await socket.next('Update')).toEqual({ event: 'Update', channel: 'news', data: '{"n":1}' });
    socket.ws.close();
  });

  it('leaves out the socket named by socket_id and stops after unsubscribe', async () => {
    const first = client();
    const second = client();
    const [a, b] = await Promise.all([subscribed(first, 'room'), subscribed(second, 'room')]);
    const sdk = serverSdk(server.port);

    let firstGot = 0;
    a.bind('Tick', () => (firstGot += 1));
    const secondGets = nextEvent(b, 'Tick');
    await sdk.trigger('room', 'Tick', {}, { socket_id: first.connection.socket_id });
    await secondGets;

    first.unsubscribe('room');
    // A round trip on the same socket orders the unsubscribe before the next trigger.
    const pong = within(new Promise<void>((resolve) => first.bind('pusher:pong', () => resolve())), 'pong');
    first.send_event('pusher:ping', {});
    await pong;
    const again = nextEvent(b, 'Tick');
    const response = await sdk.trigger('room', 'Tick', {}, { info: 'subscription_count' });
    expect(await response.json()).toEqual({ channels: { room: { subscription_count: 1 } } });
    await again;
    expect(firstGot).toBe(0);
  });

  it('refuses client events with pusher:error and keeps the socket open', async () => {
    const socket = rawSocket(`/app/${KEY}?protocol=7`);
    await socket.next('pusher:connection_established');
    socket.ws.send(JSON.stringify({ event: 'client-typing', channel: 'news', data: {} }));
    const error = await socket.next('pusher:error');
    expect(error.data).toMatchObject({ code: null, message: expect.stringContaining('Client events') });
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    socket.ws.close();
  });

  it('refuses presence channels with a subscription error', async () => {
    const socket = rawSocket(`/app/${KEY}?protocol=7`);
    await socket.next('pusher:connection_established');
    socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'presence-room', auth: 'x:y' } }));
    const error = await socket.next('pusher:subscription_error');
    expect(error.channel).toBe('presence-room');
    socket.ws.close();
  });
});
