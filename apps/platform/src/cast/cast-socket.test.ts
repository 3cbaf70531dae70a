/**
 * The stand-in cast network on a platform listening on a real port, with real websockets: the
 * relay's pairing end to end, the origin rule, and the faults switched by the admin hook.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createPlatform } from '../create-platform.ts';
import { publicConfigFor } from '../public-config.ts';
import { listen, listeningPlatform, type Listening } from '../realtime/test-clients.ts';
import { TEST_ADMIN } from '../testing/admin.ts';
import { CAST_CONNECT_PATH } from './cast-protocol.ts';
import { CAST_PING_INTERVAL_MS, CAST_SOCKETS_PER_ADDRESS } from './index.ts';

let server: Listening;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  server = await listeningPlatform();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await server.platform.app.close();
});

/** A socket and the messages it has received, in order. */
async function connect(query: string, origin = `http://127.0.0.1:${server.port}`) {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}${CAST_CONNECT_PATH}?${query}`, { origin });
  sockets.push(socket);
  const received: Record<string, unknown>[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as Record<string, unknown>));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received, send: (message: unknown) => socket.send(JSON.stringify(message)) };
}

/** Waits (on events, not time) until `received` holds a message matching `type`. */
async function until(received: Record<string, unknown>[], type: string): Promise<Record<string, unknown>> {
  for (;;) {
    const found = received.find((message) => message.type === type);
    if (found) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const REQUEST = {
  media: {
    contentId: 'http://127.0.0.1/hls/studio-live/master.m3u8',
    contentType: 'application/x-mpegurl',
    streamType: 'BUFFERED',
  },
  currentTime: 0,
  autoplay: true,
};

async function setFaults(faults: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${server.base}/admin/cast/faults`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${TEST_ADMIN.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  return response.status;
}

describe('the stand-in cast network over websockets', () => {
  it('pairs a sender with the receiver: session, load, status', async () => {
    const tv = await connect('role=receiver&name=Living%20Room%20TV');
    const phone = await connect('role=sender');
    expect(await until(phone.received, 'availability')).toEqual({
      type: 'availability',
      available: true,
      receiver: 'Living Room TV',
    });
    phone.send({ type: 'request-session' });
    expect(await until(phone.received, 'session-started')).toMatchObject({ receiver: 'Living Room TV' });
    phone.send({ type: 'load', request: REQUEST });
    expect(await until(tv.received, 'load')).toEqual({ type: 'load', request: REQUEST });
    tv.send({ type: 'load-result', ok: true });
    expect(await until(phone.received, 'load-result')).toEqual({ type: 'load-result', ok: true, code: null });
  });

  it("refuses a page that is not the platform's own", async () => {
    await expect(connect('role=sender', 'http://evil.example')).rejects.toThrow(/403/);
  });

  it('refuses an unknown role', async () => {
    await expect(connect('role=admin')).rejects.toThrow(/400/);
  });

  it('switches faults behind the admin gate only', async () => {
    const anonymous = await fetch(`${server.base}/admin/cast/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refuseSession: true }),
    });
    expect(anonymous.status).toBe(401);
    expect(await setFaults({ refuseSession: 'yes' })).toBe(400);
    expect(await setFaults({ refuseSession: true })).toBe(200);
    await connect('role=receiver');
    const phone = await connect('role=sender');
    phone.send({ type: 'request-session' });
    expect(await until(phone.received, 'session-error')).toEqual({ type: 'session-error', code: 'session_error' });
  });
});

describe('the stand-in is a testing hook, and bounded', () => {
  it('is not mounted on a platform without the testing hooks, and the page is not pointed at it', async () => {
    const closed = await listen(await createPlatform({ embedDir: path.join(tmpdir(), 'onair-no-embed') }));
    try {
      expect((await fetch(`${closed.base}/cast/sender.js`)).status).toBe(404);
      expect((await fetch(`${closed.base}/cast/receiver`)).status).toBe(404);
      const socket = new WebSocket(`ws://127.0.0.1:${closed.port}${CAST_CONNECT_PATH}?role=receiver`, {
        origin: `http://127.0.0.1:${closed.port}`,
      });
      sockets.push(socket);
      await expect(
        new Promise((resolve, reject) => {
          socket.once('open', resolve);
          socket.once('error', reject);
        }),
      ).rejects.toThrow();
    } finally {
      await closed.platform.app.close();
    }
    expect(publicConfigFor('http://a.test').PUBLIC_CAST_SDK_URL).toBeUndefined();
    expect(publicConfigFor('http://a.test', {}, { castStandIn: true }).PUBLIC_CAST_SDK_URL).toBe(
      'http://a.test/cast/sender.js',
    );
  });

  it(`takes at most ${CAST_SOCKETS_PER_ADDRESS} sockets from one address`, async () => {
    for (let i = 0; i < CAST_SOCKETS_PER_ADDRESS; i++) await connect('role=sender');
    await expect(connect('role=sender')).rejects.toThrow(/429/);
  });
});

describe('the stand-in cuts off a peer that stopped answering', () => {
  beforeEach(async () => {
    // Only the heartbeat's interval is faked: the sockets are real.
    await server.platform.app.close();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    server = await listeningPlatform();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('terminates a socket that does not answer pings within two periods', async () => {
    const silent = new WebSocket(`ws://127.0.0.1:${server.port}${CAST_CONNECT_PATH}?role=receiver`, {
      origin: `http://127.0.0.1:${server.port}`,
      autoPong: false,
    });
    sockets.push(silent);
    await new Promise((resolve) => silent.once('open', resolve));
    const closed = new Promise((resolve) => silent.once('close', resolve));
    const pinged = new Promise((resolve) => silent.once('ping', resolve));
    vi.advanceTimersByTime(CAST_PING_INTERVAL_MS);
    await pinged;
    vi.advanceTimersByTime(CAST_PING_INTERVAL_MS);
    await closed;
    expect(silent.readyState).toBe(WebSocket.CLOSED);
  });
});
