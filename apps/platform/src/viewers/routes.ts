/**
 * HTTP side of the viewer service:
 *
 *   GET    /viewer/v1/token                 x-client-token (+ x-request-id) → { data: { token } }
 *                                           the viewer is the device a signed request id names,
 *                                           else the client's address key (viewer-token.ts)
 *   GET    /current-viewers?ids[]=1&ids[]=2 → [{ channel_id, viewers }] (unknown ids absent)
 *   GET    /api/v2/livestreams/:id/viewers  → [{ viewers }]
 *   POST   /admin/viewers/token-faults      queue a token failure {status, count?} → 201 { faults }
 *   GET    /admin/viewers/token-faults      → { faults: [{ status, remaining }] }
 *   DELETE /admin/viewers/token-faults      clear → 204
 *
 * Errors use the platform's shape. Counts are never cached: the embed polls them itself.
 */

import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ChannelRecord } from '../channels/channel-store.ts';
import type { PresenceStore } from './presence-store.ts';
import { parseTokenFault, type TokenFaults } from './token-faults.ts';
import { channelById, channelByLivestreamId, countViewers, type ChannelDirectory } from './viewer-counts.ts';
import { sendViewerError } from './viewer-error.ts';
import { addressViewerId, deviceViewerId, issueViewerToken } from './viewer-token.ts';
import { verifyRequestId } from '../identity/request-id.ts';
import { addressKey, type ClientAddressOf } from '../limits/address-key.ts';
import type { KeyedRateLimit } from '../limits/token-bucket.ts';

export interface ViewerRoutesOptions {
  channels: ChannelDirectory;
  store: PresenceStore;
  faults: TokenFaults;
  clientToken: string;
  tokenSecret: string;
  tokenTtlMs: number;
  /** Tokens per client address key (a stranger minting tokens in a loop gets 429s). */
  tokenLimit: KeyedRateLimit;
  /** How the client's address is read (the TCP peer by default, never a header). */
  clientAddress: ClientAddressOf;
  /** The identification service's secret, which signs request ids (identity/request-id.ts). */
  requestIdSecret: string;
  /** How old an identification may be and still vouch for a device. */
  requestIdMaxAgeMs: number;
  now: () => number;
  admin: boolean;
}

/** A channel id in a query: an integer, as the contract's `ids: number[]` serialises. */
const ID_PATTERN = /^-?\d{1,15}$/;
/** Far above what an embed asks (one channel), low enough that a count stays one Redis round trip. */
const MAX_IDS = 100;
/** Device-identification request ids are short opaque strings; this only rejects junk. */
const REQUEST_ID_PATTERN = /^[\x21-\x7e]{1,256}$/;

const COUNTS_UNAVAILABLE = 'Viewer counts unavailable';

type Query = Record<string, string | string[] | undefined>;

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Encapsulated, so its error handler (bad JSON bodies in our shape) stays local. */
export async function viewerRoutes(scope: FastifyInstance, options: ViewerRoutesOptions): Promise<void> {
  const { channels, store, faults, now } = options;

  /** Presence unreachable (Redis down) is a 503, not a 500: the counts come back with it. */
  async function countOrLog(request: FastifyRequest, list: readonly ChannelRecord[]) {
    try {
      return await countViewers(store, list);
    } catch (error) {
      request.log.warn({ err: error }, 'viewer count failed');
      return undefined;
    }
  }

  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return sendViewerError(reply, status, status === 500 ? 'Internal error' : error.message);
  });

  scope.get('/viewer/v1/token', async (request, reply) => {
    const injected = faults.take();
    if (injected !== undefined) return sendViewerError(reply, injected, `Injected token failure (${injected})`);
    if (headerValue(request.headers['x-client-token']) !== options.clientToken) {
      return sendViewerError(reply, 401, 'Invalid client token');
    }
    // An IPv6 client is its /64: one machine may use any of its 2^64 addresses.
    const key = addressKey(options.clientAddress(request.raw));
    if (!options.tokenLimit.take(key)) {
      reply.header('retry-after', '2');
      return sendViewerError(reply, 429, 'Too many token requests from this address');
    }
    const requestId = headerValue(request.headers['x-request-id']) || undefined;
    if (requestId !== undefined && !REQUEST_ID_PATTERN.test(requestId)) {
      return sendViewerError(reply, 400, 'x-request-id must be 1 to 256 visible ASCII characters');
    }
    // A request id we did not sign, or signed too long ago, vouches for nobody. Not refused:
    // the embed presents what its cache holds, and a viewer whose identification failed or
    // went stale still watches; it counts as its address's one unvouched viewer.
    const vouched =
      requestId === undefined
        ? undefined
        : verifyRequestId(options.requestIdSecret, requestId, now(), options.requestIdMaxAgeMs);
    if (vouched?.ok === false) request.log.debug({ reason: vouched.reason }, 'viewer token: request id unvouched');
    const token = issueViewerToken(options.tokenSecret, {
      viewerId: vouched?.ok
        ? deviceViewerId(options.tokenSecret, vouched.visitorId)
        : addressViewerId(options.tokenSecret, key),
      expiresAt: now() + options.tokenTtlMs,
    });
    return reply.header('cache-control', 'no-store').send({ data: { token } });
  });

  scope.get<{ Querystring: Query }>('/current-viewers', async (request, reply) => {
    const raw = [request.query['ids[]'], request.query.ids].flat().filter((id) => id !== undefined);
    const bad = raw.find((id) => !ID_PATTERN.test(id));
    if (bad !== undefined) return sendViewerError(reply, 400, `ids[] must be channel ids (integers), got "${bad}"`);
    const ids = [...new Set(raw.map(Number))];
    if (ids.length > MAX_IDS) return sendViewerError(reply, 400, `At most ${MAX_IDS} ids[] per request`);
    const known = ids.flatMap((id) => channelById(channels, id) ?? []);
    const counts = await countOrLog(request, known);
    if (!counts) return sendViewerError(reply, 503, COUNTS_UNAVAILABLE);
    return reply
      .header('cache-control', 'no-store')
      .send(known.map((channel) => ({ channel_id: channel.id, viewers: counts.get(channel.id) ?? 0 })));
  });

  scope.get<{ Params: { id: string } }>('/api/v2/livestreams/:id/viewers', async (request, reply) => {
    const { id } = request.params;
    const channel = ID_PATTERN.test(id) ? channelByLivestreamId(channels, Number(id)) : undefined;
    if (!channel) return sendViewerError(reply, 404, 'Livestream not found');
    const counts = await countOrLog(request, [channel]);
    if (!counts) return sendViewerError(reply, 503, COUNTS_UNAVAILABLE);
    return reply.header('cache-control', 'no-store').send([{ viewers: counts.get(channel.id) ?? 0 }]);
  });

  if (!options.admin) return;

  scope.post('/admin/viewers/token-faults', async (request, reply) => {
    const parsed = parseTokenFault(request.body);
    if (!parsed.ok) return sendViewerError(reply, 400, parsed.message);
    faults.add(parsed.fault);
    return reply.code(201).header('cache-control', 'no-store').send({ faults: faults.list() });
  });

  scope.get('/admin/viewers/token-faults', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ faults: faults.list() }),
  );

  scope.delete('/admin/viewers/token-faults', async (_request, reply) => {
    faults.clear();
    return reply.code(204).send();
  });
}
