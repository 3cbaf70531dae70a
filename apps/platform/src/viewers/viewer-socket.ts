/**
 * The viewer websocket, `GET /viewer/v1/connect?token=…` (SPEC §4 "Viewer websocket",
 * "Channel realtime presence"). Messages are JSON `{type, data}`:
 *
 *   client → ping                                  server → {type: 'pong'}
 *   client → channel_handshake {message:{channelId}}   watching the channel (presence refreshed)
 *   client → channel_disconnect {message:{channelId}}  not watching it any more
 *   server → {type: 'error', data: {message}}      a message it could not use; the socket stays open
 *
 * A ping refreshes the presence of every channel the socket has handshaken, so a socket that
 * keeps pinging keeps its viewer counted even between handshakes. Messages of one socket are
 * handled in order, presence writes included: a pong confirms everything sent before it.
 *
 * Close codes (the client logs any code ≥ 4000 as critical, SPEC §4):
 *   4001  token missing, malformed or not signed by this platform
 *   4002  token expired: fetch a new one and reconnect
 *   4003  the page's Origin is not one of the embed's (another site running viewers in its
 *         visitors' browsers), or no Origin at all
 *   4029  its address (IPv4 address, IPv6 /64) already has its sockets or its distinct
 *         viewers (DEFAULT_PER_ADDRESS): the socket is not counted
 *   1008  too many messages at once, or waiting for the presence store
 *   1001  the platform is shutting down
 *   1009  message larger than 4 KiB (closed by `ws` itself)
 * Origin, token and caps are checked after the upgrade, not by refusing it: a refused upgrade
 * reaches a browser only as 1006, and the client could not tell a bad token from a dead network.
 *
 * Closing a socket removes its viewer at once (from the channels no other socket of the same
 * viewer on this node still watches): the client says `channel_disconnect` when leaving
 * anyway, and a reconnect usually comes with a new token, so a grace period would count the
 * same person twice while it ran.
 */

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { viewerClientMessageSchema, type ViewerClientMessage } from '@onair/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { LocalPresence } from './local-presence.ts';
import { refuseUpgrade } from './upgrade-router.ts';
import { verifyViewerToken, type TokenRefusal } from './viewer-token.ts';
import { addressKey, type ClientAddressOf } from '../limits/address-key.ts';
import { TokenBucket } from '../limits/token-bucket.ts';

export const VIEWER_CONNECT_PATH = '/viewer/v1/connect';

export const ViewerCloseCode = {
  InvalidToken: 4001,
  ExpiredToken: 4002,
  /** The socket's Origin is not one of the embed's. */
  ForbiddenOrigin: 4003,
  /** Its address already has as many sockets, or distinct viewers, as it may. */
  TooManyFromAddress: 4029,
  GoingAway: 1001,
  /** Too many messages, or more waiting than a client that follows the protocol ever has. */
  PolicyViolation: 1008,
} as const;

const REFUSALS: Record<TokenRefusal, { code: number; reason: string }> = {
  missing: { code: ViewerCloseCode.InvalidToken, reason: 'Token required' },
  malformed: { code: ViewerCloseCode.InvalidToken, reason: 'Invalid token' },
  signature: { code: ViewerCloseCode.InvalidToken, reason: 'Invalid token' },
  expired: { code: ViewerCloseCode.ExpiredToken, reason: 'Token expired' },
};

/** A browser watches one channel per tab; the cap only bounds what one socket can make us hold. */
const MAX_CHANNELS_PER_SOCKET = 20;
const MAX_MESSAGE_BYTES = 4096;
/**
 * A viewer pings every 30 s and handshakes every 15 s per channel: a burst of 20 and 5 a second
 * are far above that, and stop a flood before it reaches the presence store.
 */
export const VIEWER_MESSAGE_RATE = { burst: 20, perSecond: 5 };
/** Messages waiting for the presence store (Redis slow or paused) before the socket is cut. */
export const MAX_PENDING_MESSAGES = 16;
/** What a client that does not read may leave unsent before it is cut off. */
export const MAX_UNSENT_BYTES = 256 * 1024;

/**
 * What one address key (an IPv4 address, an IPv6 /64: limits/address-key.ts) may hold open on
 * a platform node at once.
 *
 * - `viewers`: distinct viewer ids, i.e. people counted. A household, or a small office behind
 *   one NAT, is well under 20; a stranger's machine inventing devices gets 20 and no more.
 *   Every viewer the platform could not vouch for already shares one id per address
 *   (viewer-token.ts), so these are identified devices.
 * - `sockets`: two tabs for each of them.
 *
 * The cost falls on big NATs (a campus, carrier-grade NAT): past 20 people on one address,
 * the rest watch uncounted. An undercount is the safe side of a public figure; a deployment
 * whose audience sits behind such NATs raises `viewers.perAddress`. The caps are per node,
 * as the token rate is: N nodes behind a balancer that spreads one client over all of them
 * allow N times as much.
 */
