/**
 * Presence shared by several platform processes through one Redis. Each process is a node
 * with its own keys, so no node ever overwrites another's viewers and a node's departure is
 * a matter of its keys expiring:
 *
 *   {prefix}:nodes                          SET   node ids that have announced themselves
 *   {prefix}:node:{node}                    STR   "alive" marker, PX nodeTtlMs
 *   {prefix}:node:{node}:channel:{channel}  ZSET  viewer id → last seen (ms), PX nodeTtlMs
 *
 * Writes go through at once (a handshake shows in every node's counts on the next read); a
 * heartbeat every `heartbeatMs` writes the node's live viewers again with fresh TTLs and trims
 * the expired ones. A node that dies
 * without cleaning up stops its heartbeat, so its marker and sets vanish within `nodeTtlMs`
 * (≤ 30 s by default) and counting, which reads only nodes whose marker is alive, drops its
 * viewers as soon as the marker goes. Counting unions the nodes' sets, so a viewer watching
 * through two nodes counts once. Last-seen times are each node's clock: nodes are assumed to
 * agree within a small fraction of `viewerTtlMs` (seconds against 75 s).
 */

import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { PresenceStore, PresenceTimings } from './presence-store.ts';

export interface RedisPresenceOptions extends PresenceTimings {
  /** A connected client; the store owns it from now on and disconnects it on close. */
  redis: Redis;
  /** Unique per process; a random one by default. */
  nodeId?: string;
  /** Namespace of every key (default `onair:viewers`), so tests and deployments can share a Redis. */
  keyPrefix?: string;
  /** How long a silent node's presence survives it (default 30 s). */
  nodeTtlMs?: number;
  /** How often a node re-arms its TTLs (default 10 s: three beats per TTL, so one late beat is harmless). */
  heartbeatMs?: number;
  /** Failed background writes (heartbeats); they are retried by the next beat. */
  onError?: (error: Error) => void;
}

export const DEFAULT_NODE_TTL_MS = 30_000;
export const DEFAULT_HEARTBEAT_MS = 10_000;

/** A Redis on the same network answers in milliseconds; this only ends waits on a stalled one. */
const COMMAND_TIMEOUT_MS = 2000;

type PipelineResult = [Error | null, unknown][] | null;

function unwrap(results: PipelineResult): unknown[] {
  if (!results) throw new Error('Redis pipeline was discarded');
  return results.map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}

export class RedisPresenceStore implements PresenceStore {
  readonly nodeId: string;
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #timings: PresenceTimings;
  readonly #nodeTtlMs: number;
  readonly #onError: (error: Error) => void;
  /** This node's own viewers, so the heartbeat knows which sets to re-arm and close which to delete. */
  readonly #local = new Map<number, Map<string, number>>();
  readonly #heartbeat: NodeJS.Timeout;
  #closed = false;

