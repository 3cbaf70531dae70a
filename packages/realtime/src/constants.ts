/**
 * SPEC §9 numbers in one place. Each group says where the number goes, and the realtime group
 * says which of them pusher-js lets us set at all.
 */

/**
 * pusher-js options we pass explicitly. They equal pusher-js 8's own defaults (SPEC §9 calls
 * them "library defaults seen"); passing them pins the behaviour against a library upgrade.
 *
 * Not settable through pusher-js options (they live in its transport strategy and timeline,
 * so we rely on the library's values and do not patch them):
 * - transport timeout 15 s growing to a 60 s cap (`timeout`/`timeoutLimit` of its strategy);
 * - transport cache TTL 30 minutes (websocket-prioritised cached strategy);
 * - minimum ping delay 10 s (transport manager);
 * - timeline limit 50 events and its 60 s sender (only active with `enableStats`, which we
 *   leave off, as the library does by default);
 * - HTTP fallback buffer limit 256 KB.
 */
export const PUSHER_TIMEOUTS = {
  activityTimeout: 120_000,
  pongTimeout: 30_000,
  unavailableTimeout: 10_000,
} as const;

/** SPEC §9 "Default cluster us2". */
export const DEFAULT_REALTIME_CLUSTER = 'us2';

/** SPEC §7/§9: the worker build is retried 3 times, 1000 ms apart, before the bundled client. */
export const WORKER_LOAD = { retries: 3, delayMs: 1_000 } as const;

/**
 * SPEC §4 and §8 name the realtime provider and the store in two messages; these are the
 * names we give them.
 */
export const REALTIME_PROVIDER_NAME = 'Pusher';
export const REALTIME_STORE_NAME = 'realtimeStore';

/** SPEC §9 "Viewer websocket and token". */
export const VIEWER_SOCKET_DEFAULTS = {
  /** partysocket options: 10 retries, delays 1 s → 30 s growing 1.3×, 5 s connection timeout. */
  reconnection: {
    maxRetries: 10,
    minReconnectionDelay: 1_000,
    maxReconnectionDelay: 30_000,
    reconnectionDelayGrowFactor: 1.3,
    connectionTimeout: 5_000,
  },
  pingIntervalMs: 30_000,
  /** Random wait before each token fetch, both ends included. */
  tokenDelayMs: { min: 100, max: 5_000 },
  /** SPEC §8: three retries, 1 s, 2 s, 4 s, never more than 5 s. */
  tokenRetry: { retries: 3, baseDelayMs: 1_000, maxDelayMs: 5_000 },
} as const;

/** SPEC §9 "Realtime handshake every 15 s". */
export const PRESENCE_INTERVAL_MS = 15_000;
