/**
 * "Viewers are people": a stranger with one machine (one IPv4 address, or one IPv6 /64 and
 * any of its addresses) cannot make the viewer count move by more than the people it holds.
 * Real HTTP and real websockets against the platform; the address each request comes from is
 * played through `testPeerAddress` (loopback has one IPv6 address), the clock is the
 * platform's injected one.
 */

import { afterEach, describe, expect, it } from 'vitest';
import {
  connectViewer,
  currentViewers,
  eventually,
  fetchToken,
  identify,
  startPlatform,
  testPeerAddress,
  tokenCall,
  type RunningPlatform,
  type ViewerClient,
} from './test-viewer-client.ts';
import { LOCAL_VIEWER_TOKEN_SECRET, type ViewerServiceOptions } from './viewer-service.ts';
import { DEFAULT_PER_ADDRESS, ViewerCloseCode } from './viewer-socket.ts';
import { verifyViewerToken } from './viewer-token.ts';
import { LOCAL_DEVICE_ID_SECRET, REQUEST_ID_MAX_AGE_MS, signRequestId } from '../identity/index.ts';

const START = 1_800_000_000_000;
let time = START;
const platforms: RunningPlatform[] = [];
const clients: ViewerClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  for (const platform of platforms.splice(0)) await platform.app.close();
  time = START;
});

async function platform(viewers: ViewerServiceOptions = {}): Promise<RunningPlatform> {
  const started = await startPlatform({ now: () => time, viewers: { clientAddress: testPeerAddress, ...viewers } });
  platforms.push(started);
  return started;
}

/** The code it was closed with, or 0 once it has handshaken channel 201 (and been counted). */
async function handshakeOrClose(client: ViewerClient): Promise<number> {
  return (await outcome(client)).code;
}

/** How a socket ends up: closed (code, reason), or open and counted on channel 201 (code 0). */
async function outcome(client: ViewerClient): Promise<{ code: number; reason: string }> {
  return Promise.race([client.handshake(201).then(() => ({ code: 0, reason: 'counted' })), client.closed]);
}

/** A viewer from `peer` that asks for a token (with `requestId`), connects, and watches channel 201. */
async function watch(p: RunningPlatform, peer: string, requestId?: string): Promise<ViewerClient> {
  const client = await connectViewer(p.ws, await fetchToken(p.base, requestId, peer), { peer });
  clients.push(client);
  const closed = await handshakeOrClose(client);
  if (closed !== 0) throw new Error(`the viewer from ${peer} was closed with ${closed}`);
  return client;
}

const count201 = async (p: RunningPlatform) => (await currentViewers(p.base, 201))[201];
const neighbour = (i: number) => `2001:db8:1:2::${(0x100 + i).toString(16)}`;
const viewerIdOf = (token: string) => {
  const check = verifyViewerToken(LOCAL_VIEWER_TOKEN_SECRET, token, time);
  return check.ok ? check.claims.viewerId : undefined;
};

