/**
 * The websocket side of the realtime service, on the platform's own HTTP server (one port):
 * `ws` in `noServer` mode takes the `upgrade` requests for `/app/:key`, the URL pusher-js
 * opens (`/app/<key>?protocol=7&client=js&version=…`), handed over by the upgrade router the
 * platform's websocket services share (viewers/upgrade-router.ts). Fastify never sees them.
 *
 * Handshake refusals follow the protocol: a `pusher:error` with the code, then a close with
 * the same code: 4001 for an unknown app key, 4007 for an unsupported protocol version (both
 * 40xx, so pusher-js stops instead of retrying what cannot succeed), and 4100 for an address
 * that already holds REALTIME_SOCKETS_PER_ADDRESS sockets (41xx: pusher-js comes back after
 * its back-off, and gets in once one of them has closed).
 *
 * Shutdown (`close()`, wired to Fastify's `preClose`) closes every socket with 1001, which
 * pusher-js answers by reconnecting (after 1 s, see `CloseCode.ServerShutdown`), so clients of
 * a restarted platform come back and resubscribe by themselves. Sockets that do not finish the close handshake within the
 * grace period are destroyed, so `app.close()` never hangs on them.
 */

import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { addressKey, peerAddress, type ClientAddressOf } from '../limits/address-key.ts';
import { AddressSlots } from '../limits/address-slots.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import { CloseCode, encodeServerMessage, protocolError, SUPPORTED_PROTOCOLS } from './protocol-messages.ts';
import type { RealtimeCredentials, RealtimeTimings } from './realtime-config.ts';
import { SocketSession } from './socket-session.ts';

const APP_PATH = /^\/app\/([^/]+)\/?$/;

/** Whether an upgrade's path is ours (for the upgrade router). */
export const isAppPath = (pathname: string): boolean => APP_PATH.test(pathname);
/** Client messages are subscribe/ping-sized; anything this large is not a Pusher client. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/**
 * What a client that does not read may leave unsent (events fanned out to it) before it is cut
 * off: the platform's memory is not a queue for it.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;
/**
 * Sockets one address key (an IPv4 address, an IPv6 /64: limits/address-key.ts) may hold open
 * at once. An embed holds one realtime socket per tab, beside its one viewer socket, whose cap
 * is 40 an address (viewers/viewer-socket.ts, two tabs for each of 20 viewers): the same
 * household or office fits both, and a stranger's one machine cannot hold thousands of sockets
 * (each with its timers and a share of every broadcast). Per node, as the viewer caps are.
 */
export const REALTIME_SOCKETS_PER_ADDRESS = 40;

export interface SocketServerOptions {
  credentials: RealtimeCredentials;
  registry: ChannelRegistry;
  timings: RealtimeTimings;
  /** ms clock of each socket's message rate (default Date.now). */
  now?: () => number;
  /**
   * How the client's address is read for the per-address cap (default: the TCP peer, never a
   * header). A deployment behind its own reverse proxy reads what that proxy sets, and only that.
   */
  clientAddress?: ClientAddressOf;
}

function text(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function refuseUpgrade(socket: Duplex, status: 400 | 503, reason: string): void {
  socket.on('error', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export class SocketServer {
  readonly #options: SocketServerOptions;
  readonly #wss = new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: MAX_MESSAGE_BYTES });
  /** Every accepted socket, sessions and refusals alike: shutdown must close them all. */
  readonly #sockets = new Map<WebSocket, SocketSession | null>();
  readonly #socketIds = new Set<string>();
  readonly #perAddress = new AddressSlots(REALTIME_SOCKETS_PER_ADDRESS);
  #closing = false;

  constructor(options: SocketServerOptions) {
    this.#options = options;
  }

  get connectionCount(): number {
    return this.#sockets.size;
  }

  async close(): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    const closes = [...this.#sockets.keys()].map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === ws.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close(CloseCode.ServerShutdown, 'Server shutting down');
        }),
    );
    const grace = new AbortController();
    await Promise.race([Promise.all(closes), sleep(this.#options.timings.closeGraceMs, undefined, grace)]).catch(
      () => undefined,
    );
    grace.abort();
    for (const ws of this.#sockets.keys()) ws.terminate();
    this.#wss.close();
  }

  /** Takes over the socket of an upgrade request whose path `isAppPath` accepted. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://upgrade.invalid');
    const match = APP_PATH.exec(url.pathname);
    if (!match) {
      refuseUpgrade(socket, 400, 'Bad Request');
      return;
    }
    if (this.#closing) {
      refuseUpgrade(socket, 503, 'Service Unavailable');
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(match[1] ?? '');
    } catch {
      key = match[1] ?? '';
    }
    // Read while the socket surely has its peer: it is what the cap counts by.
    const address = addressKey((this.#options.clientAddress ?? peerAddress)(request));
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#accept(ws, key, url.searchParams, address));
  }

  #accept(ws: WebSocket, key: string, query: URLSearchParams, address: string): void {
    this.#sockets.set(ws, null);
    ws.on('error', () => ws.terminate());
    ws.once('close', () => {
      const session = this.#sockets.get(ws);
      this.#sockets.delete(ws);
      if (session) {
        session.closed();
        this.#socketIds.delete(session.socketId);
      }
    });

    if (this.#closing) {
      // Upgraded while shutdown began: this socket missed the round of closes.
      ws.close(CloseCode.ServerShutdown, 'Server shutting down');
      return;
    }
    // From here every socket counts against its address, those refused below (key, protocol)
    // too until their close is done; the slot is given back when the socket is gone, whoever
    // closed it. One refused here holds none.
    const release = this.#perAddress.take(address);
    if (!release) {
      this.#refuse(ws, CloseCode.OverCapacity, 'Too many realtime connections from this address');
      return;
    }
    ws.once('close', release);
    if (key !== this.#options.credentials.key) {
      this.#refuse(ws, CloseCode.AppKeyUnknown, `Could not find app by key ${key}`);
      return;
    }
    const protocol = Number(query.get('protocol') ?? Number.NaN);
    if (!SUPPORTED_PROTOCOLS.has(protocol)) {
      this.#refuse(ws, CloseCode.UnsupportedProtocol, 'Unsupported protocol version');
      return;
    }

    const socketId = this.#newSocketId();
    const session = new SocketSession(
      socketId,
      {
        send: (message) => {
          if (ws.readyState !== ws.OPEN) return;
          if (ws.bufferedAmount > MAX_UNSENT_BYTES) return ws.terminate();
          ws.send(message);
        },
        close: (code, reason) => ws.close(code, reason),
      },
      {
        credentials: this.#options.credentials,
        registry: this.#options.registry,
        timings: this.#options.timings,
        now: this.#options.now,
      },
    );
    this.#sockets.set(ws, session);
    ws.on('message', (data) => session.receive(text(data)));
  }

  #refuse(ws: WebSocket, code: number, message: string): void {
    ws.send(encodeServerMessage(protocolError(code, message)));
    // A close reason is limited to 123 bytes, and the message may quote what the client sent.
    ws.close(code, Buffer.byteLength(message) <= 123 ? message : message.slice(0, 40));
  }

  /** `<n>.<n>` as the protocol's socket ids are; unique among open sockets. */
  #newSocketId(): string {
    for (;;) {
      const id = `${randomInt(1, 2 ** 40)}.${randomInt(1, 2 ** 40)}`;
      if (!this.#socketIds.has(id)) {
        this.#socketIds.add(id);
        return id;
      }
    }
  }
}
