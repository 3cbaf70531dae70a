/**
 * Test support for the viewer service: a platform on a real port, the token call, and a
 * viewer socket client (Node's `ws`) that queues what it receives. Test-only.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import type { ChannelRecord } from '../channels/channel-store.ts';
import { createPlatform, type Platform, type PlatformOptions } from '../create-platform.ts';
import { LOCAL_DEVICE_ID_API_KEY } from '../identity/index.ts';
import { TEST_ADMIN } from '../testing/admin.ts';

export const CLIENT_TOKEN = 'onair-local-client';

/**
 * The header through which a test says which address a request comes from, read only by
 * `testPeerAddress`, which a test hands the viewer service as its `clientAddress`. Loopback has
 * one IPv6 address (::1), so this is how tests play IPv6 neighbours over real sockets. The
 * platform itself reads no such header (its default is the TCP peer).
 */
export const TEST_PEER_HEADER = 'x-test-peer-address';

export const testPeerAddress = (request: IncomingMessage): string | undefined => {
  const given = request.headers[TEST_PEER_HEADER];
  return typeof given === 'string' ? given : request.socket.remoteAddress;
};

const live = (id: number, livestreamId: number, viewerCount: number, slug: string): ChannelRecord => ({
  id,
  slug,
  username: slug,
  banner: null,
  live: { id: livestreamId, session_title: slug, categories: [], viewer_count: viewerCount },
  playback: true,
  videos: [],
});

/** 201: live, no seeded audience; 202: offline; 203: live with 50 seeded viewers. */
export const TEST_CHANNELS: readonly ChannelRecord[] = [
  live(201, 7001, 0, 'alpha'),
  { ...live(202, 0, 0, 'bravo'), live: null },
  live(203, 7003, 50, 'charlie'),
];

export interface RunningPlatform extends Platform {
  base: string;
  ws: string;
}

export async function startPlatform(options: PlatformOptions = {}, port = 0): Promise<RunningPlatform> {
  const embedDir = mkdtempSync(path.join(tmpdir(), 'onair-embed-'));
  writeFileSync(path.join(embedDir, 'index.html'), '<!doctype html><title>embed</title>');
  const platform = await createPlatform({
    embedDir,
    channels: TEST_CHANNELS,
    redisUrl: '',
    admin: TEST_ADMIN,
    ...options,
  });
  await platform.app.listen({ port, host: '127.0.0.1' });
  const address = platform.app.server.address() as AddressInfo;
  return { ...platform, base: `http://127.0.0.1:${address.port}`, ws: `ws://127.0.0.1:${address.port}` };
}

export interface Identified {
  requestId: string;
  visitorId: string;
  /** The device cookie, to identify the same device again. */
  cookie: string;
}

/** What the embed's agent does: `POST /device-id/identify`; with `cookie`, as that device again. */
export async function identify(base: string, cookie?: string): Promise<Identified> {
  const response = await fetch(`${base}/device-id/identify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie !== undefined && { cookie }) },
    body: JSON.stringify({ apiKey: LOCAL_DEVICE_ID_API_KEY }),
  });
  if (!response.ok) throw new Error(`identify: ${response.status}`);
  const body = (await response.json()) as { requestId: string; visitorId: string };
  return { ...body, cookie: cookie ?? response.headers.get('set-cookie')!.split(';')[0]! };
}

/** A new device's request id (a fresh identification, no cookie). */
export async function deviceRequestId(base: string): Promise<string> {
  return (await identify(base)).requestId;
}

export function tokenCall(base: string, options: { requestId?: string; peer?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'x-client-token': CLIENT_TOKEN };
  if (options.requestId !== undefined) headers['x-request-id'] = options.requestId;
  if (options.peer !== undefined) headers[TEST_PEER_HEADER] = options.peer;
  return fetch(`${base}/viewer/v1/token`, { headers });
}

export async function fetchToken(base: string, requestId?: string, peer?: string): Promise<string> {
  const response = await tokenCall(base, { ...(requestId !== undefined && { requestId }), ...(peer && { peer }) });
  if (!response.ok) throw new Error(`token: ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

export async function currentViewers(base: string, ...ids: number[]): Promise<Record<number, number>> {
  const query = ids.map((id) => `ids[]=${id}`).join('&');
  const response = await fetch(`${base}/current-viewers?${query}`);
  if (!response.ok) throw new Error(`current-viewers: ${response.status}`);
  const list = (await response.json()) as { channel_id: number; viewers: number }[];
  return Object.fromEntries(list.map((item) => [item.channel_id, item.viewers]));
}

/** Polls `read` until it returns `expected` (deep-equal by JSON) or the time is up. */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}

export interface ViewerClient {
  send(message: unknown): void;
  /** The next message from the server (waits for it). */
  next(): Promise<{ type: string; data?: unknown }>;
  /** Sends a ping and waits for its pong: everything sent before has been handled. */
  sync(): Promise<void>;
  handshake(channelId: number | string): Promise<void>;
  leave(channelId: number): Promise<void>;
  /** Resolves with the close code, whoever closed. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<{ code: number; reason: string }>;
}

/** The embed's page origin on a test platform: what a browser sends as the socket's Origin. */
export function pageOrigin(wsBase: string): string {
  return wsBase.replace(/^ws/, 'http');
}

/**
 * Node's `ws` as the embed's page runs it: with the page's Origin (a browser always sends one),
 * for the real client (packages/realtime), which takes a WebSocket constructor.
 */
export function pageWebSocket(origin: string): typeof WebSocket {
  return class PageWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { origin });
    }
  } as typeof WebSocket;
}

export interface ConnectOptions {
  /** The socket's Origin (default: the platform's own, as the embed's page sends); null: none. */
  origin?: string | null;
  /** The address the test platform reads (TEST_PEER_HEADER); default: the real peer. */
  peer?: string;
}

export async function connectViewer(
  wsBase: string,
  token: string | undefined,
  options: ConnectOptions = {},
): Promise<ViewerClient> {
  const url = token === undefined ? `${wsBase}/viewer/v1/connect` : `${wsBase}/viewer/v1/connect?token=${token}`;
  const origin = options.origin === undefined ? pageOrigin(wsBase) : options.origin;
  const ws = new WebSocket(url, {
    ...(origin !== null && { origin }),
    ...(options.peer !== undefined && { headers: { [TEST_PEER_HEADER]: options.peer } }),
  });
  const inbox: { type: string; data?: unknown }[] = [];
  const waiting: ((message: { type: string; data?: unknown }) => void)[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { type: string; data?: unknown };
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = () =>
    new Promise<{ type: string; data?: unknown }>((resolve) => {
      const queued = inbox.shift();
      if (queued) resolve(queued);
      else waiting.push(resolve);
    });
  const client: ViewerClient = {
    send: (message) => ws.send(JSON.stringify(message)),
    next,
    async sync() {
      client.send({ type: 'ping' });
      const reply = await next();
      if (reply.type !== 'pong') throw new Error(`expected pong, got ${JSON.stringify(reply)}`);
    },
    async handshake(channelId) {
      client.send({ type: 'channel_handshake', data: { message: { channelId } } });
      await client.sync();
    },
    async leave(channelId) {
      client.send({ type: 'channel_disconnect', data: { message: { channelId } } });
      await client.sync();
    },
    closed,
    close() {
      ws.close(1000);
      return closed;
    },
  };
  return client;
}
