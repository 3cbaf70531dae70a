/**
 * Stalls over a real socket: `inject` buffers whole responses, so it cannot show headers
 * arriving while the body is held, nor a client going away.
 */

import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlatform, type Platform } from '../create-platform.ts';
import { turnsUntil } from '../testing/event-loop.ts';
import type { RequestLogEntry } from './request-log.ts';
import type { FaultView } from './routes.ts';
import { ADMIN_HEADERS, TEST_ADMIN } from '../testing/admin.ts';

const NOW = Date.UTC(2026, 0, 1, 0, 0, 9, 250);
const NEWEST = 1_767_225_608;
const SLUG = 'studio-live';
const SEGMENT = `/hls/${SLUG}/720p/seg-${NEWEST}.m4s`;
const PLAYLIST = `/hls/${SLUG}/720p/media.m3u8`;
const STALL_MS = 1000;

let platform: Platform;
let base: string;
let closed = false;

beforeEach(async () => {
  platform = await createPlatform({
    now: () => NOW,
    embedDir: path.join(tmpdir(), 'onair-no-embed'),
    admin: TEST_ADMIN,
  });
  base = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  closed = false;
});
afterEach(async () => {
  if (!closed) await platform.app.close();
});

async function addFault(body: object): Promise<FaultView> {
  const response = await platform.app.inject({
    method: 'POST',
    url: `/admin/channels/${SLUG}/faults`,
    payload: body,
    headers: ADMIN_HEADERS,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const requests = async (): Promise<RequestLogEntry[]> =>
  (await platform.app.inject({ method: 'GET', url: `/admin/channels/${SLUG}/requests`, headers: ADMIN_HEADERS })).json()
    .requests;
const faultHits = async (id: string): Promise<number> =>
  (
    (await platform.app.inject({ method: 'GET', url: `/admin/channels/${SLUG}/faults`, headers: ADMIN_HEADERS })).json()
      .faults as FaultView[]
  ).find((f) => f.id === id)?.hits ?? 0;

/**
 * A GET of the segment on a connection of its own (no agent: nothing pooled outlives it),
 * resolved once its headers are in: the body bytes it has had after a while, and a way to
 * give up (the socket is destroyed).
 */
async function heldDownload() {
  const request = http.get(`${base}${SEGMENT}`, { agent: false });
  request.on('error', () => undefined);
  const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
  let received = 0;
  response.on('data', (chunk: Buffer) => (received += chunk.byteLength));
  response.on('error', () => undefined);
  return {
    status: response.statusCode,
    bytesWithin: async (ms: number) => {
      await sleep(ms);
      return received;
    },
    giveUp: () => request.destroy(),
  };
}

describe('faults over a real socket', () => {
  it('sends headers and the first bytes, holds the rest for stallMs, then completes the body', async () => {
    const expected = (await platform.app.inject({ method: 'GET', url: SEGMENT })).rawPayload;
    await addFault({ target: 'segment', stallMs: STALL_MS, stallBytes: 100, count: 1 });
    // The stall on fake timers (the socket stays real): it lasts exactly what the test advances.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let response: http.IncomingMessage | undefined;
      const chunks: Buffer[] = [];
      let ended = false;
      const request = http.get(`${base}${SEGMENT}`, { agent: false }, (res) => {
        response = res;
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => (ended = true));
      });
      request.on('error', () => undefined);
      const received = () => chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
      await turnsUntil(() => received() >= 100, 'the lead bytes');
      expect(response?.statusCode).toBe(200);
      expect(response?.headers['content-length']).toBe(String(expected.byteLength));

      // Held: the stall's one timer pending, and only the lead bytes sent, until its last ms.
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(STALL_MS - 1);
      expect(vi.getTimerCount(), `still stalled at ${STALL_MS - 1} ms`).toBe(1);
      expect(received()).toBe(100);
      expect(ended).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(vi.getTimerCount(), `released at ${STALL_MS} ms`).toBe(0);
      await turnsUntil(() => ended, 'the rest of the body');
      expect(Buffer.concat(chunks).equals(expected)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds the body until the client gives up, then logs the request as aborted', async () => {
    const fault = await addFault({ target: 'segment', stallMs: null });
    // node:http without an agent, not fetch: fetch's pool may keep or open a connection after
    // an abort, which then holds app.close() (afterEach) past its hook timeout (seen once on
    // the 2-core machine).
    const first = await heldDownload();
    expect(first.status).toBe(200);
    expect(await first.bytesWithin(300)).toBe(0);
    first.giveUp();

    const entry = await until(async () => (await requests()).find((e) => e.durationMs !== null), 'the stall to end');
    expect(entry).toMatchObject({
      path: SEGMENT,
      status: 200,
      aborted: true,
      fault: { id: fault.id, effects: ['stall'] },
    });
    // The next request is stalled again: the fault is unlimited and the first did not wedge anything.
    const again = await heldDownload();
    expect(again.status).toBe(200);
    again.giveUp();
    await until(
      async () => ((await requests()).filter((e) => e.aborted).length === 2 ? true : undefined),
      'the second stall to end',
    );
  });

  it('stops delaying a request whose client went away', async () => {
    const fault = await addFault({ target: 'playlist', delayMs: 120_000 });
    // node:http rather than fetch: after an abort, fetch's pool opens a spare connection that
    // would hold app.close() for its keep-alive time.
    const request = http.get(`${base}${PLAYLIST}`, { agent: false });
    const pending = new Promise((resolve) => request.once('error', () => resolve('aborted')));
    await until(async () => ((await faultHits(fault.id)) === 1 ? true : undefined), 'the delayed request');
    request.destroy();
    expect(await pending).toBe('aborted');
    const entry = await until(async () => (await requests()).find((e) => e.durationMs !== null), 'the request to end');
    expect(entry).toMatchObject({ path: PLAYLIST, aborted: true, fault: { id: fault.id, effects: ['delay'] } });
  });

  it('lets app.close() finish while a stall and a delay are in progress', async () => {
    await addFault({ target: 'segment', stallMs: null, stallBytes: 10, count: 1 });
    const delay = await addFault({ target: 'playlist', delayMs: 120_000, count: 1 });

    const stalled = await fetch(`${base}${SEGMENT}`);
    const reader = stalled.body!.getReader();
    expect((await reader.read()).value?.byteLength).toBe(10);
    const delayed = fetch(`${base}${PLAYLIST}`);
    await until(async () => ((await faultHits(delay.id)) === 1 ? true : undefined), 'the delayed request');

    const closing = platform.app.close();
    closed = true;
    await closing;

    // The stalled download is cut off rather than completed with a short body.
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended';
      })(),
    ).rejects.toThrow();
    // The delayed request is let through at once instead of holding the server open for 2 minutes.
    expect((await delayed).status).toBe(200);
  }, 15_000);
});