  /**
   * Connects to `url` and announces the node before resolving, so its first viewers are
   * counted by other nodes at once. Fails (and leaves nothing running) when Redis is unreachable.
   */
  static async connect(url: string, options: Omit<RedisPresenceOptions, 'redis'>): Promise<RedisPresenceStore> {
    // Fail fast rather than queue: while Redis is away a count answers 503 at once and a
    // socket's pong is not held behind a queued presence write. Nothing is lost by it, since
    // the heartbeat writes this node's whole presence again once Redis is back.
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    const onError = options.onError ?? (() => {});
    redis.on('error', onError);
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      const where = URL.canParse(url) ? new URL(url).host : 'the configured URL';
      throw new Error(`Viewer presence: cannot reach Redis at ${where}: ${(error as Error).message}`);
    }
    const store = new RedisPresenceStore({ ...options, redis });
    await store.beat();
    return store;
  }

  constructor(options: RedisPresenceOptions) {
    this.#redis = options.redis;
    this.nodeId = options.nodeId ?? `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.#prefix = options.keyPrefix ?? 'onair:viewers';
    this.#timings = { now: options.now, viewerTtlMs: options.viewerTtlMs };
    this.#nodeTtlMs = options.nodeTtlMs ?? DEFAULT_NODE_TTL_MS;
    this.#onError = options.onError ?? (() => {});
    this.#heartbeat = setInterval(() => {
      this.beat().catch((error: unknown) => this.#onError(error as Error));
    }, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  #nodesKey(): string {
    return `${this.#prefix}:nodes`;
  }
  #aliveKey(node: string): string {
    return `${this.#prefix}:node:${node}`;
  }
  #channelKey(node: string, channelId: number): string {
    return `${this.#prefix}:node:${node}:channel:${channelId}`;
  }

  async touch(channelId: number, viewerId: string): Promise<void> {
    if (this.#closed) return;
    const seen = this.#timings.now();
    let viewers = this.#local.get(channelId);
    if (!viewers) this.#local.set(channelId, (viewers = new Map()));
    viewers.set(viewerId, seen);
    const key = this.#channelKey(this.nodeId, channelId);
    unwrap(await this.#redis.multi().zadd(key, seen, viewerId).pexpire(key, this.#nodeTtlMs).exec());
  }

  async remove(channelId: number, viewerId: string): Promise<void> {
    if (this.#closed) return;
    const viewers = this.#local.get(channelId);
    if (!viewers?.delete(viewerId)) return;
    const key = this.#channelKey(this.nodeId, channelId);
    if (viewers.size > 0) {
      await this.#redis.zrem(key, viewerId);
      return;
    }
    // The heartbeat no longer knows this channel: should the delete fail, the key's TTL ends it.
    this.#local.delete(channelId);
    await this.#redis.del(key);
  }

  async count(channelIds: readonly number[]): Promise<Map<number, number>> {
    if (this.#closed) throw new Error('Viewer presence store is closed');
    const nodes = await this.#redis.smembers(this.#nodesKey());
    const cutoff = this.#timings.now() - this.#timings.viewerTtlMs;
    const read = this.#redis.pipeline();
    for (const node of nodes) read.exists(this.#aliveKey(node));
    for (const channelId of channelIds) {
      for (const node of nodes) read.zrangebyscore(this.#channelKey(node, channelId), `(${cutoff}`, '+inf');
    }
    const values = unwrap(await read.exec());
    const alive = nodes.map((_node, index) => values[index] === 1);
    const dead = nodes.filter((_node, index) => !alive[index]);
    // Forgetting dead nodes keeps later counts from asking for their (already expired) keys.
    if (dead.length > 0) this.#redis.srem(this.#nodesKey(), ...dead).catch((error: Error) => this.#onError(error));

    const counts = new Map<number, number>();
    channelIds.forEach((channelId, channelIndex) => {
      const viewers = new Set<string>();
      nodes.forEach((_node, nodeIndex) => {
        if (!alive[nodeIndex]) return;
        const members = values[nodes.length + channelIndex * nodes.length + nodeIndex] as string[];
        for (const viewer of members) viewers.add(viewer);
      });
      counts.set(channelId, viewers.size);
    });
    return counts;
  }

  /**
   * Re-arms this node's marker and writes its live viewers again, leaving out the silent ones.
   * Writing them all (not only re-arming TTLs) heals what an outage lost: a touch or removal
   * that failed, or a Redis restarted empty, is made good by the next beat.
   */
  async beat(): Promise<void> {
    if (this.#closed) return;
    const cutoff = this.#timings.now() - this.#timings.viewerTtlMs;
    const write = this.#redis
      .multi()
      .set(this.#aliveKey(this.nodeId), '1', 'PX', this.#nodeTtlMs)
      .sadd(this.#nodesKey(), this.nodeId);
    for (const [channelId, viewers] of this.#local) {
      const key = this.#channelKey(this.nodeId, channelId);
      // Replaced whole, inside the transaction, so a removal whose write failed is undone too.
      write.del(key);
      for (const [viewerId, seen] of viewers) if (seen <= cutoff) viewers.delete(viewerId);
      if (viewers.size === 0) {
        this.#local.delete(channelId);
        continue;
      }
      write.zadd(key, ...[...viewers].flatMap(([viewerId, seen]) => [seen, viewerId])).pexpire(key, this.#nodeTtlMs);
    }
    unwrap(await write.exec());
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#heartbeat);
    try {
      if (this.#redis.status === 'ready') {
        const keys = [...this.#local.keys()].map((channelId) => this.#channelKey(this.nodeId, channelId));
        unwrap(
          await this.#redis
            .multi()
            .del(this.#aliveKey(this.nodeId), ...keys)
            .srem(this.#nodesKey(), this.nodeId)
            .exec(),
        );
      }
    } catch (error) {
      // Cleanup is a courtesy: what it leaves behind expires within nodeTtlMs anyway.
      this.#onError(error as Error);
    } finally {
      this.#local.clear();
      this.#redis.disconnect();
    }
  }

  /**
   * What a crash leaves behind, for tests: heartbeats stop and the connection drops, but this
   * node's keys stay in Redis until their TTL runs out. Later calls do nothing.
   */
  abandon(): void {
    this.#closed = true;
    clearInterval(this.#heartbeat);
    this.#redis.disconnect();
  }
}
