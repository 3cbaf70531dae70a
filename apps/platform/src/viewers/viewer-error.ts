import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import { errorBody } from '../http-error.ts';

/**
 * The platform's error shape, with Node's status text: the viewer service answers statuses
 * (401, injected 5xx) that the shared table in http-error.ts does not name. Never cached, so
 * an injected failure cannot outlive its fault.
 */
export function sendViewerError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ ...errorBody(status, message), statusText: STATUS_CODES[status] ?? 'Error' });
}
