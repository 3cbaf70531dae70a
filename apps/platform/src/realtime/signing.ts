/**
 * The Pusher protocol's two signatures, as pure functions:
 *
 * - channel authorisation: `auth = "<key>:" + HMAC-SHA256-hex(secret, "<socket_id>:<channel>")`
 *   (presence channels append `":<channel_data>"`), what an authorisation endpoint hands the
 *   client and the socket server checks on `pusher:subscribe`;
 * - HTTP API requests: `auth_signature = HMAC-SHA256-hex(secret, "<METHOD>\n<path>\n<query>")`
 *   where the query is every parameter but `auth_signature`, keys lower-cased, sorted, joined
 *   as `k=v` with `&`, and `body_md5` is the hex MD5 of the raw body.
 *
 * Comparisons are constant-time so a caller cannot find a signature byte by byte.
 */

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function hmacSha256Hex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('hex');
}

export function md5Hex(body: string | Uint8Array): string {
  return createHash('md5')
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('hex');
}

/** Equal strings, compared without an early exit; different lengths are simply unequal. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function channelAuthStringToSign(socketId: string, channelName: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channelName}` : `${socketId}:${channelName}:${channelData}`;
}

export interface SigningKey {
  key: string;
  secret: string;
}

/** The `auth` value for one socket on one channel. */
export function channelAuth(
  credentials: SigningKey,
  socketId: string,
  channelName: string,
  channelData?: string,
): string {
  const signature = hmacSha256Hex(credentials.secret, channelAuthStringToSign(socketId, channelName, channelData));
  return `${credentials.key}:${signature}`;
}

export type AuthCheck = { ok: true } | { ok: false; message: string };

/** Checks a subscription's `auth` against the socket and channel it claims to be for. */
export function verifyChannelAuth(
  credentials: SigningKey,
  socketId: string,
  channelName: string,
  auth: unknown,
  channelData?: string,
): AuthCheck {
  if (typeof auth !== 'string' || auth === '') {
    return { ok: false, message: `Auth info required to subscribe to ${channelName}` };
  }
  const colon = auth.indexOf(':');
  if (colon < 0) {
    return {
      ok: false,
      message: `Auth value for subscription to ${channelName} is invalid: should be of format 'key:signature'`,
    };
  }
  const key = auth.slice(0, colon);
  if (!constantTimeEqual(key, credentials.key)) {
    return { ok: false, message: `Invalid key in subscription auth data: '${key}'` };
  }
  const expected = channelAuth(credentials, socketId, channelName, channelData);
  if (!constantTimeEqual(auth, expected)) {
    const signed = channelAuthStringToSign(socketId, channelName, channelData);
    return { ok: false, message: `Invalid signature: Expected HMAC SHA256 hex digest of ${signed}` };
  }
  return { ok: true };
}

export type QueryParams = Readonly<Record<string, string>>;

/** The text an HTTP API request signs; `auth_signature` itself is never part of it. */
export function apiStringToSign(method: string, path: string, query: QueryParams): string {
  const pairs = Object.entries(query)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(([name]) => name !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`);
  return [method.toUpperCase(), path, pairs.join('&')].join('\n');
}

export function apiSignature(secret: string, method: string, path: string, query: QueryParams): string {
  return hmacSha256Hex(secret, apiStringToSign(method, path, query));
}
