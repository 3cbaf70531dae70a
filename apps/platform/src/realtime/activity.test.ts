/**
 * The server side of the activity check, on a bare Fastify with short timings: a silent
 * client is pinged, then closed with 4201 when no answer comes; one that answers (pusher-js
 * does by itself) stays connected. The state machine itself is in connection-state.test.ts.
 */

import Fastify, { type FastifyInstance } from 'fastify';
import type Pusher from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ChannelStore, seedChannels } from '../channels/channel-store.ts';
import { registerRealtime } from './index.ts';
import { CloseCode } from './protocol-messages.ts';
import { LOCAL_REALTIME_CREDENTIALS } from './realtime-config.ts';
import { connectionState, pusherClient, within } from './test-clients.ts';

const ACTIVITY_S = 1;
// Long enough that a busy machine answering late is not mistaken for a dead client.
const PONG_MS = 2_000;

let app: FastifyInstance;
let port: number;
const clients: Pusher[] = [];

beforeEach(async () => {
  app = Fastify();
  await registerRealtime(app, {
    channels: new ChannelStore(seedChannels()),
    admin: false,
    credentials: { ...LOCAL_REALTIME_CREDENTIALS },
    timings: { activityTimeoutS: ACTIVITY_S, pongTimeoutMs: PONG_MS },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await app.close();
});

function rawSocket(answerPings: boolean) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${LOCAL_REALTIME_CREDENTIALS.key}?protocol=7`);
  const events: string[] = [];
  ws.on('message', (data) => {
    const { event } = JSON.parse(String(data)) as { event: string };
    events.push(event);
    if (event === 'pusher:ping' && answerPings) ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return { ws, events, closed };
}

describe('activity check', () => {
  it('announces its activity timeout in the handshake', async () => {
    const socket = rawSocket(false);
    const established = await within(
      new Promise<{ data: string }>((resolve) =>
        socket.ws.once('message', (data) => resolve(JSON.parse(String(data)))),
      ),
      'handshake',
    );
    expect(JSON.parse(established.data)).toMatchObject({ activity_timeout: ACTIVITY_S });
    socket.ws.close();
  });

  it('pings a silent client, then closes it with 4201 when no pong comes', async () => {
    const socket = rawSocket(false);
    const code = await within(socket.closed, 'close after the pong timeout');
    expect(socket.events).toEqual(['pusher:connection_established', 'pusher:ping']);
    expect(code).toBe(CloseCode.PongNotReceived);
  });

  it('keeps a client that answers its pings', async () => {
    const socket = rawSocket(true);
    await within(
      new Promise<void>((resolve) =>
        socket.ws.on('message', () => {
          if (socket.events.filter((event) => event === 'pusher:ping').length >= 3) resolve();
        }),
      ),
      'three pings',
      15_000,
    );
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    socket.ws.close();
  });

  it('keeps pusher-js connected on one socket across several activity periods', async () => {
    const pusher = pusherClient(port);
    clients.push(pusher);
    await connectionState(pusher, 'connected');
    const socketId = pusher.connection.socket_id;
    const changes: string[] = [];
    pusher.connection.bind('state_change', ({ current }: { current: string }) => changes.push(current));
    await new Promise((resolve) => setTimeout(resolve, ACTIVITY_S * 1000 * 3.5));
    expect(changes).toEqual([]);
    expect(pusher.connection.socket_id).toBe(socketId);
  });
});
