/**
 * Test support for the viewer service: a platform on a real port, the token call, and a
 * viewer socket client (Node's `ws`) that queues what it receives. Test-only.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import type { ChannelRecord } from '../channels/channel-store.ts';
import { createPlatform, type Platform, type PlatformOptions } from '../create-platform.ts';
import { TEST_ADMIN } from '../testing/admin.ts';

export const CLIENT_TOKEN = 'onair-local-client';

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

export async function fetchToken(base: string, requestId?: string): Promise<string> {
  const headers: Record<string, string> = { 'x-client-token': CLIENT_TOKEN };
  if (requestId !== undefined) headers['x-request-id'] = requestId;
  const response = await fetch(`${base}/viewer/v1/token`, { headers });
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

export async function connectViewer(wsBase: string, token: string | undefined): Promise<ViewerClient> {
  const url = token === undefined ? `${wsBase}/viewer/v1/connect` : `${wsBase}/viewer/v1/connect?token=${token}`;
  const ws = new WebSocket(url);
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
