import type { FastifyReply } from 'fastify';

/**
 * Errors of the identification endpoint: the platform's error shape (SPEC §3, http-error.ts)
 * plus `data.code`, the machine code the agent turns into its error (agent-script.ts). The code
 * is what the client classifies on; the message is for people reading the response.
 */
export type IdentifyErrorCode =
  | 'api_key_missing'
  | 'api_key_invalid'
  | 'origin_not_available'
  | 'request_cannot_be_parsed'
  | 'too_many_requests'
  | 'failed';

export interface IdentifyErrorBody {
  status: number;
  statusText: string;
  data: { code: IdentifyErrorCode; message: string };
}

const MESSAGES: Record<IdentifyErrorCode, string> = {
  api_key_missing: 'API key required',
  api_key_invalid: 'API key not found',
  origin_not_available: 'Not available for this origin',
  request_cannot_be_parsed: 'Request cannot be parsed',
  too_many_requests: 'Too many requests, rate limit exceeded',
  failed: 'Request failed',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** What an injected status stands for: the same reading the agent applies to a bare status. */
export function codeForStatus(status: number): IdentifyErrorCode {
  if (status === 400 || status === 413 || status === 415) return 'request_cannot_be_parsed';
  if (status === 401) return 'api_key_missing';
  if (status === 403) return 'api_key_invalid';
  if (status === 429) return 'too_many_requests';
  return 'failed';
}

export function identifyErrorBody(status: number, code: IdentifyErrorCode): IdentifyErrorBody {
  return { status, statusText: STATUS_TEXT[status] ?? 'Error', data: { code, message: MESSAGES[code] } };
}

export function sendIdentifyError(reply: FastifyReply, status: number, code: IdentifyErrorCode): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(identifyErrorBody(status, code));
}
