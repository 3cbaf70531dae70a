/**
 * The viewer websocket service of the platform, wired onto the Fastify app: the token and
 * count routes (routes.ts), the socket at /viewer/v1/connect (viewer-socket.ts, reached through
 * the shared upgrade router), and the presence store (memory, or Redis when a URL is given).
 * `app.close()` says goodbye to every socket, releases their presence, then closes the store.
 */

import type { FastifyInstance } from 'fastify';
import { LocalPresence } from './local-presence.ts';
import { MemoryPresenceStore } from './memory-presence-store.ts';
import { DEFAULT_VIEWER_TTL_MS, type PresenceStore } from './presence-store.ts';
import { RedisPresenceStore } from './redis-presence-store.ts';
import { viewerRoutes } from './routes.ts';
import { TokenFaults } from './token-faults.ts';
import { upgradeRouterFor } from './upgrade-router.ts';
import { channelById, type ChannelDirectory } from './viewer-counts.ts';
import { VIEWER_CONNECT_PATH, ViewerSocketServer } from './viewer-socket.ts';
import { KeyedRateLimit } from '../limits/token-bucket.ts';

/**
 * Public in the source on purpose: it only keeps a local stand-in's tokens apart from nothing.
 * Any platform reachable by others must set VIEWER_TOKEN_SECRET (and the same on every node).
 */
export const LOCAL_VIEWER_TOKEN_SECRET = 'onair-local-viewer-token-secret-not-secret';
/** The embed's default PUBLIC_WEBSOCKET_CLIENT_TOKEN (packages/config). */
export const LOCAL_CLIENT_TOKEN = 'onair-local-client';
/** Long enough for the client's random 0.1–5 s pre-fetch delay plus a slow connect; short enough that a leaked token is soon useless. */
export const DEFAULT_TOKEN_TTL_MS = 60_000;

/**
 * Tokens one address may have: a burst for a page with several embeds or a reconnecting crowd
 * behind one NAT, then one a second; far above what a viewer's back-off asks for, far below a
 * minting loop.
 */
export const DEFAULT_TOKEN_RATE = { burst: 60, perSecond: 1 };

export interface ViewerServiceOptions {
  /** Expected `x-client-token` (default env PUBLIC_WEBSOCKET_CLIENT_TOKEN, else `onair-local-client`). */
  clientToken?: string;
  /** HMAC key of viewer tokens (default env VIEWER_TOKEN_SECRET, else the documented local one). */
  tokenSecret?: string;
  tokenTtlMs?: number;
  /** Token issue per client address (default DEFAULT_TOKEN_RATE); over it, 429. */
  tokenRate?: { burst: number; perSecond: number };
  /** A viewer neither handshaking nor pinging for this long stops counting (default 75 s). */
  viewerTtlMs?: number;
  /** ms clock for token expiry and presence (default: the platform's clock). */
  now?: () => number;
  /** Tuning of the Redis store, used when the platform has a Redis URL. */
  redis?: { keyPrefix?: string; nodeTtlMs?: number; heartbeatMs?: number; nodeId?: string };
  /** A ready store, in place of the memory or Redis one; the service closes it with the app. */
  presenceStore?: PresenceStore;
}

export interface ViewerServiceContext extends ViewerServiceOptions {
  channels: ChannelDirectory;
  now: () => number;
  /** Mount the admin endpoints (token faults). */
  admin: boolean;
  /** Share presence through this Redis; empty or absent keeps it in memory. */
  redisUrl?: string | undefined;
}

export async function registerViewerService(app: FastifyInstance, context: ViewerServiceContext): Promise<void> {
  const { channels, now } = context;
  const tokenSecret = context.tokenSecret ?? process.env.VIEWER_TOKEN_SECRET ?? LOCAL_VIEWER_TOKEN_SECRET;
  const clientToken = context.clientToken ?? process.env.PUBLIC_WEBSOCKET_CLIENT_TOKEN ?? LOCAL_CLIENT_TOKEN;
  const timings = { now, viewerTtlMs: context.viewerTtlMs ?? DEFAULT_VIEWER_TTL_MS };

  const store =
    context.presenceStore ??
    (context.redisUrl
      ? await RedisPresenceStore.connect(context.redisUrl, {
          ...timings,
          ...context.redis,
          onError: (error) => app.log.warn({ err: error }, 'viewer presence (Redis)'),
        })
      : new MemoryPresenceStore(timings));

  const sockets = new ViewerSocketServer({
    tokenSecret,
    now,
    presence: new LocalPresence(store),
    channelExists: (id) => channelById(channels, id) !== undefined,
    log: app.log,
  });
  const unroute = upgradeRouterFor(app.server).add(
    (pathname) => pathname === VIEWER_CONNECT_PATH,
    (request, socket, head) => sockets.handleUpgrade(request, socket, head),
  );

  // preClose runs before the HTTP server waits for its connections, which upgraded sockets
  // count among: closing them later would leave app.close() waiting on them.
  app.addHook('preClose', async () => {
    unroute();
    await sockets.close();
  });
  app.addHook('onClose', async () => {
    await store.close();
  });

  await app.register(viewerRoutes, {
    channels,
    store,
    faults: new TokenFaults(),
    clientToken,
    tokenSecret,
    tokenTtlMs: context.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS,
    tokenLimit: new KeyedRateLimit(
      (context.tokenRate ?? DEFAULT_TOKEN_RATE).burst,
      (context.tokenRate ?? DEFAULT_TOKEN_RATE).perSecond,
      now,
    ),
    now,
    admin: context.admin,
  });
}
