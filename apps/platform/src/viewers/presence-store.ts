/**
 * Where viewer presence lives: who watches which channel, as seen from this platform process
 * (a "node"). Two implementations share this interface and one test suite:
 *
 * - memory-presence-store.ts: one process, the default;
 * - redis-presence-store.ts: several processes behind one Redis (`REDIS_URL`), the scale-out path.
 *
 * The store counts viewer ids, not sockets: the socket layer (local-presence.ts) folds a
 * viewer's tabs on this node into one `touch`/`remove` pair, and the store folds the same
 * viewer on several nodes into one. A viewer not touched for `viewerTtlMs` no longer counts.
 */
export interface PresenceStore {
  /** `viewerId` watches `channelId` through this node, as of now (refreshes its expiry). */
  touch(channelId: number, viewerId: string): Promise<void>;
  /** This node no longer has `viewerId` watching `channelId`. */
  remove(channelId: number, viewerId: string): Promise<void>;
  /** Distinct unexpired viewers per channel over every live node; 0 for a channel with none. */
  count(channelIds: readonly number[]): Promise<Map<number, number>>;
  /** Graceful stop: forgets this node's presence, stops its timers, closes its connections. */
  close(): Promise<void>;
}

export interface PresenceTimings {
  /** ms clock the viewers' last-seen times are read from. */
  now: () => number;
  /** A viewer neither handshaking nor pinging for this long stops counting. */
  viewerTtlMs: number;
}

/**
 * 2.5 ping periods (SPEC §9: ping every 30 s): one lost or late ping never drops a viewer,
 * and neither does a hidden tab whose timers the browser throttles to once a minute.
 */
export const DEFAULT_VIEWER_TTL_MS = 75_000;
