import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryPresenceStore } from './memory-presence-store.ts';
import type { PresenceStore, PresenceTimings } from './presence-store.ts';
import { RedisPresenceStore } from './redis-presence-store.ts';
import { redisServerAvailable, REDIS_SERVER, startTestRedis, type TestRedis } from './test-redis.ts';

const TTL = 10_000;
const hasRedis = redisServerAvailable();
// The scale-out path is tested against a real Redis, never skipped: `npm test` installs it.
if (!hasRedis) throw new Error(`${REDIS_SERVER} is missing: run npm test (it installs redis-server) or install it.`);

let redis: TestRedis | undefined;
beforeAll(async () => {
  redis = await startTestRedis();
}, 30_000);
afterAll(async () => {
  await redis?.stop();
}, 30_000);

type Factory = (timings: PresenceTimings) => Promise<PresenceStore>;

const open: PresenceStore[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

/** The PresenceStore contract, run against each implementation. */
function presenceStoreContract(name: string, factory: Factory) {
  describe(`${name} presence store`, () => {
    let time: number;
    let store: PresenceStore;

    async function make(): Promise<PresenceStore> {
      const made = await factory({ now: () => time, viewerTtlMs: TTL });
      if (!open.includes(made)) open.push(made);
      return made;
    }

    const count = async (...ids: number[]) => Object.fromEntries(await store.count(ids));

    beforeAll(() => {
      time = 1_800_000_000_000;
    });

    it('counts 0 for every asked channel nobody watches', async () => {
      store = await make();
      expect(await count(1, 2)).toEqual({ 1: 0, 2: 0 });
    });

    it('counts distinct viewers per channel', async () => {
      store = await make();
      await store.touch(1, 'a');
      await store.touch(1, 'a');
      await store.touch(1, 'b');
      await store.touch(2, 'a');
      expect(await count(1, 2, 3)).toEqual({ 1: 2, 2: 1, 3: 0 });
    });

    it('forgets a removed viewer, and removing an absent one is harmless', async () => {
      store = await make();
      await store.touch(1, 'a');
      await store.touch(1, 'b');
      await store.remove(1, 'a');
      await store.remove(1, 'nobody');
      await store.remove(9, 'a');
      expect(await count(1)).toEqual({ 1: 1 });
    });

    it('expires a viewer not touched for viewerTtlMs; a touch keeps it', async () => {
      store = await make();
      await store.touch(1, 'silent');
      await store.touch(1, 'active');
      time += TTL - 1;
      await store.touch(1, 'active');
      expect(await count(1)).toEqual({ 1: 2 });
      time += 1;
      expect(await count(1)).toEqual({ 1: 1 });
      time += TTL;
      expect(await count(1)).toEqual({ 1: 0 });
      await store.touch(1, 'silent');
      expect(await count(1)).toEqual({ 1: 1 });
    });
  });
}

presenceStoreContract('memory', async (timings) => new MemoryPresenceStore(timings));

interface NodeTuning {
  keyPrefix: string;
  nodeTtlMs?: number;
  heartbeatMs?: number;
}

async function redisStore(timings: PresenceTimings, tuning: NodeTuning): Promise<RedisPresenceStore> {
  if (!redis) throw new Error('Redis did not start');
  const store = await RedisPresenceStore.connect(redis.url, { ...timings, ...tuning });
  open.push(store);
  return store;
}

describe('with a real Redis', () => {
  // A fresh key prefix per store: every test starts from an empty Redis of its own.
  presenceStoreContract('redis', (timings) => redisStore(timings, { keyPrefix: `test:${randomUUID()}` }));

  describe('several nodes', () => {
    const timings = { now: Date.now, viewerTtlMs: 60_000 };
    /** Two nodes sharing one key prefix, as two platform processes sharing a Redis. */
    const twoNodes = async (tuning: Omit<NodeTuning, 'keyPrefix'> = {}) => {
      const keyPrefix = `test:${randomUUID()}`;
      return [
        await redisStore(timings, { keyPrefix, ...tuning }),
        await redisStore(timings, { keyPrefix, ...tuning }),
      ] as const;
    };
    const countOn = async (store: PresenceStore, id: number) => (await store.count([id])).get(id);

    it('unions viewers across nodes: the same viewer on two nodes counts once', async () => {
      const [a, b] = await twoNodes();
      await a.touch(1, 'shared');
      await b.touch(1, 'shared');
      await b.touch(1, 'only-b');
      expect(await countOn(a!, 1)).toBe(2);
      expect(await countOn(b!, 1)).toBe(2);
      await a.remove(1, 'shared');
      expect(await countOn(a!, 1)).toBe(2);
      await b.remove(1, 'shared');
      expect(await countOn(a!, 1)).toBe(1);
    });

    it('forgets a node that closes gracefully at once', async () => {
      const [a, b] = await twoNodes();
      await a.touch(1, 'on-a');
      await b.touch(1, 'on-b');
      await b.close();
      expect(await countOn(a!, 1)).toBe(1);
    });

    it("drops a crashed node's viewers within its TTL while the live node's stay", async () => {
      const nodeTtlMs = 1500;
      const keyPrefix = `test:${randomUUID()}`;
      const tuning = { keyPrefix, nodeTtlMs, heartbeatMs: 200 };
      const survivor = await redisStore(timings, tuning);
      const crashed = await redisStore(timings, tuning);
      await survivor.touch(1, 'survivor-viewer');
      await crashed.touch(1, 'crashed-viewer');
      crashed.abandon();
      // Nothing was cleaned up: the crash is only noticed through the TTL.
      expect(await countOn(survivor, 1)).toBe(2);
      // "Within its TTL" is Redis's promise, read from Redis rather than timed on this machine:
      // everything the crashed node left expires in at most nodeTtlMs.
      const inspect = new Redis(redis!.url);
      try {
        const node = `${keyPrefix}:node:${crashed.nodeId}`;
        for (const key of [node, `${node}:channel:1`]) {
          const ttl = await inspect.pttl(key);
          expect(ttl, key).toBeGreaterThan(0);
          expect(ttl, key).toBeLessThanOrEqual(nodeTtlMs);
        }
      } finally {
        inspect.disconnect();
      }
      // And then it is gone (polled; the bound only keeps a broken store from hanging the run).
      for (let tries = 0; (await countOn(survivor, 1)) !== 1 && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await countOn(survivor, 1)).toBe(1);
      // The survivor's heartbeat keeps its own viewers well past one TTL.
      await new Promise((resolve) => setTimeout(resolve, nodeTtlMs));
      expect(await countOn(survivor, 1)).toBe(1);
    }, 20_000);
  });
});