describe('a stranger with one /64', () => {
  it('many request ids from many IPv6 neighbours: the count does not move', async () => {
    // Token issue is not what holds here: the stranger gets every token it asks for.
    const p = await platform({ tokenRate: { burst: 10_000, perSecond: 0 } });
    // Two people on the /64: one whose device was identified, one whose identification failed.
    const device = await identify(p.base);
    await watch(p, '2001:db8:1:2::1', device.requestId);
    await watch(p, '2001:db8:1:2::2');
    expect(await count201(p)).toBe(2);

    // 60 at once from neighbours, as the review did from one IPv4 address: request ids made
    // up, the real device's id replayed, ids signed a day ago, ids signed with another key,
    // and none at all. Every one is given a token and connects from its own address.
    const requestIds = (i: number): string | undefined =>
      [
        `${START}.abc${String(i).padStart(3, '0')}`,
        device.requestId,
        signRequestId(LOCAL_DEVICE_ID_SECRET, {
          visitorId: `v${i}`.padEnd(20, 'x'),
          issuedAt: time - REQUEST_ID_MAX_AGE_MS,
        }),
        signRequestId('not-the-platforms', { visitorId: `v${i}`.padEnd(20, 'x'), issuedAt: time }),
        undefined,
      ][i % 5];
    const viewerIds = new Set<string | undefined>();
    const closes: number[] = [];
    for (let i = 0; i < 60; i++) {
      const token = await fetchToken(p.base, requestIds(i), neighbour(i));
      viewerIds.add(viewerIdOf(token));
      const client = await connectViewer(p.ws, token, { peer: neighbour(i) });
      clients.push(client);
      const closed = await handshakeOrClose(client);
      if (closed !== 0) closes.push(closed);
    }
    // Two viewers between them: the device, and the /64's one viewer nobody vouched for.
    expect(viewerIds.size).toBe(2);
    expect(await count201(p)).toBe(2);
    // And the /64 holds at most its sockets: the rest were closed, counted nowhere.
    expect(closes.length).toBe(2 + 60 - DEFAULT_PER_ADDRESS.sockets);
    expect(new Set(closes)).toEqual(new Set([ViewerCloseCode.TooManyFromAddress]));

    // Someone on another network is still counted.
    await watch(p, '192.0.2.7', (await identify(p.base)).requestId);
    expect(await count201(p)).toBe(3);
  }, 30_000);

  it(`counts at most ${DEFAULT_PER_ADDRESS.viewers} identified devices per address, then closes new ones with 4029`, async () => {
    const p = await platform();
    // A stranger who drops its cookie gets a new device from every identification.
    for (let i = 0; i < DEFAULT_PER_ADDRESS.viewers; i++) {
      await watch(p, neighbour(i), (await identify(p.base)).requestId);
    }
    expect(await count201(p)).toBe(DEFAULT_PER_ADDRESS.viewers);

    const extra = await connectViewer(
      p.ws,
      await fetchToken(p.base, (await identify(p.base)).requestId, neighbour(99)),
      {
        peer: neighbour(99),
      },
    );
    expect(await outcome(extra)).toEqual({
      code: ViewerCloseCode.TooManyFromAddress,
      reason: 'Too many viewers from this address',
    });
    expect(await count201(p)).toBe(DEFAULT_PER_ADDRESS.viewers);

    // The IPv4-mapped spelling of an address is the same client as the address.
    for (let i = 0; i < DEFAULT_PER_ADDRESS.viewers; i++) {
      await watch(p, i % 2 ? '198.51.100.4' : '::ffff:198.51.100.4', (await identify(p.base)).requestId);
    }
    const mapped = await connectViewer(
      p.ws,
      await fetchToken(p.base, (await identify(p.base)).requestId, '::ffff:c633:6404'),
      {
        peer: '::ffff:c633:6404',
      },
    );
    expect((await outcome(mapped)).code).toBe(ViewerCloseCode.TooManyFromAddress);
    expect(await count201(p)).toBe(2 * DEFAULT_PER_ADDRESS.viewers);

    // One leaving makes room for another.
    await clients[0]!.close();
    await eventually(() => count201(p), 2 * DEFAULT_PER_ADDRESS.viewers - 1);
    await watch(p, neighbour(100), (await identify(p.base)).requestId);
    expect(await count201(p)).toBe(2 * DEFAULT_PER_ADDRESS.viewers);
  }, 30_000);

  it(`holds at most ${DEFAULT_PER_ADDRESS.sockets} viewer sockets per address, one viewer's tabs included`, async () => {
    const p = await platform();
    const { requestId } = await identify(p.base);
    for (let i = 0; i < DEFAULT_PER_ADDRESS.sockets; i++) await watch(p, neighbour(i), requestId);
    const over = await connectViewer(p.ws, await fetchToken(p.base, requestId, neighbour(77)), { peer: neighbour(77) });
    expect(await outcome(over)).toEqual({
      code: ViewerCloseCode.TooManyFromAddress,
      reason: 'Too many viewer sockets from this address',
    });
    expect(await count201(p)).toBe(1);
    await clients.shift()!.close();
    const again = await connectViewer(p.ws, await fetchToken(p.base, requestId, neighbour(78)), {
      peer: neighbour(78),
    });
    clients.push(again);
    await again.sync();
  }, 30_000);

  it('is limited in tokens as one address: the /64, and IPv4 in either spelling', async () => {
    const p = await platform({ tokenRate: { burst: 3, perSecond: 0 } });
    const status = async (peer: string) => (await tokenCall(p.base, { peer })).status;
    expect([
      await status('2001:db8:1:2::1'),
      await status('2001:db8:1:2::ffff'),
      await status('2001:0db8:0001:0002:0000:0000:0000:0003'),
      await status('2001:db8:1:2::4'),
    ]).toEqual([200, 200, 200, 429]);
    expect(await status('2001:db8:1:3::1')).toBe(200);
    expect([
      await status('203.0.113.9'),
      await status('::ffff:203.0.113.9'),
      await status('::ffff:cb00:7109'),
      await status('203.0.113.9'),
    ]).toEqual([200, 200, 200, 429]);
  });
});

