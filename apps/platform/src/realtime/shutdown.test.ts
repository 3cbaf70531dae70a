/**
 * Graceful shutdown: sockets are closed with a code pusher-js reconnects from, a silent peer
 * cannot hold `app.close()` up, and a pusher-js client of a platform that restarts on the same
 * port comes back, resubscribes, and receives what the new process publishes.
 */

import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Pusher from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPlatform } from '../create-platform.ts';
import { LOCAL_REALTIME_CREDENTIALS } from './realtime-config.ts';
import {
  connectionState,
  listen,
  listeningPlatform,
  nextEvent,
  pusherClient,
  serverSdk,
  subscribed,
  within,
  type Listening,
} from './test-clients.ts';

const URL_PATH = `/app/${LOCAL_REALTIME_CREDENTIALS.key}?protocol=7`;

const running: Listening[] = [];
const clients: Pusher[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const server of running.splice(0)) await server.platform.app.close();
});

async function start(port = 0): Promise<Listening> {
  const server = await listeningPlatform(port);
  running.push(server);
  return server;
}

function openSocket(port: number): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${URL_PATH}`);
  return within(
    new Promise<WebSocket>((resolve, reject) => {
      ws.once('message', () => resolve(ws)); // connection_established
      ws.once('error', reject);
    }),
    'socket open',
  );
}

describe('shutdown', () => {
  it('closes sockets with 1001, which pusher-js reconnects from (never a 40xx code)', async () => {
    const server = await start();
    const ws = await openSocket(server.port);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await running.splice(0)[0]?.platform.app.close();
    expect(await within(closed, 'close')).toBe(1001);
  });

  it('does not wait for a peer that never answers the close frame', async () => {
    const server = await start();
    // A bare TCP peer that completes the upgrade and then never speaks websocket again.
    const peer = net.connect(server.port, '127.0.0.1');
    const upgraded = within(
      new Promise<void>((resolve) =>
        peer.once('data', (chunk) => String(chunk).startsWith('HTTP/1.1 101') && resolve()),
      ),
      'upgrade',
    );
    peer.write(
      `GET ${URL_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${Buffer.from('0123456789abcdef').toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    await upgraded;
    const dropped = new Promise<void>((resolve) => peer.once('close', () => resolve()));
    // close() finishes without the answer that never comes (a close that waited for it would
    // hang the test), and the server drops the silent peer itself after its grace period.
    await running.splice(0)[0]?.platform.app.close();
    await within(dropped, 'the server to drop the silent peer');
    peer.destroy();
  });
});

describe('restart', () => {
  it('reconnects pusher-js and resubscribes to a platform restarted on the same port', async () => {
    const first = await start();
    const { port } = first;
    const pusher = pusherClient(port);
    clients.push(pusher);
    const channel = await subscribed(pusher, 'channel.101');
    const firstSocketId = pusher.connection.socket_id;

    // Built before the old one goes, so the port is free for as short a time as possible.
    const next = await createPlatform({ embedDir: path.join(tmpdir(), 'onair-no-embed') });
    const resubscribed = nextEvent(channel, 'pusher:subscription_succeeded', 45_000);
    await running.splice(0)[0]?.platform.app.close();
    running.push(await listen(next, port));

    await resubscribed;
    await connectionState(pusher, 'connected');
    expect(pusher.connection.socket_id).not.toBe(firstSocketId);

    const received = nextEvent<{ after: string }>(channel, 'Greeting');
    await serverSdk(port).trigger('channel.101', 'Greeting', { after: 'restart' });
    expect(await received).toEqual({ after: 'restart' });
  }, 60_000);
});
