import path from 'node:path';
import { tmpdir } from 'node:os';
import { errorResponseSchema } from '@onair/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlatform, type Platform } from '../create-platform.ts';
import { readBoxes } from '../origin/mp4-boxes.ts';
import { turnsUntil } from '../testing/event-loop.ts';
import type { RequestLogEntry } from './request-log.ts';
import type { FaultView } from './routes.ts';
import { ADMIN_HEADERS, TEST_ADMIN } from '../testing/admin.ts';

// 2026-01-01T00:00:09.250Z: segment NEWEST has just been published (see origin/routes.test.ts).
const NOW = Date.UTC(2026, 0, 1, 0, 0, 9, 250);
const NEWEST = 1_767_225_608;
const SLUG = 'studio-live';
const ADMIN = `/admin/channels/${SLUG}`;
const segment = (rendition = '720p', msn = NEWEST) => `/hls/${SLUG}/${rendition}/seg-${msn}.m4s`;
const PLAYLIST = `/hls/${SLUG}/720p/media.m3u8`;

let platform: Platform;
beforeAll(async () => {
  platform = await createPlatform({
    now: () => NOW,
    embedDir: path.join(tmpdir(), 'onair-no-embed'),
    admin: TEST_ADMIN,
  });
});
afterAll(() => platform.app.close());
beforeEach(async () => {
  await platform.app.inject({ method: 'DELETE', url: `${ADMIN}/faults`, headers: ADMIN_HEADERS });
  await platform.app.inject({ method: 'DELETE', url: `${ADMIN}/requests`, headers: ADMIN_HEADERS });
});

