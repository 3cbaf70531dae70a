import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer } from 'ws';
import { sendError } from '../http-error.ts';
import { refuseUpgrade, upgradeRouterFor } from '../viewers/upgrade-router.ts';
import {
  CAST_CONNECT_PATH,
  parseReceiverMessage,
  parseSenderMessage,
  type ToReceiver,
  type ToSender,
} from './cast-protocol.ts';
import { registerCastPages } from './cast-pages.ts';
import { CastRelay, NO_CAST_FAULTS, type CastFaults, type CastPeer } from './cast-relay.ts';

export { CAST_CONNECT_PATH } from './cast-protocol.ts';
export { CAST_RECEIVER_PATH, CAST_SCRIPTS } from './cast-pages.ts';
export { NO_CAST_FAULTS, type CastFaults } from './cast-relay.ts';

export interface CastStandInOptions {
  /** Whether the testing hooks are mounted (`/admin/cast/faults`). */
  admin: boolean;
  /** The origins the platform answers as: only its own pages (the embed, the receiver page) may connect. */
  origins(): readonly string[];
}

const MAX_MESSAGE_BYTES = 16 * 1024;
/**
 * Every socket is pinged this often; one that has not answered the previous ping (a browser
 * answers by itself) is cut off. A peer that vanished without a close (a sleeping laptop, a
 * dropped network) is gone within two periods instead of holding its place for ever.
 */
export const CAST_PING_INTERVAL_MS = 30_000;
/** Sockets of one role from one address: a page needs one; more is someone filling the room. */
export const CAST_SOCKETS_PER_ADDRESS = 32;
const DEFAULT_RECEIVER_NAME = 'OnAir TV';

/**
 * The stand-in for a Chromecast on the local network (no real one exists here): a websocket
 * relay at CAST_CONNECT_PATH between senders (`?role=sender`) and one receiver
 * (`?role=receiver&name=…`), for the platform's own pages only (the Origin must be one of the
 * platform's), at most CAST_SOCKETS_PER_ADDRESS sockets an address, dead peers cut off by ping.
 * Like a real local network it is one room: whoever joins it as the receiver sees what senders
 * cast. So it is a testing hook, mounted only with the others (create-platform.ts), never on a
 * public platform. Faults per test at `PUT /admin/cast/faults` (behind the admin gate).
 */
export function registerCastStandIn(app: FastifyInstance, options: CastStandInOptions): CastRelay {
  const relay = new CastRelay(
    { setTimeout, clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
    randomUUID,
  );
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const addresses = new WeakMap<WebSocket, string>();
  const countFrom = (wss: WebSocketServer, address: string) =>
    [...wss.clients].filter((client) => addresses.get(client) === address).length;
  /** Sockets that answered the last ping (or connected since). */
  const alive = new WeakSet<WebSocket>();
  const heartbeat = setInterval(() => {
    for (const client of server.clients) {
      if (!alive.has(client)) {
        client.terminate();
        continue;
      }
      alive.delete(client);
      client.ping();
    }
  }, CAST_PING_INTERVAL_MS);
  heartbeat.unref();

  const unroute = upgradeRouterFor(app.server).add(
    (pathname) => pathname === CAST_CONNECT_PATH,
    (request, socket, head) => {
      const query = new URL(request.url ?? '/', 'http://upgrade.invalid').searchParams;
      const role = query.get('role');
      if (!ownOrigin(request, options.origins())) return refuseUpgrade(socket, '403 Forbidden');
      if (role !== 'sender' && role !== 'receiver') return refuseUpgrade(socket, '400 Bad Request');
      const address = request.socket.remoteAddress ?? '';
      if (countFrom(server, address) >= CAST_SOCKETS_PER_ADDRESS) {
        return refuseUpgrade(socket, '429 Too Many Requests');
      }
      server.handleUpgrade(request, socket, head, (ws) => {
        addresses.set(ws, address);
        alive.add(ws);
        ws.on('pong', () => alive.add(ws));
        if (role === 'sender') attachSender(relay, ws);
        else attachReceiver(relay, ws, receiverName(query.get('name')));
      });
    },
  );

  registerCastPages(app);

  if (options.admin) {
    app.get('/admin/cast/faults', async () => relay.faults);
    app.put('/admin/cast/faults', async (request, reply) => {
      const faults = parseFaults(request.body);
      if (!faults)
        return sendError(
          reply,
          400,
          'faults: noReceiver, refuseSession, failLoad (booleans), dropAfterLoadMs (ms or null)',
        );
      relay.setFaults(faults);
      return faults;
    });
    app.delete('/admin/cast/faults', async (_request, reply) => {
      relay.setFaults(NO_CAST_FAULTS);
      return reply.code(204).send();
    });
  }

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    unroute();
    for (const client of server.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return relay;
}

function peerOf<T>(ws: WebSocket): CastPeer<T> {
  return {
    send: (message) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    },
    close: () => ws.close(1001, 'Receiver gone'),
  };
}

function attachSender(relay: CastRelay, ws: WebSocket): void {
  const peer = peerOf<ToSender>(ws);
  relay.addSender(peer);
  ws.on('message', (data) => {
    const message = parseSenderMessage(String(data));
    if (message) relay.fromSender(peer, message);
  });
  ws.on('close', () => relay.removeSender(peer));
  ws.on('error', () => ws.terminate());
}

function attachReceiver(relay: CastRelay, ws: WebSocket, name: string): void {
  const peer = peerOf<ToReceiver>(ws);
  relay.addReceiver(peer, name);
  ws.on('message', (data) => {
    const message = parseReceiverMessage(String(data));
    if (message) relay.fromReceiver(peer, message);
  });
  ws.on('close', () => relay.removeReceiver(peer));
  ws.on('error', () => ws.terminate());
}

function ownOrigin(request: IncomingMessage, origins: readonly string[]): boolean {
  const origin = request.headers.origin;
  return typeof origin === 'string' && origins.includes(origin.toLowerCase());
}

/** A name the sender shows: printable, at most 60 characters (rendered as text by the page anyway). */
function receiverName(raw: string | null): string {
  const name = (raw ?? '')
    .replace(/[^\p{L}\p{N} .'’-]/gu, '')
    .trim()
    .slice(0, 60);
  return name || DEFAULT_RECEIVER_NAME;
}

function parseFaults(body: unknown): CastFaults | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const flag = (key: string) => (record[key] === undefined ? false : record[key]);
  const faults = {
    noReceiver: flag('noReceiver'),
    refuseSession: flag('refuseSession'),
    failLoad: flag('failLoad'),
    dropAfterLoadMs: record.dropAfterLoadMs ?? null,
  };
  const booleans = [faults.noReceiver, faults.refuseSession, faults.failLoad].every((v) => typeof v === 'boolean');
  const drop =
    faults.dropAfterLoadMs === null || (typeof faults.dropAfterLoadMs === 'number' && faults.dropAfterLoadMs >= 0);
  return booleans && drop ? (faults as CastFaults) : null;
}
