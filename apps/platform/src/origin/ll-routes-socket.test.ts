/**
 * Blocking requests over a real socket, on a clock the test moves: nothing is answered before
 * its instant, it is answered at that instant, and nothing is left running when the client or
 * the server goes away. The socket, the server and the client are real; `Date` and
 * `setTimeout` are vitest's fake timers, so "before", "at" and "at once" are exact and a busy
 * machine cannot stretch them. (The real clock end to end is the LL-HLS journeys' and the
 * bench's.)
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { turnsUntil } from '../testing/event-loop.ts';
import { loadFixture } from './fixture.ts';
import { defaultFixtureDir, registerLiveOrigin } from './index.ts';
import { liveEdge, partEndMs, partRef } from './part-timeline.ts';
import { buildPartAt } from './segment.ts';
import { partName, readPlaylist } from './testing/ll-hls-checks.ts';

const fixture = loadFixture(defaultFixtureDir);
const grid = { segmentDurationMs: fixture.segmentDurationMs, fragmentsPerSegment: fixture.fragmentsPerSegment };
const PLAYLIST = '/hls/on-air/360p/media.m3u8';
// 2026-01-01T00:00:09.250Z on the fake clock: segment 1767225608 ended 250 ms ago, part 0 of
// the next one 50 ms ago.
const START = Date.UTC(2026, 0, 1, 0, 0, 9, 250);

interface Answer {
  status: number;
  body: Buffer;
  /** Date.now() (the fake clock) when the response headers arrived. */
  receivedAt: number;
}

async function start(): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify();
  // Read through the global at each call, so the origin runs on the fake clock once installed.
  await registerLiveOrigin(app, { fixture, now: () => Date.now(), isLive: (slug) => slug === 'on-air' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

function request(url: string, agent: http.Agent | false = false): { answer: Promise<Answer>; req: http.ClientRequest } {
  let req!: http.ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    req = http.get(url, { agent }, (res) => {
      const receivedAt = Date.now();
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), receivedAt }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return { answer, req };
}

/** A held request is two pending timers: its wake-up at the instant and its upper bound. */
const held = () => turnsUntil(() => vi.getTimerCount() === 2, 'the request is held');

/**
 * Moves the clock to just before `instantMs`, where the request must still be held, then onto
 * it, where it must be answered: its timers are gone and the answer came at that instant.
 */
async function expectAnsweredAt(instantMs: number, answer: Promise<Answer>): Promise<Answer> {
  await held();
  await vi.advanceTimersByTimeAsync(instantMs - 1 - Date.now());
  expect(vi.getTimerCount(), 'still held 1 ms before').toBe(2);
  await vi.advanceTimersByTimeAsync(1);
  expect(vi.getTimerCount(), 'released at the instant').toBe(0);
  const answered = await answer;
  expect(answered.receivedAt).toBe(instantMs);
  return answered;
}

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  ({ app, base } = await start());
});
afterAll(() => app.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('blocking playlist reload', () => {
  it('answers a request for a future part only once that part has ended, listing it', async () => {
    // Three parts ahead of the newest.
    const awaited = liveEdge(Date.now(), grid).lastPart + 3;
    const { msn, index } = partRef(awaited, grid);
    const { answer } = request(`${base}${PLAYLIST}?_HLS_msn=${msn}&_HLS_part=${index}`);
    const { status, body } = await expectAnsweredAt(partEndMs(awaited, grid), answer);
    expect(status).toBe(200);
    const read = readPlaylist(body.toString());
    expect(read.parts).toContainEqual({ msn, index });
    expect(read.hint.msn * 5 + read.hint.index).toBeGreaterThan(awaited);
  });

  it('answers _HLS_msn alone once the whole segment has ended', async () => {
    const msn = liveEdge(Date.now(), grid).lastSegment + 1;
    const { answer } = request(`${base}${PLAYLIST}?_HLS_msn=${msn}`);
    const { status, body } = await expectAnsweredAt((msn + 1) * fixture.segmentDurationMs, answer);
    expect(status).toBe(200);
    expect(readPlaylist(body.toString()).segments.at(-1)).toBeGreaterThanOrEqual(msn);
  });

  it('refuses at once what is too far ahead, and _HLS_part alone', async () => {
    const last = liveEdge(Date.now(), grid).lastSegment;
    for (const query of [`_HLS_msn=${last + 3}`, '_HLS_part=0']) {
      // At once: answered while the clock stands still (a hold would never end).
      const { status, body, receivedAt } = await request(`${base}${PLAYLIST}?${query}`).answer;
      expect(status, query).toBe(400);
      expect(JSON.parse(body.toString())).toMatchObject({ status: 400, statusText: 'Bad Request' });
      expect(receivedAt).toBe(START);
      expect(vi.getTimerCount()).toBe(0);
    }
  });

  it('leaves no timer behind when the client gives up a held request', async () => {
    // Two segments ahead: held for 1 to 3 s.
    const msn = liveEdge(Date.now(), grid).lastSegment + 2;
    const { answer, req } = request(`${base}${PLAYLIST}?_HLS_msn=${msn}`);
    answer.catch(() => undefined);
    await held();
    req.destroy();
    await turnsUntil(() => vi.getTimerCount() === 0, 'the hold is dropped');
    // Dropped for the client going away: the clock never moved towards the segment's end.
    expect(Date.now()).toBe(START);
  });

  it('lets app.close() finish while a request is held, answering it 503', async () => {
    const own = await start();
    const agent = new http.Agent({ keepAlive: true });
    const msn = liveEdge(Date.now(), grid).lastSegment + 2;
    const answer = request(`${own.base}${PLAYLIST}?_HLS_msn=${msn}`, agent).answer;
    await held();
    // The clock stands still: a close that waited for the hold would never finish.
    await own.app.close();
    const { status, body, receivedAt } = await answer;
    expect(status).toBe(503);
    expect(JSON.parse(body.toString())).toMatchObject({ status: 503, statusText: 'Service Unavailable' });
    expect(receivedAt).toBe(START);
    expect(vi.getTimerCount()).toBe(0);
    agent.destroy();
  });
});

describe('preload hint', () => {
  it('sends the hinted part once it has ended, exactly as buildPartAt builds it', async () => {
    const playlist = await request(`${base}${PLAYLIST}`).answer;
    const { hint } = readPlaylist(playlist.body.toString());
    const absolute = hint.msn * grid.fragmentsPerSegment + hint.index;
    const { answer } = request(`${base}/hls/on-air/360p/part-${hint.msn}.${hint.index}.m4s`);
    const { status, body } = await expectAnsweredAt(partEndMs(absolute, grid), answer);
    expect(status).toBe(200);
    const rendition = fixture.renditions.find((r) => r.name === '360p')!;
    expect(body.equals(buildPartAt(fixture, rendition, absolute))).toBe(true);
    expect(partName(`part-${hint.msn}.${hint.index}.m4s`)).toEqual(hint);
  });

  it('answers 404 at once for a part beyond the hinted one', async () => {
    const beyond = partRef(liveEdge(Date.now(), grid).lastPart + 3, grid);
    const { status, receivedAt } = await request(`${base}/hls/on-air/360p/part-${beyond.msn}.${beyond.index}.m4s`)
      .answer;
    expect(status).toBe(404);
    expect(receivedAt).toBe(START);
    expect(vi.getTimerCount()).toBe(0);
  });
});
