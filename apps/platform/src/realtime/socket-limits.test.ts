/**
 * What a hostile client can do to the realtime service, over real sockets: subscribe without
 * end, flood it with messages, never read what it is sent, or open socket after socket. Each
 * costs that socket (or that address), never the platform's memory or the other clients.
 */

import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ChannelStore, seedChannels } from '../channels/channel-store.ts';
import { registerRealtime, type Realtime } from './index.ts';
import { CloseCode } from './protocol-messages.ts';
import { LOCAL_REALTIME_CREDENTIALS } from './realtime-config.ts';
import { MAX_UNSENT_BYTES, REALTIME_SOCKETS_PER_ADDRESS } from './socket-server.ts';
import { SESSION_LIMITS } from './socket-session.ts';
import { within } from './test-clients.ts';
import type { ClientAddressOf } from '../limits/address-key.ts';
import { TEST_PEER_HEADER, testPeerAddress } from '../viewers/test-viewer-client.ts';

let app: FastifyInstance;
let realtime: Realtime;
let port: number;

async function start(options: { clientAddress?: ClientAddressOf } = {}): Promise<void> {
  app = Fastify();
  // A clock that stands still: no message rate bucket refills during a test.
  realtime = await registerRealtime(app, {
    channels: new ChannelStore(seedChannels()),
    admin: false,
    now: () => 0,
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
}

beforeEach(() => start());
const opened: WebSocket[] = [];
afterEach(async () => {
  // Whatever a failed test left open: a socket that is not read cannot finish a close.
  for (const ws of opened.splice(0)) ws.terminate();
  await app.close();
});

type Message = { event: string; channel?: string; data: unknown };

interface Client {
  ws: WebSocket;
  messages: Message[];
  /** The server's first message: its handshake, or its refusal. */
  first: Promise<Message>;
  closed: Promise<number>;
}

async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${LOCAL_REALTIME_CREDENTIALS.key}?protocol=7`, { headers });
  opened.push(ws);
  const messages: Message[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Message));
  const first = within(
    new Promise<Message>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)) as Message))),
    'the first message',
  );
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await within(new Promise((resolve) => ws.once('open', resolve)), 'open');
  return { ws, messages, first, closed };
}

/** `count` sockets from one address (`headers` may name it, see testPeerAddress), each handshaken. */
async function connectAll(count: number, headers?: (i: number) => Record<string, string>): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < count; i++) {
    const client = await connect(headers?.(i));
    expect((await client.first).event, `socket ${i + 1}`).toBe('pusher:connection_established');
    clients.push(client);
  }
  return clients;
}

const CAP = REALTIME_SOCKETS_PER_ADDRESS;
const OVER_CAPACITY = {
  event: 'pusher:error',
  data: { code: CloseCode.OverCapacity, message: 'Too many realtime connections from this address' },
};

const subscribe = (channel: string) => JSON.stringify({ event: 'pusher:subscribe', data: { channel } });

describe('limits of one realtime socket', () => {
  it(`refuses a subscription beyond ${SESSION_LIMITS.maxChannels} channels, and keeps the socket`, async () => {
    const client = await connect();
    for (let i = 0; i <= SESSION_LIMITS.maxChannels; i++) client.ws.send(subscribe(`channel.${1000 + i}`));
    await expect
      .poll(
        () =>
          client.messages.filter(
            (m) => m.event.startsWith('pusher_internal:subscription') || m.event === 'pusher:subscription_error',
          ).length,
      )
      .toBe(SESSION_LIMITS.maxChannels + 1);
    const refused = client.messages.filter((m) => m.event === 'pusher:subscription_error');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.channel).toBe(`channel.${1000 + SESSION_LIMITS.maxChannels}`);
    expect(JSON.parse(refused[0]?.data as string)).toMatchObject({ status: 429 });
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });

  it('closes a socket that floods it with messages (4100, so pusher-js backs off)', async () => {
    const client = await connect();
    const ping = JSON.stringify({ event: 'pusher:ping', data: {} });
    for (let i = 0; i < 3 * SESSION_LIMITS.messagesBurst; i++) client.ws.send(ping);
    expect(await within(client.closed, 'the flooding socket to close')).toBe(CloseCode.OverCapacity);
    const pongs = client.messages.filter((m) => m.event === 'pusher:pong').length;
    expect(pongs).toBeLessThanOrEqual(SESSION_LIMITS.messagesBurst + 1);
  });

  it('cuts off a socket that does not read, once its unsent events pass the bound', async () => {
    const reader = await connect();
    const stalled = await connect();
    for (const client of [reader, stalled]) client.ws.send(subscribe('channel.101'));
    await expect.poll(() => realtime.registry.subscriberCount('channel.101')).toBe(2);
    // The client stops reading: its kernel buffers fill, then the server's.
    (stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const payload = JSON.stringify({ pad: 'x'.repeat(9000) });
    let published = 0;
    while (realtime.registry.subscriberCount('channel.101') === 2 && published < 20_000) {
      realtime.registry.publish('channel.101', 'Big', payload);
      published += 1;
      if (published % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(realtime.registry.subscriberCount('channel.101')).toBe(1);
    // It took more than the bound (kernel buffers hold some), far less than everything published.
    expect(published * payload.length).toBeGreaterThan(MAX_UNSENT_BYTES);
    expect(published).toBeLessThan(20_000);
    // The reading client is still served.
    const received = reader.messages.length;
    realtime.registry.publish('channel.101', 'After', '{}');
    await expect.poll(() => reader.messages.length).toBeGreaterThan(received);
    reader.ws.close();
  });
});

describe('sockets per address', () => {
  it(`refuses socket ${CAP + 1} of one address with pusher:error 4100 and a close; one closing makes room`, async () => {
    const held = await connectAll(CAP);
    const extra = await connect();
    expect(await extra.first).toEqual(OVER_CAPACITY);
    expect(await within(extra.closed, 'the extra socket to close')).toBe(CloseCode.OverCapacity);
    // Refused in the handshake: it never had a socket id.
    expect(extra.messages.map((m) => m.event)).toEqual(['pusher:error']);

    held[0]!.ws.close();
    await within(held[0]!.closed, 'a held socket to close');
    await expect.poll(() => realtime.sockets.connectionCount).toBe(CAP - 1);
    const next = await connect();
    expect((await next.first).event).toBe('pusher:connection_established');
  }, 30_000);

  it('counts an IPv6 /64 as one address: a neighbour is refused, another /64 is not', async () => {
    await app.close();
    // Loopback has one IPv6 address: the test says which address each socket comes from.
    await start({ clientAddress: testPeerAddress });
    const from = (address: string) => ({ [TEST_PEER_HEADER]: address });
    await connectAll(CAP, (i) => from(`2001:db8:1:2::${(0x100 + i).toString(16)}`));

    const neighbour = await connect(from('2001:db8:1:2:ffff:ffff:ffff:1'));
    expect(await neighbour.first).toEqual(OVER_CAPACITY);
    expect(await within(neighbour.closed, 'the neighbour to be closed')).toBe(CloseCode.OverCapacity);
    const elsewhere = await connect(from('2001:db8:1:3::1'));
    expect((await elsewhere.first).event).toBe('pusher:connection_established');
  }, 30_000);
});
