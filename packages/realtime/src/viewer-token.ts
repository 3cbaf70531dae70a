import { catalogue, viewerTokenSchema } from '@onair/contracts';
import { VIEWER_SOCKET_DEFAULTS } from './constants.ts';
import { describeError } from './environment.ts';
import type { FetchLike, RealtimeLogger, Sleep } from './environment.ts';

export const NO_TOKEN_MESSAGE = 'No token received from query';

export interface ViewerTokenRequest {
  /** The websocket service's HTTP(S) base URL (public config `PUBLIC_WEBSOCKET_URL`). */
  websocketUrl: string;
  /** Sent as `x-client-token`. */
  clientToken: string;
  /** Device-identification request id, sent as `x-request-id` when there is one. */
  requestId?: string | null;
}

export interface ViewerTokenEnvironment {
  fetch: FetchLike;
  /** `Math.random` fits: [0, 1). */
  random(): number;
  sleep: Sleep;
  logger?: RealtimeLogger;
}

export interface TokenRetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface ViewerTokenOptions {
  delayMs?: { min: number; max: number };
  retry?: TokenRetryPolicy;
  /** Aborts the wait and the request (the socket was closed meanwhile). */
  signal?: AbortSignal;
}

export type ViewerTokenErrorCode = 'http' | 'network' | 'no-token';

/** A failed token query. `http` ones carry SPEC §8's `{ data, status, statusText }`. */
export class ViewerTokenError extends Error {
  override readonly name = 'ViewerTokenError';
  readonly code: ViewerTokenErrorCode;
  readonly status: number | undefined;
  readonly statusText: string | undefined;
  readonly data: unknown;

  constructor(
    code: ViewerTokenErrorCode,
    message: string,
    detail: { status?: number; statusText?: string; data?: unknown; cause?: unknown } = {},
  ) {
    super(message, detail.cause === undefined ? undefined : { cause: detail.cause });
    this.code = code;
    this.status = detail.status;
    this.statusText = detail.statusText;
    this.data = detail.data;
  }
}

export function viewerTokenUrl(websocketUrl: string): string {
  return `${websocketUrl.replace(/\/+$/, '')}${catalogue['viewer.token'].path}`;
}

/** SPEC §9: a random wait in [min, max] ms, both ends reachable, before each token query. */
export function tokenDelayMs(
  random: () => number,
  range: { min: number; max: number } = VIEWER_SOCKET_DEFAULTS.tokenDelayMs,
): number {
  return range.min + Math.round(random() * (range.max - range.min));
}

/** Wait before retry `retry` (1-based): 1 s, 2 s, 4 s, never above the cap (SPEC §8). */
export function tokenRetryDelayMs(retry: number, policy: TokenRetryPolicy = VIEWER_SOCKET_DEFAULTS.tokenRetry): number {
  return Math.min(policy.baseDelayMs * 2 ** (retry - 1), policy.maxDelayMs);
}

const NETWORK_FAILURE_MESSAGES = new Set(['Failed to fetch', 'Load failed']);

/**
 * What fetch throws when the request never got an answer: Chrome's 'Failed to fetch',
 * Safari's 'Load failed', and Firefox's and node's TypeErrors with other wording.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && NETWORK_FAILURE_MESSAGES.has(error.message));
}

/**
 * SPEC §8: retried only on a status above 500 or a network failure. Read literally, a plain
 * 500 is not retried; a 4xx (a bad client token) never is, since asking again cannot help.
 */
export function isRetryableTokenError(error: unknown): boolean {
  if (!(error instanceof ViewerTokenError)) return false;
  return error.code === 'network' || (error.code === 'http' && (error.status ?? 0) > 500);
}

async function queryToken(request: ViewerTokenRequest, env: ViewerTokenEnvironment, signal?: AbortSignal) {
  const headers: Record<string, string> = { accept: 'application/json', 'x-client-token': request.clientToken };
  if (request.requestId) headers['x-request-id'] = request.requestId;
  let response: Response;
  try {
    response = await env.fetch(viewerTokenUrl(request.websocketUrl), { method: 'GET', headers, signal });
  } catch (error) {
    if (!signal?.aborted && isNetworkFailure(error)) {
      throw new ViewerTokenError('network', describeError(error), { cause: error });
    }
    throw error;
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ViewerTokenError('http', `Viewer token request failed with status ${response.status}`, {
      status: response.status,
      statusText: response.statusText,
      data: body,
    });
  }
  const parsed = viewerTokenSchema.safeParse(body);
  const token = parsed.success ? parsed.data.data.token : null;
  if (!token) throw new ViewerTokenError('no-token', NO_TOKEN_MESSAGE);
  return token;
}

/**
 * GET `/viewer/v1/token` on the websocket service and return `data.token`. A random wait comes
 * first, so a crowd of viewers arriving (or reconnecting) together spreads out over seconds.
 */
export async function fetchViewerToken(
  request: ViewerTokenRequest,
  env: ViewerTokenEnvironment,
  options: ViewerTokenOptions = {},
): Promise<string> {
  const policy = options.retry ?? VIEWER_SOCKET_DEFAULTS.tokenRetry;
  await env.sleep(tokenDelayMs(env.random, options.delayMs), options.signal);
  for (let retry = 0; ; retry += 1) {
    if (retry > 0) await env.sleep(tokenRetryDelayMs(retry, policy), options.signal);
    try {
      return await queryToken(request, env, options.signal);
    } catch (error) {
      if (retry >= policy.retries || !isRetryableTokenError(error)) throw error;
      env.logger?.warn(`[viewer-socket] token query failed, retry ${retry + 1} of ${policy.retries}`, error);
    }
  }
}
