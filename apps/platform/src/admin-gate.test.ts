import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorResponseSchema } from '@onair/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerMatches } from './admin-gate.ts';
import { createPlatform, type Platform } from './create-platform.ts';
import { ADMIN_HEADERS, TEST_ADMIN } from './testing/admin.ts';

const OFFLINE = '/admin/channels/studio-live/offline';
let platform: Platform;
let base: string;

beforeAll(async () => {
  platform = await createPlatform({ embedDir: path.join(tmpdir(), 'onair-no-embed'), admin: TEST_ADMIN });
  base = await platform.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => platform.app.close());

const stillLive = () => platform.channels.isLive('studio-live');

describe('the testing hooks answer only their token (real HTTP)', () => {
  it('refuses the bodiless cross-site POST that used to end a stream (CSRF)', async () => {
    // What any page can send with a form or a no-cors fetch: no Authorization, no JSON.
    const bare = await fetch(`${base}${OFFLINE}`, { method: 'POST' });
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(errorResponseSchema.parse(await bare.json()).data.message).toMatch(/admin token/);
    const form = await fetch(`${base}${OFFLINE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(401);
    expect(stillLive()).toBe(true);
  });

  it('refuses a wrong token, and reads nobody’s events for it', async () => {
    const wrong = { authorization: `Bearer ${TEST_ADMIN.token}x` };
    expect((await fetch(`${base}/admin/monitoring/events`, { headers: wrong })).status).toBe(401);
    expect((await fetch(`${base}/admin/analytics/events`)).status).toBe(401);
    expect((await fetch(`${base}/admin/channels/studio-live/requests`, { headers: wrong })).status).toBe(401);
    const fault = await fetch(`${base}/admin/channels/studio-live/faults`, {
      method: 'POST',
      headers: { ...wrong, 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'segment', status: 503 }),
    });
    expect(fault.status).toBe(401);
    const faults = await fetch(`${base}/admin/channels/studio-live/faults`, { headers: ADMIN_HEADERS });
    expect(await faults.json()).toEqual({ faults: [] });
  });

  it('gates by the route matched, so an encoded path is no way round', async () => {
    const encoded = await fetch(`${base}/%61dmin/channels/studio-live/offline`, { method: 'POST' });
    expect([401, 404]).toContain(encoded.status);
    const doubled = await fetch(`${base}//admin/channels/studio-live/offline`, { method: 'POST' });
    expect([401, 404]).toContain(doubled.status);
    expect(stillLive()).toBe(true);
  });

  it('with the token, takes JSON bodies only (415 for text), then does the work', async () => {
    const text = await fetch(`${base}${OFFLINE}`, {
      method: 'POST',
      headers: { ...ADMIN_HEADERS, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    expect(stillLive()).toBe(true);
    const json = await fetch(`${base}${OFFLINE}`, {
      method: 'POST',
      headers: { ...ADMIN_HEADERS, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(200);
    expect(stillLive()).toBe(false);
  });

  it('leaves every other route as it was', async () => {
    expect((await fetch(`${base}/api/v2/channels/night-owl/info`)).status).toBe(200);
  });
});

describe('bearerMatches', () => {
  it('takes the exact token as a bearer, case-insensitive scheme, nothing else', () => {
    expect(bearerMatches(`Bearer ${TEST_ADMIN.token}`, TEST_ADMIN.token)).toBe(true);
    expect(bearerMatches(`bearer ${TEST_ADMIN.token}`, TEST_ADMIN.token)).toBe(true);
    expect(bearerMatches(TEST_ADMIN.token, TEST_ADMIN.token)).toBe(false);
    expect(bearerMatches(`Basic ${TEST_ADMIN.token}`, TEST_ADMIN.token)).toBe(false);
    expect(bearerMatches(`Bearer ${TEST_ADMIN.token.slice(1)}`, TEST_ADMIN.token)).toBe(false);
    expect(bearerMatches(`Bearer ${TEST_ADMIN.token} extra`, TEST_ADMIN.token)).toBe(false);
    expect(bearerMatches(undefined, TEST_ADMIN.token)).toBe(false);
  });
});
