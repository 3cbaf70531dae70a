import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisPresenceStore } from './redis-presence-store.ts';
import { redisServerAvailable, REDIS_SERVER, startTestRedis, type TestRedis } from './test-redis.ts';
import {
  connectViewer,
  currentViewers,
  deviceRequestId,
  eventually,
  fetchToken,
  startPlatform,
  type RunningPlatform,
} from './test-viewer-client.ts';

const hasRedis = redisServerAvailable();
// Never skipped: `npm test` installs redis-server.
if (!hasRedis) throw new Error(`${REDIS_SERVER} is missing: run npm test (it installs redis-server) or install it.`);

/** Short, so a crash shows within the test; the heartbeat beats several times per TTL even on a loaded machine. */
const NODE_TTL_MS = 2000;
const HEARTBEAT_MS = 250;

describe('viewer counts across platform processes sharing a real Redis', () => {
  let redis: TestRedis;
  const keyPrefix = `scale-out:${randomUUID()}`;
  const tuning = { keyPrefix, nodeTtlMs: NODE_TTL_MS, heartbeatMs: HEARTBEAT_MS };
  const platforms: RunningPlatform[] = [];

  beforeAll(async () => {
    redis = await startTestRedis();
  }, 30_000);
  afterAll(async () => {
    await Promise.all(platforms.map((platform) => platform.app.close()));
    await redis?.stop();
  }, 30_000);

  /** A platform process on its own port whose presence lives in the shared Redis. */
  async function node(): Promise<RunningPlatform> {
    const platform = await startPlatform({ redisUrl: redis.url, viewers: { redis: tuning } });
    platforms.push(platform);
    return platform;
  }

  async function watch(platform: RunningPlatform, channelId: number, requestId?: string) {
    const client = await connectViewer(platform.ws, await fetchToken(platform.base, requestId));
    await client.handshake(channelId);
    return client;
  }

  const count = async (platform: RunningPlatform) => (await currentViewers(platform.base, 201))[201];

  it('counts viewers on both processes together, a device on both once', async () => {
    const a = await node();
    const b = await node();
    // Identified by one process, vouched for by both (they share DEVICE_ID_SECRET).
    const device1 = await deviceRequestId(a.base);
    const onA = await watch(a, 201, device1);
    await watch(b, 201, await deviceRequestId(b.base));
    expect(await count(a)).toBe(2);
    expect(await count(b)).toBe(2);
    // The same device through the other process is still one viewer.
    await watch(b, 201, device1);
    expect(await count(a)).toBe(2);
    await onA.leave(201);
    expect(await count(b)).toBe(2);
    // A process shutting down takes its viewers with it at once.
    await b.app.close();
    expect(await count(a)).toBe(0);
  }, 30_000);

  it("drops a crashed process's viewers within the TTL, keeping the survivor's", async () => {
    const survivor = await node();
    // The crashing process gets a store the test holds, so it can pull the plug on it.
    const store = await RedisPresenceStore.connect(redis.url, { ...tuning, now: Date.now, viewerTtlMs: 75_000 });
    const crashing = await startPlatform({ viewers: { presenceStore: store } });
    platforms.push(crashing);
    await watch(survivor, 201, await deviceRequestId(survivor.base));
    await watch(crashing, 201, await deviceRequestId(crashing.base));
    expect(await count(survivor)).toBe(2);

    store.abandon();
    expect(await count(survivor)).toBe(2);
    // "Within the TTL" as Redis holds it, not as this machine's clock happens to time it: what the
    // crashed process left expires in at most NODE_TTL_MS.
    const inspect = new Redis(redis.url);
    try {
      const ttl = await inspect.pttl(`${keyPrefix}:node:${store.nodeId}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(NODE_TTL_MS);
    } finally {
      inspect.disconnect();
    }
    // Then the survivor counts only its own (polled; the bound only stops a hang).
    expect(await eventually(() => count(survivor), 1, NODE_TTL_MS + 10_000)).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, NODE_TTL_MS));
    expect(await count(survivor)).toBe(1);
  }, 30_000);
});

describe('through a Redis outage', () => {
  it('answers 503 for counts, keeps sockets answering, and heals once Redis is back', async () => {
    let redis = await startTestRedis();
    const tuning = { keyPrefix: `outage:${randomUUID()}`, nodeTtlMs: NODE_TTL_MS, heartbeatMs: HEARTBEAT_MS };
    const platform = await startPlatform({ redisUrl: redis.url, viewers: { redis: tuning } });
    const viewers = async () => {
      const response = await fetch(`${platform.base}/current-viewers?ids[]=201`);
      return response.ok ? ((await response.json()) as { viewers: number }[])[0]?.viewers : response.status;
    };
    try {
      const client = await connectViewer(platform.ws, await fetchToken(platform.base));
      await client.handshake(201);
      expect(await viewers()).toBe(1);

      await redis.stop();
      expect(await viewers()).toBe(503);
      // Presence writes fail fast instead of holding the socket's replies behind them.
      await client.handshake(201);
      await client.sync();

      // Restarted empty: the heartbeat writes the node's viewers again by itself.
      redis = await startTestRedis({ port: redis.port });
      expect(await eventually(viewers, 1, 15_000)).toBe(1);
    } finally {
      await platform.app.close();
      await redis.stop();
    }
  }, 60_000);
});
