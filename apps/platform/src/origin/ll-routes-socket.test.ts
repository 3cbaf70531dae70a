/**
 * Blocking requests over a real socket with the real clock: nothing is
 * answered before its wall-clock instant, and nothing is left running when
 * the client or the server goes away.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from './fixture.ts';
import { defaultFixtureDir, registerLiveOrigin } from './index.ts';
import { liveEdge, partEndMs, partRef } from './part-timeline.ts';
import { buildPartAt } from './segment.ts';
import { partName, readPlaylist } from './testing/ll-hls-checks.ts';

const fixture = loadFixture(defaultFixtureDir);
const grid = { segmentDurationMs: fixture.segmentDurationMs, fragmentsPerSegment: fixture.fragmentsPerSegment };
const PLAYLIST = '/hls/on-air/360p/media.m3u8';
// Timers fire on whole milliseconds; the server re-checks the clock before
// answering, so an answer is never early on it, and the client reads the same clock.
const EPSILON_MS = 2;

interface Answer {
  status: number;
  body: Buffer;
  /** Date.now() when the response headers arrived. */
  receivedAt: number;
}

async function start(): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify();
  await registerLiveOrigin(app, { fixture, now: Date.now, isLive: (slug) => slug === 'on-air' });
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

const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  ({ app, base } = await start());
});
afterAll(() => app.close());

describe('blocking playlist reload on the wall clock', () => {
  it('answers a request for a future part only once that part has ended, listing it', async () => {
    // Three parts ahead of the newest: 400 to 600 ms away.
    const awaited = liveEdge(Date.now(), grid).lastPart + 3;
    const { msn, index } = partRef(awaited, grid);
    const endMs = partEndMs(awaited, grid);
    const { status, body, receivedAt } = await request(`${base}${PLAYLIST}?_HLS_msn=${msn}&_HLS_part=${index}`).answer;
    expect(status).toBe(200);
    expect(receivedAt).toBeGreaterThanOrEqual(endMs - EPSILON_MS);
    // Not held needlessly either.
    expect(receivedAt).toBeLessThan(endMs + 250);
    const read = readPlaylist(body.toString());
    expect(read.parts).toContainEqual({ msn, index });
    expect(read.hint.msn * 5 + read.hint.index).toBeGreaterThan(awaited);
  });

  it('answers _HLS_msn alone once the whole segment has ended', async () => {
    const msn = liveEdge(Date.now(), grid).lastSegment + 1;
    const endMs = (msn + 1) * fixture.segmentDurationMs;
    const { status, body, receivedAt } = await request(`${base}${PLAYLIST}?_HLS_msn=${msn}`).answer;
    expect(status).toBe(200);
    expect(receivedAt).toBeGreaterThanOrEqual(endMs - EPSILON_MS);
    expect(receivedAt).toBeLessThan(endMs + 250);
    expect(readPlaylist(body.toString()).segments.at(-1)).toBeGreaterThanOrEqual(msn);
  });

  it('refuses at once what is too far ahead, and _HLS_part alone', async () => {
    const last = liveEdge(Date.now(), grid).lastSegment;
    for (const query of [`_HLS_msn=${last + 3}`, '_HLS_part=0']) {
      const started = performance.now();
      const { status, body } = await request(`${base}${PLAYLIST}?${query}`).answer;
      expect(status, query).toBe(400);
      expect(JSON.parse(body.toString())).toMatchObject({ status: 400, statusText: 'Bad Request' });
      expect(performance.now() - started).toBeLessThan(100);
    }
  });

  it('leaves no timer behind when the client gives up a held request', async () => {
    // Two segments ahead: held for 1 to 3 s.
    const msn = liveEdge(Date.now(), grid).lastSegment + 2;
    const { answer, req } = request(`${base}${PLAYLIST}?_HLS_msn=${msn}`);
    answer.catch(() => undefined);
    await sleep(150);
    // Counted while held (the hold's wake-up and bound are among them) rather
    // than against a baseline, which the test runner's own timers disturb.
    const held = timers();
    expect(held).toBeGreaterThanOrEqual(2);
    req.destroy();
    // Polled by hand: expect.poll would count its own timers.
    let left = timers();
    for (let i = 0; i < 30 && left > held - 2; i++) {
      await sleep(10);
      left = timers();
    }
    expect(left).toBeLessThanOrEqual(held - 2);
    await sleep(100);
    expect(timers()).toBeLessThanOrEqual(held - 2);
    // All of it well before the hold would have ended by itself.
    expect(Date.now()).toBeLessThan((msn + 1) * fixture.segmentDurationMs - 500);
  });

  it('lets app.close() finish promptly while a request is held, answering it 503', async () => {
    const own = await start();
    const agent = new http.Agent({ keepAlive: true });
    const msn = liveEdge(Date.now(), grid).lastSegment + 2;
    const held = request(`${own.base}${PLAYLIST}?_HLS_msn=${msn}`, agent).answer;
    await sleep(150);
    const started = performance.now();
    await own.app.close();
    expect(performance.now() - started).toBeLessThan(500);
    const { status, body } = await held;
    expect(status).toBe(503);
    expect(JSON.parse(body.toString())).toMatchObject({ status: 503, statusText: 'Service Unavailable' });
    agent.destroy();
  });
});

describe('preload hint on the wall clock', () => {
  it('sends the hinted part once it has ended, exactly as buildPartAt builds it', async () => {
    const playlist = await request(`${base}${PLAYLIST}`).answer;
    const { hint } = readPlaylist(playlist.body.toString());
    const absolute = hint.msn * grid.fragmentsPerSegment + hint.index;
    const endMs = partEndMs(absolute, grid);
    const { status, body, receivedAt } = await request(`${base}/hls/on-air/360p/part-${hint.msn}.${hint.index}.m4s`)
      .answer;
    expect(status).toBe(200);
    expect(receivedAt).toBeGreaterThanOrEqual(endMs - EPSILON_MS);
    expect(receivedAt).toBeLessThan(endMs + 250);
    const rendition = fixture.renditions.find((r) => r.name === '360p')!;
    expect(body.equals(buildPartAt(fixture, rendition, absolute))).toBe(true);
    expect(partName(`part-${hint.msn}.${hint.index}.m4s`)).toEqual(hint);
  });

  it('answers 404 at once for a part beyond the hinted one', async () => {
    const beyond = partRef(liveEdge(Date.now(), grid).lastPart + 3, grid);
    const started = performance.now();
    const { status } = await request(`${base}/hls/on-air/360p/part-${beyond.msn}.${beyond.index}.m4s`).answer;
    expect(status).toBe(404);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
