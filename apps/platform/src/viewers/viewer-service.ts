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
import { DEFAULT_PER_ADDRESS, VIEWER_CONNECT_PATH, ViewerSocketServer, type PerAddressCaps } from './viewer-socket.ts';
import { deviceIdSecret } from '../identity/index.ts';
import { REQUEST_ID_MAX_AGE_MS } from '../identity/request-id.ts';
import { peerAddress, type ClientAddressOf } from '../limits/address-key.ts';
import { KeyedRateLimit } from '../limits/token-bucket.ts';
import { serverSecret } from '../secrets.ts';

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
 * Tokens one address key (IPv4 address, IPv6 /64) may have: a burst for a page with several
 * embeds or a reconnecting crowd behind one NAT, then one a second; far above what a viewer's
 * back-off asks for, far below a minting loop.
 */
export const DEFAULT_TOKEN_RATE = { burst: 60, perSecond: 1 };

export interface ViewerServiceOptions {
  /** Expected `x-client-token` (default env PUBLIC_WEBSOCKET_CLIENT_TOKEN, else `onair-local-client`). */
  clientToken?: string;
  /** HMAC key of viewer tokens (default env VIEWER_TOKEN_SECRET, else the documented local one; blank is refused). */
  tokenSecret?: string;
  tokenTtlMs?: number;
  /** Token issue per client address key (default DEFAULT_TOKEN_RATE); over it, 429. */
  tokenRate?: { burst: number; perSecond: number };
  /** Open sockets and distinct viewers per address key (default DEFAULT_PER_ADDRESS); over it, close 4029. */
  perAddress?: Partial<PerAddressCaps>;
  /**
   * How the client's address is read, for the limits above (default: the TCP peer). The
   * platform reads no header: a deployment behind its own reverse proxy puts here a reader of
   * what that proxy sets, and only that.
   */
  clientAddress?: ClientAddressOf;
  /** How old an identification may be and still vouch for a device (default REQUEST_ID_MAX_AGE_MS, a day). */
  requestIdMaxAgeMs?: number;
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
  /** The origins the embed is served on: only its pages may open a viewer socket. */
  allowedOrigins: () => readonly string[];
  /** The identification service's secret, to verify request ids (default: as identity/ reads it). */
  requestIdSecret?: string;
}

export async function registerViewerService(app: FastifyInstance, context: ViewerServiceContext): Promise<void> {
  const { channels, now } = context;
  const tokenSecret = serverSecret('VIEWER_TOKEN_SECRET', LOCAL_VIEWER_TOKEN_SECRET, context.tokenSecret);
  const requestIdSecret = deviceIdSecret(context.requestIdSecret);
  const clientAddress = context.clientAddress ?? peerAddress;
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
    allowedOrigins: context.allowedOrigins,
    clientAddress,
    perAddress: { ...DEFAULT_PER_ADDRESS, ...context.perAddress },
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
    clientAddress,
    requestIdSecret,
    requestIdMaxAgeMs: context.requestIdMaxAgeMs ?? REQUEST_ID_MAX_AGE_MS,
    now,
    admin: context.admin,
  });
}
