/**
 * Error replies of the fault injector and its admin API, in the platform's error shape
 * (`errorBody`). The status text comes from Node's table because injected faults use any
 * 4xx/5xx, not only the handful the rest of the platform answers.
 */

import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import { errorBody, type ErrorBody } from '../http-error.ts';

export function faultErrorBody(status: number, message: string): ErrorBody {
  return { ...errorBody(status, message), statusText: STATUS_CODES[status] ?? 'Error' };
}

/**
 * Sends the error JSON. CORS is open and caching off, like the origin's own errors: a
 * cross-origin player must see the status (not a CORS failure), and a cached injected 503
 * would outlive the fault.
 */
export function sendFaultError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header('access-control-allow-origin', '*')
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(faultErrorBody(status, message));
}
