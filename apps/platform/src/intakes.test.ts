import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_BODY_LIMIT, ANALYTICS_KEPT_BYTES } from './analytics-intake.ts';
import { BoundedLog } from './bounded-log.ts';
import { createPlatform, type Platform } from './create-platform.ts';
import { checkedForward, MONITORING_BODY_LIMIT, MONITORING_KEPT_BYTES } from './monitoring-intake.ts';
import { ADMIN_HEADERS, TEST_ADMIN } from './testing/admin.ts';

let platform: Platform;
let base: string;
beforeAll(async () => {
  platform = await createPlatform({ embedDir: path.join(tmpdir(), 'onair-no-embed'), admin: TEST_ADMIN });
  base = await platform.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => platform.app.close());

const kept = async (intake: 'monitoring' | 'analytics') =>
  ((await (await fetch(`${base}/admin/${intake}/events`, { headers: ADMIN_HEADERS })).json()) as { events: unknown[] })
    .events;

describe('the intakes under a flood of large posts (real HTTP)', () => {
  it('refuses a monitoring batch over its limit, counted in bytes, and keeps nothing of it', async () => {
    // Multi-byte characters: a limit counted in string length would let this one through.
    const line = JSON.stringify({ message: 'é'.repeat(MONITORING_BODY_LIMIT / 2 + 1) });
    const response = await fetch(`${base}/monitoring/intake`, {
      method: 'POST',
      body: line,
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(413);
    expect(await kept('monitoring')).toEqual([]);
  });

  it('refuses an analytics event over its limit', async () => {
    const body = JSON.stringify({ name: 'x', properties: { pad: 'a'.repeat(ANALYTICS_BODY_LIMIT) } });
    const response = await fetch(`${base}/analytics/events`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
  });

  it('keeps what it is allowed to weigh, however many posts come (80 × 1 MiB sent)', async () => {
    const batch = JSON.stringify({ message: 'm'.repeat(MONITORING_BODY_LIMIT - 100) });
    const event = JSON.stringify({ name: 'pad', properties: { pad: 'p'.repeat(ANALYTICS_BODY_LIMIT - 100) } });
    for (let i = 0; i < 80; i++) {
      // 16 posts per MiB on each intake; every one is accepted.
      const posts = Array.from({ length: 16 }, () => [
        fetch(`${base}/monitoring/intake`, { method: 'POST', body: batch, headers: { 'content-type': 'text/plain' } }),
        fetch(`${base}/analytics/events`, {
          method: 'POST',
          body: event,
          headers: { 'content-type': 'application/json' },
        }),
      ]).flat();
      for (const response of await Promise.all(posts)) expect(response.status).toBe(202);
    }
    const monitoring = await kept('monitoring');
    expect(
      Buffer.byteLength(monitoring.map((e) => JSON.stringify((e as { event: unknown }).event)).join('')),
    ).toBeLessThanOrEqual(MONITORING_KEPT_BYTES);
    expect(monitoring.length).toBeGreaterThan(0);
    const analytics = await kept('analytics');
    expect(
      Buffer.byteLength(analytics.map((e) => JSON.stringify((e as { event: unknown }).event)).join('')),
    ).toBeLessThanOrEqual(ANALYTICS_KEPT_BYTES);
    expect(analytics.length).toBeGreaterThan(0);
    // 2,560 posts of 64 KiB over real HTTP: seconds on a loaded machine, not a timing check.
  }, 60_000);
});

describe('the monitoring intake’s forward path', () => {
  it('keeps the SDK’s intake path and nothing of a stranger’s choosing', () => {
    expect(checkedForward('/api/v2/rum?ddsource=browser&dd-api-key=pub123&dd-evp-origin=browser')).toBe(
      '/api/v2/rum?ddsource=browser&dd-api-key=pub123&dd-evp-origin=browser',
    );
    for (const value of [
      'https://evil.example/x',
      '//evil.example/api/v2/rum',
      '/api/v2/rum?x=<script>',
      42,
      undefined,
    ]) {
      expect(checkedForward(value), String(value)).toBeNull();
    }
    expect(checkedForward(`/api/v2/rum?pad=${'a'.repeat(2000)}`)).toBeNull();
  });

  it('keeps a checked forward path only, and weighs it with the event (real HTTP)', async () => {
    await fetch(`${base}/admin/monitoring/events`, { method: 'DELETE', headers: ADMIN_HEADERS });
    const good = '/api/v2/rum?ddsource=browser';
    for (const forward of [good, `https://evil.example/${'x'.repeat(8000)}`]) {
      const response = await fetch(`${base}/monitoring/intake?ddforward=${encodeURIComponent(forward)}`, {
        method: 'POST',
        body: '{"m":1}',
        headers: { 'content-type': 'text/plain' },
      });
      expect(response.status).toBe(202);
    }
    // This test's two posts only (the intake keeps whatever else was posted meanwhile).
    const events = (await kept('monitoring')) as { forward: string | null; event: { m?: number } }[];
    expect(events.filter((e) => e.event.m === 1).map((e) => e.forward)).toEqual([good, null]);
  });
});

describe('BoundedLog', () => {
  it('keeps the newest entries within both bounds', () => {
    const log = new BoundedLog<number>(3, 10);
    for (const n of [1, 2, 3, 4]) log.push(n, 1);
    expect(log.values()).toEqual([2, 3, 4]);
    log.push(5, 9);
    expect(log.values()).toEqual([4, 5]);
    expect(log.bytes).toBe(10);
    log.push(6, 11);
    expect(log.values()).toEqual([]);
    expect(log.bytes).toBe(0);
    log.push(7, 2);
    log.clear();
    expect(log.values()).toEqual([]);
  });
});
