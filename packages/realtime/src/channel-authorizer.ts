import { PRIVATE_LIVESTREAM_PREFIX, catalogue, realtimeAuthResponseSchema } from '@onair/contracts';
import type { RealtimeAuthBody } from '@onair/contracts';
import type { ChannelAuthorizationHandler } from 'pusher-js';
import { REALTIME_PROVIDER_NAME, REALTIME_STORE_NAME } from './constants.ts';
import { describeError } from './environment.ts';
import type { FetchLike, RealtimeLogger } from './environment.ts';

/** SPEC §5: only these channels go through our authorisation; the rest keep pusher-js's. */
export function isPrivateLivestreamChannel(channelName: string): boolean {
  return channelName.startsWith(PRIVATE_LIVESTREAM_PREFIX);
}

/** The realtime worker authorisation URL on a given origin (the path is the contract's). */
export function realtimeAuthUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${catalogue['realtime.workerAuth'].path}`;
}

export type RealtimeAuthErrorCode = 'no-request-id' | 'http' | 'network' | 'bad-response';

/** Errors are data (DESIGN style 6): pusher-js gets an `Error`, callers can still read the code. */
export class RealtimeAuthError extends Error {
  override readonly name = 'RealtimeAuthError';
  readonly code: RealtimeAuthErrorCode;
  readonly status: number | undefined;

  constructor(code: RealtimeAuthErrorCode, message: string, status?: number) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export interface LivestreamAuthorizerOptions {
  /** Full URL of the realtime worker authorisation (see `realtimeAuthUrl`). */
  authUrl: string;
  fetch: FetchLike;
  /** Read at authorisation time: the request id may arrive after the connection. */
  getRequestId(): string | null | undefined;
  logger: RealtimeLogger;
  /** Named in the missing-requestId error (SPEC §8). */
  storeName?: string;
  /** Named in the failure message (SPEC §8). */
  providerName?: string;
}

async function requestAuth(
  options: LivestreamAuthorizerOptions,
  body: RealtimeAuthBody,
  failure: string,
): Promise<string> {
  let response: Response;
  try {
    response = await options.fetch(options.authUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new RealtimeAuthError('network', `${failure}: ${describeError(error)}`);
  }
  if (!response.ok) throw new RealtimeAuthError('http', `${failure}: ${response.status}`, response.status);
  const parsed = realtimeAuthResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new RealtimeAuthError('bad-response', `${failure}: no auth in the response`, response.status);
  }
  return parsed.data.auth;
}

/**
 * pusher-js `customHandler` for `private-lstm_` channels: POSTs `{socketId, channelName,
 * requestId}` as JSON and hands the answer's `auth` back. Every failure is logged as a warning
 * and given to pusher-js as an error, which then emits `pusher:subscription_error`.
 */
export function createLivestreamAuthorizer(options: LivestreamAuthorizerOptions): ChannelAuthorizationHandler {
  const failure = `Failed to fetch auth token for ${options.providerName ?? REALTIME_PROVIDER_NAME}`;
  return ({ socketId, channelName }, callback) => {
    const fail = (error: RealtimeAuthError) => {
      options.logger.warn(error.message, { channelName, status: error.status });
      callback(error, null);
    };
    const requestId = options.getRequestId();
    if (!requestId) {
      fail(new RealtimeAuthError('no-request-id', `No requestId found in ${options.storeName ?? REALTIME_STORE_NAME}`));
      return;
    }
    requestAuth(options, { socketId, channelName, requestId }, failure).then(
      (auth) => callback(null, { auth }),
      (error: unknown) =>
        fail(error instanceof RealtimeAuthError ? error : new RealtimeAuthError('network', describeError(error))),
    );
  };
}

/**
 * pusher-js takes one authoriser for every private channel, and setting `customHandler` would
 * take the other prefixes away from its default endpoint. So the library builds its default
 * and we put this router in front of it: `private-lstm_` → ours, anything else → the default.
 */
export function routeChannelAuthorization(
  livestream: ChannelAuthorizationHandler,
  fallback: ChannelAuthorizationHandler,
): ChannelAuthorizationHandler {
  return (params, callback) =>
    isPrivateLivestreamChannel(params.channelName) ? livestream(params, callback) : fallback(params, callback);
}
