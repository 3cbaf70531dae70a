/**
 * Error replies of the fault injector and its admin API, in the platform's error shape
 * (`errorBody`). The status text comes from Node's table because injected faults use any
 * 4xx/5xx, not only the handful the rest of the platform answers.
 */

import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import { errorBody, type ErrorBody } from '../http-error.ts';

export function faultErrorBody(
  status: number,
  message: string,
  restriction?: number,
  authorization?: string,
): ErrorBody {
  const body = { ...errorBody(status, message), statusText: STATUS_CODES[status] ?? 'Error' };
  return {
    ...body,
    data: {
      ...body.data,
      ...(restriction !== undefined && { restriction }),
      ...(authorization !== undefined && { authorization }),
    },
  };
}

/** SPEC §8 restriction codes, as the refusal's message words them (for people reading logs). */
export const RESTRICTION_REASONS: Record<number, string> = {
  1: 'geoblocked',
  2: 'unsupported device',
  3: 'anonymizer blocked',
  4: 'cellular network prohibited',
  5: 'unauthorized entitlements',
  6: 'VOD restricted',
};

/**
 * Sends the error JSON. CORS is open and caching off, like the origin's own errors: a
 * cross-origin player must see the status (not a CORS failure), and a cached injected 503
 * would outlive the fault.
 */
export function sendFaultError(
  reply: FastifyReply,
  status: number,
  message: string,
  extra: { restriction?: number; retryAfterS?: number; authorization?: string } = {},
): FastifyReply {
  if (extra.retryAfterS !== undefined) {
    // Not a CORS-safelisted header: a cross-origin player reads it only when it is exposed.
    reply.header('retry-after', String(extra.retryAfterS)).header('access-control-expose-headers', 'retry-after');
  }
  const text =
    extra.restriction === undefined ? message : `Playback restricted: ${RESTRICTION_REASONS[extra.restriction]}`;
  return reply
    .code(status)
    .header('access-control-allow-origin', '*')
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(faultErrorBody(status, text, extra.restriction, extra.authorization));
}
