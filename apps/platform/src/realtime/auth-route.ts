/**
 * The realtime worker's authorisation endpoint (contracts: `realtime.workerAuth`):
 *
 *   POST /realtime/auth  {socketId, channelName, requestId}  → 200 {auth}
 *
 * SPEC §5: only `private-lstm_` channels are authorised here (others 403, they are not ours to
 * sign) and a requestId is required (400). It must be one `/device-id/identify` signed in the
 * last day (identity/request-id.ts), as the embed presents it; anything else is refused (403),
 * or the requirement would hold only against clients that send nothing. The livestream named
 * by the channel must exist (404) and still be live (403: a stream that ended has no audience
 * to join). The answer is the protocol's channel signature for that socket (signing.ts), which
 * the socket server checks on `pusher:subscribe`. Errors use the platform's error shape
 * (http-error.ts).
 */

import {
  PRIVATE_LIVESTREAM_PREFIX,
  realtimeAuthBodySchema,
  type RealtimeAuthBody,
  type RealtimeAuthResponse,
} from '@onair/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { sendError } from '../http-error.ts';
import { verifyRequestId } from '../identity/request-id.ts';
import { SOCKET_ID } from './channel-registry.ts';
import type { RealtimeCredentials } from './realtime-config.ts';
import { channelAuth } from './signing.ts';
import type { LivestreamStatus } from './stream-lifecycle.ts';

export const REALTIME_AUTH_PATH = '/realtime/auth';

export interface AuthRouteOptions {
  credentials: RealtimeCredentials;
  livestreamStatus: (livestreamId: number) => LivestreamStatus;
  /** The identification service's secret and clock, which sign request ids. */
  requestIds: { secret: string; now: () => number };
}

const LIVESTREAM_CHANNEL = new RegExp(`^${PRIVATE_LIVESTREAM_PREFIX}(\\d{1,15})$`);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Encapsulated, so its error handler (malformed JSON in our shape) stays local. */
export async function realtimeAuthRoutes(scope: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  scope.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode === 400 || error.statusCode === 415 ? 400 : 500;
    return sendError(reply, status, status === 400 ? `Invalid request body: ${error.message}` : 'Internal error');
  });

  scope.post(REALTIME_AUTH_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = request.body;
    if (!isRecord(body)) return sendError(reply, 400, 'Body must be a JSON object');
    const { socketId, channelName, requestId } = body;

    if (typeof socketId !== 'string' || !SOCKET_ID.test(socketId)) {
      return sendError(reply, 400, 'socketId must be a socket id such as "123.456"');
    }
    if (typeof channelName !== 'string' || channelName === '') {
      return sendError(reply, 400, 'channelName is required');
    }
    if (!channelName.startsWith(PRIVATE_LIVESTREAM_PREFIX)) {
      return sendError(reply, 403, `Only ${PRIVATE_LIVESTREAM_PREFIX} channels are authorised here`);
    }
    if (typeof requestId !== 'string' || requestId === '') {
      return sendError(reply, 400, 'requestId is required');
    }
    const { secret, now } = options.requestIds;
    if (!verifyRequestId(secret, requestId, now()).ok) {
      return sendError(reply, 403, 'requestId is not an identification this platform made in the last day');
    }

    const id = LIVESTREAM_CHANNEL.exec(channelName)?.[1];
    const status = id === undefined ? 'unknown' : options.livestreamStatus(Number(id));
    if (status === 'unknown') return sendError(reply, 404, `Livestream of ${channelName} not found`);
    if (status === 'ended') return sendError(reply, 403, `Livestream of ${channelName} is not live`);

    // Every rule above is stricter than the contract; this keeps the two from drifting apart.
    const accepted: RealtimeAuthBody = realtimeAuthBodySchema.parse({ socketId, channelName, requestId });
    const answer: RealtimeAuthResponse = {
      auth: channelAuth(options.credentials, accepted.socketId, accepted.channelName),
    };
    return answer;
  });
}
