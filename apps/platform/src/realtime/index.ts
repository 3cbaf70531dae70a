/**
 * The platform's Pusher-protocol realtime service, on the platform's own port:
 *
 * - websocket `/app/:key` (socket-server.ts, socket-session.ts): what pusher-js connects to
 *   with `wsHost`/`wsPort` pointing here;
 * - HTTP events API `/apps/:appId/events|batch_events` (events-api.ts): what server SDKs call;
 * - `/realtime/auth` (auth-route.ts): the realtime worker's authorisation of `private-lstm_`,
 *   for a request id the platform's identification signed;
 * - admin `/admin/channels/:slug/live|offline` (admin-routes.ts), when `admin` is on;
 * - a publisher (publisher.ts) through which the platform's own code triggers events with
 *   the official `pusher` SDK, and the stream lifecycle built on it (stream-lifecycle.ts).
 *
 * Ownership: registerRealtime owns the socket server and closes it in `preClose` (before the
 * HTTP server waits for its connections); the registry is shared by the socket sessions
 * (subscribe) and the events API (publish); nothing else holds a socket.
 */

import type { FastifyInstance } from 'fastify';
import type { ChannelStore } from '../channels/channel-store.ts';
import { deviceIdSecret } from '../identity/index.ts';
import type { ClientAddressOf } from '../limits/address-key.ts';
import { upgradeRouterFor } from '../viewers/upgrade-router.ts';
import { streamAdminRoutes } from './admin-routes.ts';
import { realtimeAuthRoutes } from './auth-route.ts';
import { ChannelRegistry } from './channel-registry.ts';
import { eventsApiRoutes } from './events-api.ts';
import { RealtimePublisher } from './publisher.ts';
import {
  DEFAULT_REALTIME_TIMINGS,
  realtimeCredentialsFromEnv,
  type RealtimeCredentials,
  type RealtimeTimings,
} from './realtime-config.ts';
import { isAppPath, SocketServer } from './socket-server.ts';
import { StreamLifecycle } from './stream-lifecycle.ts';

export interface RealtimeOptions {
  channels: ChannelStore;
  /** Mount the admin live/offline endpoints (testing hooks: the platform gates them, admin-gate.ts). */
  admin: boolean;
  /** Default: from the environment (realtime-config.ts). */
  credentials?: RealtimeCredentials;
  timings?: Partial<RealtimeTimings>;
  /**
   * Clock of the events API's timestamp check and of each socket's message rate; the real one by
   * default, as SDKs sign with theirs.
   */
  now?: () => number;
  /** How a client's address is read for the sockets-per-address cap (default: the TCP peer). */
  clientAddress?: ClientAddressOf;
  /** The streams' clock (the origin's, which stamps their PDT): when a stream ended or changed. */
  streamClock?: () => number;
  /**
   * What `/realtime/auth` checks a request id with: the identification service's secret
   * (default: as identity/ reads it) and the clock it signs with (default: the real one).
   */
  requestIds?: { secret?: string; now?: () => number };
}

export interface Realtime {
  credentials: RealtimeCredentials;
  registry: ChannelRegistry;
  publisher: RealtimePublisher;
  streams: StreamLifecycle;
  sockets: SocketServer;
}

export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<Realtime> {
  const credentials = options.credentials ?? realtimeCredentialsFromEnv();
  const timings: RealtimeTimings = { ...DEFAULT_REALTIME_TIMINGS, ...options.timings };
  const registry = new ChannelRegistry();
  const publisher = new RealtimePublisher(app, credentials, registry);
  const streams = new StreamLifecycle(options.channels, publisher, app.log, undefined, options.streamClock);
  const sockets = new SocketServer({
    credentials,
    registry,
    timings,
    now: options.now,
    clientAddress: options.clientAddress,
  });
  const unroute = upgradeRouterFor(app.server).add(isAppPath, (request, socket, head) =>
    sockets.handleUpgrade(request, socket, head),
  );
  // preClose, not onClose: upgraded sockets count among the connections the HTTP server
  // waits for when it closes, so they must be gone first.
  app.addHook('preClose', async () => {
    unroute();
    await sockets.close();
  });

  await app.register(eventsApiRoutes, { credentials, registry, timings, now: options.now ?? Date.now });
  await app.register(realtimeAuthRoutes, {
    credentials,
    livestreamStatus: (id: number) => streams.livestreamStatus(id),
    requestIds: { secret: deviceIdSecret(options.requestIds?.secret), now: options.requestIds?.now ?? Date.now },
  });
  if (options.admin) await app.register(streamAdminRoutes, { streams });

  return { credentials, registry, publisher, streams, sockets };
}

export { LOCAL_REALTIME_CREDENTIALS, type RealtimeCredentials, type RealtimeTimings } from './realtime-config.ts';
export { channelAuth } from './signing.ts';
export { REALTIME_AUTH_PATH } from './auth-route.ts';
