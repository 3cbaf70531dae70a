import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  connectViewer,
  CLIENT_TOKEN,
  currentViewers,
  deviceRequestId,
  eventually,
  fetchToken,
  identify,
  startPlatform,
  type RunningPlatform,
  type ViewerClient,
} from './test-viewer-client.ts';
import { LOCAL_VIEWER_TOKEN_SECRET } from './viewer-service.ts';
import { issueViewerToken, verifyViewerToken } from './viewer-token.ts';
import { LOCAL_DEVICE_ID_SECRET, signRequestId } from '../identity/index.ts';
import { ADMIN_HEADERS } from '../testing/admin.ts';

const START = 1_800_000_000_000;
const VIEWER_TTL_MS = 5_000;
let time = START;
let platform: RunningPlatform;
const clients: ViewerClient[] = [];

beforeAll(async () => {
  platform = await startPlatform({ now: () => time, viewers: { viewerTtlMs: VIEWER_TTL_MS } });
}, 30_000);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await eventually(() => currentViewers(platform.base, 201, 202, 203), { 201: 0, 202: 0, 203: 50 });
});
afterAll(() => platform.app.close());

async function viewer(requestId?: string): Promise<ViewerClient> {
  const client = await connectViewer(platform.ws, await fetchToken(platform.base, requestId));
  clients.push(client);
  return client;
}

const count201 = async () => (await currentViewers(platform.base, 201))[201];

describe('GET /viewer/v1/token', () => {
  const token = (headers: Record<string, string>) => fetch(`${platform.base}/viewer/v1/token`, { headers });

  it('answers 401 in the error shape without the client token or with a wrong one', async () => {
    for (const headers of [{}, { 'x-client-token': 'someone-else' }] as Record<string, string>[]) {
      const response = await token(headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        status: 401,
        statusText: 'Unauthorized',
        data: { message: 'Invalid client token' },
      });
    }
  });

  it('hands out a short-lived token signed by the platform', async () => {
    const response = await token({ 'x-client-token': CLIENT_TOKEN });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { data: { token: string } };
    const check = verifyViewerToken(LOCAL_VIEWER_TOKEN_SECRET, body.data.token, time);
    expect(check).toMatchObject({ ok: true, claims: { expiresAt: time + 60_000 } });
  });

  it('makes one viewer of a device the platform identified, whatever request id of it comes', async () => {
    const viewerOf = async (requestId?: string) => {
      const check = verifyViewerToken(LOCAL_VIEWER_TOKEN_SECRET, await fetchToken(platform.base, requestId), time);
      return check.ok ? check.claims.viewerId : undefined;
    };
    const device = await identify(platform.base);
    const again = await identify(platform.base, device.cookie);
    expect(again.requestId).not.toBe(device.requestId);
    expect(await viewerOf(device.requestId)).toMatch(/^device-/);
    expect(await viewerOf(device.requestId)).toBe(await viewerOf(again.requestId));
    expect(await viewerOf(device.requestId)).not.toBe(await viewerOf(await deviceRequestId(platform.base)));
  });

  it('makes one viewer of everyone it cannot vouch for from one address: none, made up, foreign-signed, expired', async () => {
    const viewerOf = async (requestId?: string) => {
      const check = verifyViewerToken(LOCAL_VIEWER_TOKEN_SECRET, await fetchToken(platform.base, requestId), time);
      return check.ok ? check.claims.viewerId : undefined;
    };
    const { requestId, visitorId } = await identify(platform.base);
    const [issued, nonce, , signature] = requestId.split('.');
    const unvouched = [
      undefined,
      'device-1',
      '1800000000000.abcdef',
      signRequestId('someone-else', { visitorId, issuedAt: time }),
      // Its visitorId swapped: the signature no longer matches.
      `${issued}.${nonce}.${'A'.repeat(20)}.${signature}`,
      // Signed by this platform, but more than a day ago.
      signRequestId(LOCAL_DEVICE_ID_SECRET, { visitorId, issuedAt: time - 24 * 60 * 60 * 1000 }),
    ];
    const ids = new Set(await Promise.all(unvouched.map(viewerOf)));
    expect([...ids]).toEqual([expect.stringMatching(/^anon-/)]);
    expect(await viewerOf(requestId)).toMatch(/^device-/);
    const bad = await token({ 'x-client-token': CLIENT_TOKEN, 'x-request-id': 'x'.repeat(300) });
    expect(bad.status).toBe(400);
  });

  it('fails as the admin API tells it: two 502s then a token, a queued 401, and clearing', async () => {
    const admin = (method: string, body?: unknown) =>
      fetch(`${platform.base}/admin/viewers/token-faults`, {
        method,
        headers: body === undefined ? ADMIN_HEADERS : { ...ADMIN_HEADERS, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await admin('POST', { status: 502, count: 2 })).status).toBe(201);
    expect((await admin('POST', { status: 401 })).status).toBe(201);
    expect(await (await admin('GET')).json()).toEqual({
      faults: [
        { status: 502, remaining: 2 },
        { status: 401, remaining: 1 },
      ],
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await token({ 'x-client-token': CLIENT_TOKEN })).status);
    expect(statuses).toEqual([502, 502, 401, 200]);
    await admin('POST', { status: 503, count: 5 });
    const failed = await token({ 'x-client-token': CLIENT_TOKEN });
    expect(await failed.json()).toMatchObject({ status: 503, statusText: 'Service Unavailable' });
    expect((await admin('DELETE')).status).toBe(204);
    expect((await token({ 'x-client-token': CLIENT_TOKEN })).status).toBe(200);
    expect((await admin('POST', { status: 200 })).status).toBe(400);
    expect((await admin('POST', { status: 500, count: 0 })).status).toBe(400);
  });
});

