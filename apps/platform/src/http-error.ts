import type { FastifyReply } from 'fastify';

/**
 * The platform's error body, as the embed expects it (SPEC §3 "Error response shape"):
 * `{ status, statusText, data: { message } }`. Every error this stand-in answers uses it, so
 * the client's message extraction (data.message first) is exercised on real responses.
 */
export interface ErrorBody {
  status: number;
  statusText: string;
  /**
   * `restriction`: the SPEC §8 code of a refused playback (the origin's restricted answer);
   * `authorization`: why a private channel's origin refused the playback token
   * (playback-auth/playback-token.ts TokenRefusal).
   */
  data: { message: string; restriction?: number; authorization?: string };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(status: number, message: string): ErrorBody {
  return { status, statusText: STATUS_TEXT[status] ?? 'Error', data: { message } };
}

export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(status, message));
}