export interface PerAddressCaps {
  sockets: number;
  viewers: number;
}
export const DEFAULT_PER_ADDRESS: Readonly<PerAddressCaps> = Object.freeze({ sockets: 40, viewers: 20 });

/** How long shutdown waits for clients to answer the close frame before cutting them off. */
const CLOSE_WAIT_MS = 1000;

export interface ViewerSocketOptions {
  tokenSecret: string;
  now: () => number;
  presence: LocalPresence;
  channelExists: (id: number) => boolean;
  log: FastifyBaseLogger;
  /** The origins the embed is served on (the platform's own): the only pages that may connect. */
  allowedOrigins: () => readonly string[];
  /** How the client's address is read (the TCP peer by default, never a header). */
  clientAddress: ClientAddressOf;
  perAddress: PerAddressCaps;
}

type ChannelRef = Extract<ViewerClientMessage, { type: 'channel_handshake' }>['data'];

function channelIdOf(ref: ChannelRef): number | undefined {
  const { channelId } = ref.message;
  const id = typeof channelId === 'number' ? channelId : /^\d{1,15}$/.test(channelId) ? Number(channelId) : NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

/** One open, authenticated socket and the channels it watches. */
class ViewerConnection {
  readonly #ws: WebSocket;
  readonly #viewerId: string;
  readonly #options: ViewerSocketOptions;
  readonly #channels = new Set<number>();
  #queue: Promise<void> = Promise.resolve();
  #pending = 0;
  readonly #rate: TokenBucket;
  /** Settles once the socket is closed and its presence released. */
  readonly done: Promise<void>;

  constructor(ws: WebSocket, viewerId: string, options: ViewerSocketOptions) {
    this.#ws = ws;
    this.#viewerId = viewerId;
    this.#options = options;
    this.#rate = new TokenBucket(VIEWER_MESSAGE_RATE.burst, VIEWER_MESSAGE_RATE.perSecond, options.now);
    ws.on('message', (data, isBinary) => {
      // Bounded: a flood, or messages piling up behind a paused presence store, cost the
      // socket, never the platform's memory.
      if (!this.#rate.take() || this.#pending >= MAX_PENDING_MESSAGES) {
        this.#ws.close(ViewerCloseCode.PolicyViolation, 'Too many messages');
        return;
      }
      this.#pending += 1;
      void this.#enqueue(() => this.#receive(data, isBinary)).finally(() => (this.#pending -= 1));
    });
    this.done = new Promise((resolve) => {
      ws.once('close', () => this.#enqueue(() => this.#release()).then(resolve));
    });
  }

  close(code: number, reason: string): void {
    this.#ws.close(code, reason);
  }

  terminate(): void {
    this.#ws.terminate();
  }

  #enqueue(task: () => Promise<void>): Promise<void> {
    this.#queue = this.#queue.then(task).catch((error: unknown) => {
      this.#options.log.warn({ err: error }, 'viewer presence update failed');
    });
    return this.#queue;
  }

  #send(message: object): void {
    if (this.#ws.readyState !== this.#ws.OPEN) return;
    // A client that never reads would have its answers pile up here: it is cut off instead.
    if (this.#ws.bufferedAmount > MAX_UNSENT_BYTES) return this.#ws.terminate();
    this.#ws.send(JSON.stringify(message));
  }

  #error(message: string): void {
    this.#send({ type: 'error', data: { message } });
  }

  async #receive(data: RawData, isBinary: boolean): Promise<void> {
    if (isBinary) return this.#error('Messages are JSON text');
    let json: unknown;
    try {
      json = JSON.parse(data.toString());
    } catch {
      return this.#error('Message is not JSON');
    }
    const parsed = viewerClientMessageSchema.safeParse(json);
    if (!parsed.success) return this.#error('Unknown message: expected ping, channel_handshake or channel_disconnect');
    const message = parsed.data;
    const { presence } = this.#options;

    if (message.type === 'ping') {
      const refreshed = await Promise.allSettled([...this.#channels].map((id) => presence.refresh(id, this.#viewerId)));
      // The pong answers for the socket, which is alive whether or not the store took the write.
      for (const result of refreshed) {
        if (result.status === 'rejected')
          this.#options.log.warn({ err: result.reason }, 'viewer presence refresh failed');
      }
      return this.#send({ type: 'pong' });
    }
    const channelId = channelIdOf(message.data);
    if (channelId === undefined) return this.#error('channelId must be a channel id');
    if (message.type === 'channel_disconnect') {
      if (this.#channels.delete(channelId)) await presence.leave(this, channelId, this.#viewerId);
      return;
    }
    if (!this.#options.channelExists(channelId)) return this.#error(`Unknown channel ${channelId}`);
    if (!this.#channels.has(channelId) && this.#channels.size >= MAX_CHANNELS_PER_SOCKET) {
      return this.#error(`At most ${MAX_CHANNELS_PER_SOCKET} channels per socket`);
    }
    this.#channels.add(channelId);
    await presence.join(this, channelId, this.#viewerId);
  }

  async #release(): Promise<void> {
    const channels = [...this.#channels];
    this.#channels.clear();
    await Promise.all(channels.map((id) => this.#options.presence.leave(this, id, this.#viewerId)));
  }
}

/**
 * Open sockets and their viewers, per address key. Only admitted sockets are in it, and each
 * leaves with its socket, so it holds nothing for an address with none open.
 */
class AddressTally {
  readonly #caps: PerAddressCaps;
  readonly #byKey = new Map<string, { sockets: number; viewers: Map<string, number> }>();

  constructor(caps: PerAddressCaps) {
    this.#caps = caps;
  }

  /** Counts the socket in, or says why not (and counts nothing). */
  admit(key: string, viewerId: string): string | undefined {
    const entry = this.#byKey.get(key) ?? { sockets: 0, viewers: new Map<string, number>() };
    if (entry.sockets >= this.#caps.sockets) return 'Too many viewer sockets from this address';
    const sockets = entry.viewers.get(viewerId) ?? 0;
    if (sockets === 0 && entry.viewers.size >= this.#caps.viewers) return 'Too many viewers from this address';
    entry.sockets += 1;
    entry.viewers.set(viewerId, sockets + 1);
    this.#byKey.set(key, entry);
    return undefined;
  }

  release(key: string, viewerId: string): void {
    const entry = this.#byKey.get(key);
    if (!entry) return;
    entry.sockets -= 1;
    const sockets = (entry.viewers.get(viewerId) ?? 1) - 1;
    if (sockets > 0) entry.viewers.set(viewerId, sockets);
    else entry.viewers.delete(viewerId);
    if (entry.sockets <= 0) this.#byKey.delete(key);
  }
}

export class ViewerSocketServer {
  readonly #options: ViewerSocketOptions;
  readonly #wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  readonly #connections = new Set<ViewerConnection>();
  readonly #tally: AddressTally;
  #closing = false;

  constructor(options: ViewerSocketOptions) {
    this.#options = options;
    this.#tally = new AddressTally(options.perAddress);
  }

  /** For the upgrade router: takes over the socket of a `/viewer/v1/connect` request. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.#closing) return refuseUpgrade(socket, '503 Service Unavailable');
    // Read while the socket surely has its peer: it is what the caps count by.
    const key = addressKey(this.#options.clientAddress(request));
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#accept(ws, request, key));
  }

  /**
   * Browsers always send Origin on a websocket and pages cannot forge it: this stops another
   * site from running viewers in its own visitors' browsers. (A client outside a browser sends
   * what it likes; the per-address caps are what bound that.)
   */
  #originAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    return typeof origin === 'string' && this.#options.allowedOrigins().includes(origin.toLowerCase());
  }

  #accept(ws: WebSocket, request: IncomingMessage, key: string): void {
    // Before anything else: a bad frame from a client being refused must not become an
    // unhandled 'error' event. A socket error is followed by 'close', which releases presence.
    ws.on('error', (error) => this.#options.log.debug({ err: error }, 'viewer socket error'));
    if (!this.#originAllowed(request)) {
      ws.close(ViewerCloseCode.ForbiddenOrigin, 'Origin not allowed');
      return;
    }
    const token = new URL(request.url ?? '/', 'http://upgrade.invalid').searchParams.get('token') ?? undefined;
    const check = verifyViewerToken(this.#options.tokenSecret, token, this.#options.now());
    if (!check.ok) {
      const { code, reason } = REFUSALS[check.reason];
      ws.close(code, reason);
      return;
    }
    const { viewerId } = check.claims;
    const refusal = this.#tally.admit(key, viewerId);
    if (refusal !== undefined) {
      ws.close(ViewerCloseCode.TooManyFromAddress, refusal);
      return;
    }
    const connection = new ViewerConnection(ws, viewerId, this.#options);
    this.#connections.add(connection);
    void connection.done.then(() => {
      this.#connections.delete(connection);
      this.#tally.release(key, viewerId);
    });
  }

  /** Says goodbye (1001) to every socket, cuts off the ones that do not answer, and waits for their presence to be released. */
  async close(): Promise<void> {
    this.#closing = true;
    const connections = [...this.#connections];
    for (const connection of connections) connection.close(ViewerCloseCode.GoingAway, 'Server shutting down');
    const released = Promise.all(connections.map((connection) => connection.done));
    const timer = setTimeout(() => connections.forEach((connection) => connection.terminate()), CLOSE_WAIT_MS);
    await released;
    clearTimeout(timer);
    // Sockets refused for their token are still finishing their close handshake.
    for (const ws of this.#wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }
}
