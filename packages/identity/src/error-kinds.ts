/**
 * SPEC §8 "Device-identification errors", one kind each, with the log level the adapter uses
 * and the agent protocol that signals it (see README.md "Agent protocol").
 *
 * Levels follow who can act on the failure:
 * - `error`: our own set-up is wrong (API key, endpoint, CSP, allowed origins, a broken
 *   agent/proxy answer) and every visitor is affected until someone fixes it;
 * - `warn`: the visitor's environment or the service's load (offline, blockers, slow network,
 *   rate limit, a 5xx) — expected at some rate, worth counting, not worth paging;
 * - `info`: the request was cancelled (navigation away), nothing went wrong.
 * None of them is fatal: the embed plays without identification.
 */

export type IdentificationErrorKind =
  | 'api-key-required'
  | 'api-key-not-found'
  | 'api-key-expired'
  | 'client-timeout'
  | 'network-connection'
  | 'request-aborted'
  | 'response-unparseable'
  | 'csp-blocked'
  | 'invalid-endpoint'
  | 'agent-load-failed'
  | 'too-many-requests'
  | 'origin-not-available'
  | 'restricted-header'
  | 'request-failed';

export type IdentificationLogLevel = 'error' | 'warn' | 'info';

export interface IdentificationErrorInfo {
  readonly level: IdentificationLogLevel;
  /** The agent's message for this kind; matched exactly (case-insensitive) when no code is given. */
  readonly message: string;
  /**
   * Machine codes an agent may put on its error (`error.code`) or an endpoint in its error body
   * (`data.code`). The first is the one our own agent and endpoint emit; the others are
   * spellings used by commercial agents, so a drop-in replacement classifies the same.
   */
  readonly codes: readonly string[];
}

export const IDENTIFICATION_ERRORS: Readonly<Record<IdentificationErrorKind, IdentificationErrorInfo>> = {
  'api-key-required': {
    level: 'error',
    message: 'API key required',
    codes: ['api_key_missing', 'public_api_key_required', 'token_missing'],
  },
  'api-key-not-found': {
    level: 'error',
    message: 'API key not found',
    codes: ['api_key_invalid', 'public_api_key_not_found', 'token_invalid'],
  },
  'api-key-expired': { level: 'error', message: 'API key expired', codes: ['api_key_expired', 'token_expired'] },
  'client-timeout': { level: 'warn', message: 'Client timeout', codes: ['client_timeout'] },
  'network-connection': {
    level: 'warn',
    message: 'Network connection error',
    codes: ['network_error', 'network_connection'],
  },
  'request-aborted': { level: 'info', message: 'Network request aborted', codes: ['network_abort', 'request_aborted'] },
  'response-unparseable': {
    level: 'error',
    message: 'Response cannot be parsed',
    codes: ['response_cannot_be_parsed', 'bad_response_format', 'json_parsing_error', 'invalid_response_type'],
  },
  'csp-blocked': { level: 'error', message: 'Blocked by CSP', codes: ['csp_block'] },
  'invalid-endpoint': {
    level: 'error',
    message: 'The endpoint parameter is not a valid URL',
    codes: ['invalid_endpoint', 'invalid_url'],
  },
  // Mostly content blockers matching the agent's name; hence warn, although a broken proxy shows the same.
  'agent-load-failed': {
    level: 'warn',
    message: 'Failed to load the JS script of the agent',
    codes: ['script_load_fail', 'agent_load_failed'],
  },
  'too-many-requests': {
    level: 'warn',
    message: 'Too many requests, rate limit exceeded',
    codes: ['too_many_requests', 'rate_limit_exceeded'],
  },
  'origin-not-available': {
    level: 'error',
    message: 'Not available for this origin',
    codes: ['origin_not_available', 'forbidden_origin'],
  },
  'restricted-header': {
    level: 'warn',
    message: 'Not available with restricted header',
    codes: ['restricted_header', 'forbidden_header'],
  },
  'request-failed': {
    level: 'warn',
    message: 'Request failed',
    codes: ['failed', 'server_error', 'request_cannot_be_parsed', 'unknown_error'],
  },
};

export const IDENTIFICATION_ERROR_KINDS = Object.keys(IDENTIFICATION_ERRORS) as IdentificationErrorKind[];

/** A failure as data: what `identify()` resolves with, never throws. */
export interface IdentificationFailure {
  readonly ok: false;
  readonly kind: IdentificationErrorKind;
  /** The agent's own message when it gave one, else the kind's canonical message. */
  readonly message: string;
}

export function identificationFailure(kind: IdentificationErrorKind, message?: string): IdentificationFailure {
  return { ok: false, kind, message: message ?? IDENTIFICATION_ERRORS[kind].message };
}

/**
 * HTTP status of the identification endpoint when the error carries no code: the shape of a
 * proxy or CDN answer that never reached the service.
 */
export function kindForStatus(status: number): IdentificationErrorKind {
  if (status === 401) return 'api-key-required';
  if (status === 403) return 'api-key-not-found';
  if (status === 429) return 'too-many-requests';
  return 'request-failed';
}
