import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AGENT_PATH,
  FAULTS_PATH,
  IDENTIFY_PATH,
  LOCAL_DEVICE_ID_API_KEY,
  LOCAL_DEVICE_ID_SECRET,
  registerDeviceIdentification,
  verifyRequestId,
} from './index.ts';
import { registerSelfOrigin } from '../self-origin.ts';
import { turnsUntil } from '../testing/event-loop.ts';
import { DEVICE_COOKIE, deviceCookieHeader } from './visitor-id.ts';

const KEY = LOCAL_DEVICE_ID_API_KEY;
let app: FastifyInstance;

async function platform(options: { admin?: boolean; apiKey?: string } = {}): Promise<FastifyInstance> {
  const instance = Fastify();
  await registerDeviceIdentification(instance, {
    admin: options.admin ?? true,
    now: () => 1_800_000_000_000,
    ...options,
  });
  return instance;
}

function identify(body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: IDENTIFY_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const addFault = (fault: unknown) => app.inject({ method: 'POST', url: FAULTS_PATH, payload: fault as object });

function deviceCookie(response: { headers: Record<string, unknown> }): string | undefined {
  const header = response.headers['set-cookie'];
  return typeof header === 'string' ? header.split(';')[0] : undefined;
}

beforeEach(async () => {
  app = await platform();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await app.close();
});

describe('GET /device-id/agent.js', () => {
  it('serves the agent as a JavaScript module exporting load()', async () => {
    const response = await app.inject({ method: 'GET', url: AGENT_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toMatch(/^export function load\(options\)/m);
  });
});

describe('POST /device-id/identify', () => {
  it('answers a fresh requestId and a visitorId, and sets the device cookie once', async () => {
    const first = await identify({ apiKey: KEY, url: 'http://localhost/studio-live' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json<{ requestId: string; visitorId: string }>();
    expect(body.requestId).toMatch(/^1800000000000\.[\w-]{6}\.[\w-]{20}\.[\w-]{43}$/);
    expect(body.visitorId).toMatch(/^[\w-]{20}$/);
    // Signed by the platform for this device, as the viewer token endpoint checks.
    expect(verifyRequestId(LOCAL_DEVICE_ID_SECRET, body.requestId, 1_800_000_000_000)).toEqual({
      ok: true,
      visitorId: body.visitorId,
      issuedAt: 1_800_000_000_000,
    });

    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{22}; `));
    expect(setCookie).toContain('Path=/device-id; Max-Age=31536000; HttpOnly; SameSite=Lax');
    expect(setCookie).not.toContain('Secure');

    const again = await identify({ apiKey: KEY }, { cookie: `other=1; ${deviceCookie(first)}` });
    expect(again.headers['set-cookie']).toBeUndefined();
    const second = again.json<{ requestId: string; visitorId: string }>();
    expect(second.visitorId).toBe(body.visitorId);
    expect(second.requestId).not.toBe(body.requestId);
  });

  it('gives another device another visitorId, and replaces a malformed cookie', async () => {
    const a = await identify({ apiKey: KEY });
    const b = await identify({ apiKey: KEY });
    expect(a.json().visitorId).not.toBe(b.json().visitorId);

    const forged = await identify({ apiKey: KEY }, { cookie: `${DEVICE_COOKIE}=not-a-device-id` });
    expect(forged.headers['set-cookie']).toContain(`${DEVICE_COOKIE}=`);
  });

  it('marks the cookie for third-party iframes over https (SameSite=None; Secure; Partitioned)', () => {
    expect(deviceCookieHeader('x'.repeat(22), true)).toMatch(/HttpOnly; SameSite=None; Secure; Partitioned$/);
  });

  it.each([
    ['a wrong key', { apiKey: 'someone-else' }, 403, 'api_key_invalid', 'API key not found'],
    ['no key', {}, 401, 'api_key_missing', 'API key required'],
    ['an empty key', { apiKey: '' }, 401, 'api_key_missing', 'API key required'],
    ['malformed JSON', '{"apiKey":', 400, 'request_cannot_be_parsed', 'Request cannot be parsed'],
  ])('refuses %s in the platform error shape with a machine code', async (_name, body, status, code, message) => {
    const response = await identify(body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ status, statusText: expect.any(String), data: { code, message } });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('accepts its own origin and refuses a foreign one', async () => {
    const own = await identify({ apiKey: KEY }, { origin: 'http://localhost:80', host: 'localhost:80' });
    expect(own.statusCode).toBe(200);
    const foreign = await identify({ apiKey: KEY }, { origin: 'https://elsewhere.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().data.code).toBe('origin_not_available');
  });

  it('reads the key from PUBLIC_DEVICE_ID_API_KEY', async () => {
    vi.stubEnv('PUBLIC_DEVICE_ID_API_KEY', 'deployed-key');
    const deployed = await platform();
    try {
      const post = (apiKey: string) =>
        deployed.inject({ method: 'POST', url: IDENTIFY_PATH, payload: { apiKey } }).then((r) => r.statusCode);
      expect(await post('deployed-key')).toBe(200);
      expect(await post(KEY)).toBe(403);
    } finally {
      await deployed.close();
    }
  });
});

describe('behind a TLS-terminating proxy (real HTTP)', () => {
  /**
   * A platform listening on loopback, answering as `origins` (ORIGINS; default its loopback
   * names), and one identify call to it over a plain-http socket, as nginx forwards it.
   */
  async function identifyOverHttp(origins: string[] | undefined, headers: Record<string, string>) {
    const instance = Fastify();
    registerSelfOrigin(instance, origins);
    await registerDeviceIdentification(instance, { admin: false });
    await instance.listen({ port: 0, host: '127.0.0.1' });
    const { port } = instance.server.address() as { port: number };
    try {
      return await new Promise<{ status: number; setCookie: string }>((resolve, reject) => {
        const call = httpRequest(
          { host: '127.0.0.1', port, method: 'POST', path: IDENTIFY_PATH, headers },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, setCookie: String(response.headers['set-cookie'] ?? '') }),
            );
          },
        );
        call.on('error', reject);
        call.end(JSON.stringify({ apiKey: KEY }));
      });
    } finally {
      await instance.close();
    }
  }

  it('keeps SameSite=None; Secure; Partitioned where the platform is served as https, though it hears http', async () => {
    const answer = await identifyOverHttp(['https://player.example'], {
      'content-type': 'application/json',
      host: 'player.example',
      origin: 'https://player.example',
      'x-forwarded-proto': 'https',
    });
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/; HttpOnly; SameSite=None; Secure; Partitioned$/);
  });

  it('believes no X-Forwarded-Proto: a platform served as http keeps SameSite=Lax whatever a client claims', async () => {
    const answer = await identifyOverHttp(undefined, {
      'content-type': 'application/json',
      'x-forwarded-proto': 'https',
      forwarded: 'proto=https',
    });
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/; HttpOnly; SameSite=Lax$/);
    expect(answer.setCookie).not.toContain('Secure');
  });
});

describe('POST /admin/device-id/faults', () => {
  it('fails the next requests with the status and its code, then answers normally', async () => {
    const added = await addFault({ status: 429, count: 2 });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ faults: [{ status: 429, delayMs: 0, remaining: 2 }] });

    for (let i = 0; i < 2; i += 1) {
      const response = await identify({ apiKey: KEY });
      expect(response.statusCode).toBe(429);
      expect(response.json().data).toEqual({
        code: 'too_many_requests',
        message: 'Too many requests, rate limit exceeded',
      });
    }
    expect((await identify({ apiKey: KEY })).statusCode).toBe(200);
  });

  it.each([
    [401, 'api_key_missing'],
    [403, 'api_key_invalid'],
    [503, 'failed'],
  ])('gives status %i the code %s', async (status, code) => {
    await addFault({ status });
    expect((await identify({ apiKey: KEY })).json().data.code).toBe(code);
  });

  it('delays (hangs) a request for delayMs, then answers it', async () => {
    await addFault({ delayMs: 150 });
    // The delay on fake timers: it is what the test advances, not what a busy machine allows.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const response = identify({ apiKey: KEY });
      await turnsUntil(() => vi.getTimerCount() === 1, 'the delay starts');
      await vi.advanceTimersByTimeAsync(149);
      expect(vi.getTimerCount(), 'still held at 149 ms').toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(vi.getTimerCount()).toBe(0);
      expect((await response).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists and clears the queue', async () => {
    await addFault({ status: 500 });
    await addFault({ delayMs: 10, status: 502, count: 3 });
    expect((await app.inject({ method: 'GET', url: FAULTS_PATH })).json().faults).toHaveLength(2);
    expect((await app.inject({ method: 'DELETE', url: FAULTS_PATH })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: FAULTS_PATH })).json()).toEqual({ faults: [] });
    expect((await identify({ apiKey: KEY })).statusCode).toBe(200);
  });

  it.each([
    [{}, 'A fault needs'],
    [{ status: 200 }, '"status"'],
    [{ status: 429, count: 0 }, '"count"'],
    [{ delayMs: -1 }, '"delayMs"'],
    [{ delayMs: 1_000_000 }, '"delayMs"'],
    [{ status: 429, code: 'x' }, 'Unknown field "code"'],
    [[429], 'JSON object'],
  ])('refuses %j in the platform error shape', async (fault, message) => {
    const response = await addFault(fault);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, data: { message: expect.stringContaining(message) } });
  });

  it('is not mounted without admin', async () => {
    const closed = await platform({ admin: false });
    try {
      expect((await closed.inject({ method: 'POST', url: FAULTS_PATH, payload: { status: 429 } })).statusCode).toBe(
        404,
      );
    } finally {
      await closed.close();
    }
  });
});