const get = (url: string) => platform.app.inject({ method: 'GET', url, headers: ADMIN_HEADERS });
async function addFault(body: unknown, slug = SLUG): Promise<FaultView> {
  const response = await platform.app.inject({
    method: 'POST',
    url: `/admin/channels/${slug}/faults`,
    headers: ADMIN_HEADERS,
    payload: body as object,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const faults = async (): Promise<FaultView[]> => (await get(`${ADMIN}/faults`)).json().faults;
const requests = async (query = ''): Promise<RequestLogEntry[]> =>
  (await get(`${ADMIN}/requests${query}`)).json().requests;

describe('status faults', () => {
  it('answers a restricted playback as a 403 whose body names the SPEC §8 code', async () => {
    await addFault({ target: 'all', restriction: 3 });
    const response = await get(PLAYLIST);
    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json()).toEqual({
      status: 403,
      statusText: 'Forbidden',
      data: { message: 'Playback restricted: anonymizer blocked', restriction: 3 },
    });
  });

  it('says when to ask again beside a 429, exposed to a cross-origin player', async () => {
    await addFault({ target: 'multivariant', status: 429, retryAfterS: 60 });
    const response = await get(`/hls/${SLUG}/master.m3u8`);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.headers['access-control-expose-headers']).toBe('retry-after');
  });

  it('answers 503 to the next three segment requests, then serves media again', async () => {
    const fault = await addFault({ target: 'segment', status: 503, count: 3 });
    expect(fault).toEqual({
      id: fault.id,
      target: 'segment',
      status: 503,
      count: 3,
      remaining: 3,
      hits: 0,
      active: true,
    });
    const normal = (await get(PLAYLIST)).statusCode;
    expect(normal).toBe(200);
    for (let i = 0; i < 3; i++) {
      const response = await get(segment());
      expect(response.statusCode).toBe(503);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(errorResponseSchema.parse(response.json())).toEqual({
        status: 503,
        statusText: 'Service Unavailable',
        data: { message: `Injected fault ${fault.id}: status 503` },
      });
    }
    const recovered = await get(segment());
    expect(recovered.statusCode).toBe(200);
    expect(recovered.headers['content-type']).toBe('video/iso.segment');
    expect(await faults()).toEqual([{ ...fault, remaining: 0, hits: 3, active: false }]);
  });

  it('applies the first matching fault with uses left, in the order added', async () => {
    const first = await addFault({ target: 'segment', status: 404, count: 1 });
    const second = await addFault({ target: 'all', status: 502 });
    expect((await get(segment())).statusCode).toBe(404);
    const next = await get(segment());
    expect(next.statusCode).toBe(502);
    expect(next.json().statusText).toBe('Bad Gateway');
    expect((await get(`/hls/${SLUG}/master.m3u8`)).statusCode).toBe(502);
    expect((await faults()).map((f) => [f.id, f.hits])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
  });

  it('honours the rendition filter and leaves other channels alone', async () => {
    await addFault({ target: 'segment', rendition: '160p', status: 500 });
    await addFault({ target: 'all', status: 500 }, 'night-owl');
    expect((await get(segment('720p'))).statusCode).toBe(200);
    expect((await get(segment('160p'))).statusCode).toBe(500);
  });
});

describe('delay faults', () => {
  it('waits the requested time, then answers normally', async () => {
    await addFault({ target: 'playlist', delayMs: 300, count: 1 });
    // The delay on fake timers: still waiting at 299 ms, answered at 300, however busy the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let response;
    try {
      const answer = get(PLAYLIST);
      await turnsUntil(() => vi.getTimerCount() === 1, 'the delay starts');
      await vi.advanceTimersByTimeAsync(299);
      expect(vi.getTimerCount(), 'still delayed at 299 ms').toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(vi.getTimerCount(), 'released at 300 ms').toBe(0);
      response = await answer;
    } finally {
      vi.useRealTimers();
    }
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('#EXTM3U');
    const [entry] = await requests();
    expect(entry?.fault?.effects).toEqual(['delay']);
  });
});

describe('corrupt faults', () => {
  it('overwrites mdat payloads of the chosen rendition once, keeping the box structure', async () => {
    await addFault({ target: 'segment', rendition: '720p', corrupt: 'mdat', count: 1 });
    const clean = (await get(segment('480p'))).rawPayload;
    expect(clean.includes(Buffer.alloc(64, 0xff))).toBe(false);
    const corrupted = (await get(segment('720p'))).rawPayload;
    const original = (await get(segment('720p'))).rawPayload;
    expect(corrupted.equals(original)).toBe(false);
    expect(corrupted.byteLength).toBe(original.byteLength);
    const layout = (b: Buffer) => readBoxes(new Uint8Array(b)).map(({ type, start, end }) => `${type}@${start}-${end}`);
    expect(layout(corrupted)).toEqual(layout(original));
    for (const mdat of readBoxes(new Uint8Array(corrupted)).filter((b) => b.type === 'mdat')) {
      expect(corrupted.subarray(mdat.payloadStart, mdat.end).every((byte) => byte === 0xff)).toBe(true);
      expect(original.subarray(mdat.payloadStart, mdat.end).every((byte) => byte === 0xff)).toBe(false);
    }
  });

  it('truncates the init segment to half, with a matching content-length, without touching the fixture', async () => {
    const intact = (await get(`/hls/${SLUG}/360p/init.mp4`)).rawPayload;
    await addFault({ target: 'init', corrupt: 'truncate', count: 1 });
    const cut = await get(`/hls/${SLUG}/360p/init.mp4`);
    expect(cut.rawPayload.equals(intact.subarray(0, Math.floor(intact.byteLength / 2)))).toBe(true);
    expect(cut.headers['content-length']).toBe(String(cut.rawPayload.byteLength));
    // Never cached, so the count means what it says; the intact answer keeps its own policy.
    expect(cut.headers['cache-control']).toBe('no-store');
    const again = await get(`/hls/${SLUG}/360p/init.mp4`);
    expect(again.rawPayload.equals(intact)).toBe(true);
    expect(again.headers['cache-control']).not.toBe('no-store');
  });

  it('does not spend its count on a response that has no media to corrupt', async () => {
    const fault = await addFault({ target: 'segment', corrupt: 'mdat', count: 1 });
    expect((await get(segment('720p', NEWEST + 1))).statusCode).toBe(404);
    expect((await faults())[0]).toMatchObject({ id: fault.id, remaining: 1, hits: 0 });
    const [missed] = await requests();
    expect(missed).toMatchObject({ status: 404, fault: null });
  });
});

describe('clearing faults', () => {
  it('removes one fault by id, or all of them', async () => {
    const a = await addFault({ target: 'segment', status: 500 });
    const b = await addFault({ target: 'playlist', status: 500 });
    const removed = await platform.app.inject({
      method: 'DELETE',
      url: `${ADMIN}/faults/${a.id}`,
      headers: ADMIN_HEADERS,
    });
    expect(removed.statusCode).toBe(204);
    expect((await faults()).map((f) => f.id)).toEqual([b.id]);
    expect((await get(segment())).statusCode).toBe(200);
    const again = await platform.app.inject({
      method: 'DELETE',
      url: `${ADMIN}/faults/${a.id}`,
      headers: ADMIN_HEADERS,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().data.message).toContain(a.id);
    expect(
      (await platform.app.inject({ method: 'DELETE', url: `${ADMIN}/faults`, headers: ADMIN_HEADERS })).statusCode,
    ).toBe(204);
    expect(await faults()).toEqual([]);
    expect((await get(PLAYLIST)).statusCode).toBe(200);
  });
});

describe('admin API validation', () => {
  it.each<[unknown, RegExp]>([
    [{ target: 'segment', status: 503, extra: 1 }, /Unknown field "extra"/],
    [{ target: 'segment', status: 'x' }, /"status" must be an integer/],
    [{ target: 'segment', status: 302 }, /from 400 to 599/],
    [{ target: 'segment', delayMs: -10 }, /"delayMs"/],
    [{ target: 'video', status: 503 }, /"target" must be one of/],
    [[], /JSON object/],
  ])('answers 400 with the error shape for %j', async (body, message) => {
    const response = await platform.app.inject({
      method: 'POST',
      url: `${ADMIN}/faults`,
      payload: body as object,
      headers: ADMIN_HEADERS,
    });
    expect(response.statusCode).toBe(400);
    const parsed = errorResponseSchema.parse(response.json());
    expect(parsed).toMatchObject({ status: 400, statusText: 'Bad Request' });
    expect(parsed.data.message).toMatch(message);
    expect(await faults()).toEqual([]);
  });

  it('answers malformed JSON and other media types in the error shape too', async () => {
    const post = (payload: string, type: string) =>
      platform.app.inject({
        method: 'POST',
        url: `${ADMIN}/faults`,
        payload,
        headers: { ...ADMIN_HEADERS, 'content-type': type },
      });
    const broken = await post('{"target":', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(errorResponseSchema.parse(broken.json()).status).toBe(400);
    const text = await post('target=segment', 'application/x-www-form-urlencoded');
    expect(text.statusCode).toBe(415);
    expect(errorResponseSchema.parse(text.json()).statusText).toBe('Unsupported Media Type');
  });

  it.each(['nobody', 'a.b'])('answers 404 for the unknown channel %s', async (slug) => {
    const response = await platform.app.inject({
      method: 'POST',
      url: `/admin/channels/${slug}/faults`,
      headers: ADMIN_HEADERS,
      payload: { target: 'segment', status: 503 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().data.message).toMatch(/not found/);
    expect((await get(`/admin/channels/${slug}/requests`)).statusCode).toBe(404);
  });

  it('rejects a malformed "since" on the request log', async () => {
    const response = await get(`${ADMIN}/requests?since=-1`);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.message).toMatch(/"since"/);
  });
});

describe('request log', () => {
  it('records each origin request with its status and the fault that fired', async () => {
    const fault = await addFault({ target: 'segment', status: 503, count: 2 });
    const before = Date.now();
    for (let i = 0; i < 3; i++) await get(segment());
    await get(`${PLAYLIST}?_HLS_msn=${NEWEST}`);
    await get('/api/v2/channels/studio-live/info');
    const log = await requests();
    expect(log.map((e) => [e.kind, e.status, e.fault?.id ?? null])).toEqual([
      ['segment', 503, fault.id],
      ['segment', 503, fault.id],
      ['segment', 200, null],
      ['playlist', 200, null],
    ]);
    expect(log[0]).toMatchObject({ method: 'GET', path: segment(), query: '', rendition: '720p', aborted: false });
    expect(log[0]?.fault?.effects).toEqual(['status']);
    expect(log[3]?.query).toBe(`_HLS_msn=${NEWEST}`);
    for (const entry of log) {
      expect(entry.time).toBeGreaterThanOrEqual(before - 1000);
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    }
    const newer = await requests(`?since=${log[1]?.seq}`);
    expect(newer.map((e) => e.seq)).toEqual([log[2]?.seq, log[3]?.seq]);
  });

  it('keeps only the last 200 requests', async () => {
    for (let i = 0; i < 205; i++) await get(`/hls/${SLUG}/720p/nothing-${i}.txt`);
    const log = await requests();
    expect(log).toHaveLength(200);
    expect(log[0]?.path).toBe(`/hls/${SLUG}/720p/nothing-5.txt`);
    expect(log.at(-1)?.path).toBe(`/hls/${SLUG}/720p/nothing-204.txt`);
  });

  it('does not log channels that do not exist', async () => {
    await get('/hls/nobody/master.m3u8');
    expect((await get('/admin/channels/nobody/requests')).statusCode).toBe(404);
    expect(await requests()).toEqual([]);
  });
});

describe('without admin access', () => {
  it('mounts no admin endpoints', async () => {
    const closed = await createPlatform({ now: () => NOW });
    try {
      const response = await closed.app.inject({
        method: 'POST',
        url: `${ADMIN}/faults`,
        headers: ADMIN_HEADERS,
        payload: { target: 'segment', status: 503 },
      });
      expect(response.statusCode).toBe(404);
      expect((await closed.app.inject({ method: 'GET', url: segment() })).statusCode).toBe(200);
    } finally {
      await closed.app.close();
    }
  });
});