describe('what the platform believes about an address', () => {
  it('only the TCP peer: X-Forwarded-For and friends do not make new addresses', async () => {
    const p = await startPlatform({ now: () => time, viewers: { tokenRate: { burst: 2, perSecond: 0 } } });
    platforms.push(p);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${p.base}/viewer/v1/token`, {
        headers: {
          'x-client-token': 'onair-local-client',
          'x-forwarded-for': `198.51.100.${i}`,
          'x-real-ip': `198.51.100.${i}`,
          forwarded: `for=198.51.100.${i}`,
          'x-test-peer-address': `2001:db8:${i}::1`,
        },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('an identification', () => {
  it('vouches for a device for a day, then its viewer is the address one', async () => {
    const p = await platform();
    const { requestId } = await identify(p.base);
    const peer = '2001:db8:5::1';
    const anonymous = viewerIdOf(await fetchToken(p.base, undefined, peer));
    time += REQUEST_ID_MAX_AGE_MS - 1;
    expect(viewerIdOf(await fetchToken(p.base, requestId, peer))).toMatch(/^device-/);
    time += 1;
    expect(viewerIdOf(await fetchToken(p.base, requestId, peer))).toBe(anonymous);
  });
});

describe('the viewer socket Origin', () => {
  it('opens for the embed page of the platform only: another site, or none, is closed with 4003', async () => {
    const p = await platform();
    for (const origin of ['https://evil.example', 'null', null, `${p.base}.evil.example`]) {
      const client = await connectViewer(p.ws, await fetchToken(p.base), { origin });
      expect(await outcome(client), String(origin)).toEqual({
        code: ViewerCloseCode.ForbiddenOrigin,
        reason: 'Origin not allowed',
      });
    }
    for (const origin of [p.base, p.base.replace('127.0.0.1', 'localhost')]) {
      const client = await connectViewer(p.ws, await fetchToken(p.base), { origin });
      clients.push(client);
      await client.handshake(201);
    }
    expect(await count201(p)).toBe(1);
  });

  it('follows the origins the platform serves as (ORIGINS)', async () => {
    const p = await startPlatform({ origins: ['https://watch.example.com'] });
    platforms.push(p);
    const own = await connectViewer(p.ws, await fetchToken(p.base), { origin: 'https://watch.example.com' });
    clients.push(own);
    await own.sync();
    const loopback = await connectViewer(p.ws, await fetchToken(p.base), { origin: p.base });
    expect((await outcome(loopback)).code).toBe(ViewerCloseCode.ForbiddenOrigin);
  });
});