describe('GET /viewer/v1/connect', () => {
  const refused = async (token: string | undefined) => (await connectViewer(platform.ws, token)).closed;

  it('closes 4001 for a missing, tampered or foreign token and 4002 for an expired one', async () => {
    const good = await fetchToken(platform.base);
    const [version, payload, signature] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ vid: 'someone', exp: time + 60_000 })).toString('base64url');
    expect((await refused(undefined)).code).toBe(4001);
    expect((await refused('garbage')).code).toBe(4001);
    expect((await refused(`${version}.${forged}.${signature}`)).code).toBe(4001);
    expect((await refused(`${version}.${payload}.${signature?.slice(0, -2)}xx`)).code).toBe(4001);
    expect((await refused(issueViewerToken('other-secret', { viewerId: 'v', expiresAt: time + 60_000 }))).code).toBe(
      4001,
    );
    time += 60_000;
    try {
      expect(await refused(good)).toEqual({ code: 4002, reason: 'Token expired' });
    } finally {
      time = START;
    }
  });

  it('answers a ping with a pong', async () => {
    const client = await viewer();
    client.send({ type: 'ping' });
    expect(await client.next()).toEqual({ type: 'pong' });
  });

  it('counts a viewer once per channel however many sockets it has, and each viewer apart', async () => {
    const device = await deviceRequestId(platform.base);
    const tab1 = await viewer(device);
    const tab2 = await viewer(device);
    await tab1.handshake(201);
    expect(await count201()).toBe(1);
    await tab2.handshake('201');
    expect(await count201()).toBe(1);
    const other = await viewer();
    await other.handshake(201);
    expect(await count201()).toBe(2);
    await other.leave(201);
    expect(await count201()).toBe(1);
    // One tab closing leaves the device watching in the other.
    await tab1.close();
    await tab2.sync();
    expect(await count201()).toBe(1);
    await tab2.close();
    expect(await eventually(count201, 0)).toBe(0);
  });

  it('removes a viewer as soon as its socket closes', async () => {
    const client = await viewer();
    await client.handshake(201);
    expect(await count201()).toBe(1);
    await client.close();
    expect(await eventually(count201, 0, 2000)).toBe(0);
  });

  it('expires a viewer that neither handshakes nor pings, and a ping brings it back', async () => {
    const silent = await viewer(await deviceRequestId(platform.base));
    const pinging = await viewer(await deviceRequestId(platform.base));
    await silent.handshake(201);
    await pinging.handshake(201);
    time += VIEWER_TTL_MS - 1000;
    await pinging.sync();
    time += 1000;
    try {
      expect(await count201()).toBe(1);
      await silent.sync();
      expect(await count201()).toBe(2);
    } finally {
      time = START;
    }
  });

  it('adds presence to the seeded audience of a live channel, for both count calls', async () => {
    const client = await viewer();
    await client.handshake(203);
    await client.handshake(202);
    expect(await currentViewers(platform.base, 203, 202)).toEqual({ 203: 51, 202: 1 });
    const response = await fetch(`${platform.base}/api/v2/livestreams/7003/viewers`);
    expect(await response.json()).toEqual([{ viewers: 51 }]);
  });

  it('answers unusable messages with an error and keeps the socket open', async () => {
    const client = await viewer();
    for (const message of [
      'not json',
      { type: 'dance' },
      { type: 'channel_handshake', data: { message: { channelId: 999 } } },
      { type: 'channel_handshake', data: { message: { channelId: 'abc' } } },
    ]) {
      client.send(message);
      expect(await client.next()).toMatchObject({ type: 'error', data: { message: expect.any(String) } });
    }
    await client.sync();
  });
});

describe('count calls', () => {
  const get = (path: string) => fetch(`${platform.base}${path}`);

  it('/current-viewers lists known channels once, in order, and 400s ids that are not integers', async () => {
    expect(await (await get('/current-viewers?ids[]=203&ids[]=999&ids[]=201&ids[]=203')).json()).toEqual([
      { channel_id: 203, viewers: 50 },
      { channel_id: 201, viewers: 0 },
    ]);
    expect(await (await get('/current-viewers')).json()).toEqual([]);
    const bad = await get('/current-viewers?ids[]=201&ids[]=abc');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 400, statusText: 'Bad Request', data: { message: /ids/ } });
    expect((await get('/current-viewers?ids[]=1.5')).status).toBe(400);
  });

  it('/api/v2/livestreams/:id/viewers answers 404 for an unknown or offline livestream', async () => {
    expect((await get('/api/v2/livestreams/7001/viewers')).status).toBe(200);
    for (const id of ['1', 'abc']) {
      const response = await get(`/api/v2/livestreams/${id}/viewers`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ data: { message: 'Livestream not found' } });
    }
  });
});

describe('shutdown', () => {
  it('closes its sockets with 1001 on app.close() and refuses upgrades after', async () => {
    const other = await startPlatform();
    const client = await connectViewer(other.ws, await fetchToken(other.base));
    await client.handshake(201);
    await other.app.close();
    expect((await client.closed).code).toBe(1001);
    const late = new WebSocket(`${other.ws}/viewer/v1/connect`);
    await new Promise((resolve) => late.once('error', resolve));
  });
});
