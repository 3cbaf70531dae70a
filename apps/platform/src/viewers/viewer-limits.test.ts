/**
 * What a hostile client can do to the viewer service: flood the socket, pile messages up behind a
 * paused Redis, mint tokens in a loop. Each costs that client, never the platform's memory.
 */

import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, connectViewer, fetchToken, startPlatform, type RunningPlatform } from './test-viewer-client.ts';
import { startTestRedis, type TestRedis } from './test-redis.ts';
import { MAX_PENDING_MESSAGES, VIEWER_MESSAGE_RATE, ViewerCloseCode } from './viewer-socket.ts';

const platforms: RunningPlatform[] = [];
let redis: TestRedis | null = null;
afterEach(async () => {
  redis?.resume();
  for (const platform of platforms.splice(0)) await platform.app.close();
  await redis?.stop();
  redis = null;
});

async function platform(options: Parameters<typeof startPlatform>[0] = {}): Promise<RunningPlatform> {
  const started = await startPlatform(options);
  platforms.push(started);
  return started;
}

describe('the viewer socket', () => {
  it(`closes a socket past ${VIEWER_MESSAGE_RATE.burst} messages at once (a clock that stands still)`, async () => {
    const { base, ws } = await platform({ now: () => 1_000 });
    const viewer = await connectViewer(ws, await fetchToken(base));
    // Each answered before the next: only the rate counts, never the messages waiting.
    for (let i = 0; i < VIEWER_MESSAGE_RATE.burst; i++) await viewer.sync();
    viewer.send({ type: 'ping' });
    expect((await viewer.closed).code).toBe(ViewerCloseCode.PolicyViolation);
  });

  it(`cuts a socket off when ${MAX_PENDING_MESSAGES} messages wait for a paused Redis`, async () => {
    redis = await startTestRedis();
    const { base, ws } = await platform({ redisUrl: redis.url });
    const viewer = await connectViewer(ws, await fetchToken(base));
    await viewer.handshake(201);
    redis.pause();
    // Every ping now waits for Redis (it refreshes the viewer's presence): none is answered.
    // One more than may wait, and within the message rate: the bound on waiting messages is
    // what closes it.
    for (let i = 0; i <= MAX_PENDING_MESSAGES; i++) viewer.send({ type: 'ping' });
    expect((await viewer.closed).code).toBe(ViewerCloseCode.PolicyViolation);
  });
});

describe('token issue', () => {
  it('answers 429 to an address past its rate, and still serves another address', async () => {
    const { base } = await platform({ viewers: { tokenRate: { burst: 3, perSecond: 0 } } });
    for (let i = 0; i < 3; i++) await fetchToken(base);
    const refused = await fetch(`${base}/viewer/v1/token`, { headers: { 'x-client-token': CLIENT_TOKEN } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2');
    const other = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${base}/viewer/v1/token`);
      const call = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          localAddress: '127.0.0.2',
          headers: { 'x-client-token': CLIENT_TOKEN },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      call.on('error', reject);
      call.end();
    });
    expect(other).toBe(200);
  });
});
