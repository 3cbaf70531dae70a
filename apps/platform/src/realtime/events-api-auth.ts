/**
 * Authentication of the HTTP events API, as the protocol defines it for server SDKs: the
 * query carries `auth_key`, `auth_timestamp`, `auth_version=1.0`, `body_md5` (when there is a
 * body) and `auth_signature` over method, path and the sorted query (signing.ts). Pure: the
 * route hands in what it received and the clock, and answers 401 with the message on failure.
 */

import { apiStringToSign, constantTimeEqual, hmacSha256Hex, md5Hex, type QueryParams } from './signing.ts';

export interface SignedRequest {
  method: string;
  /** The path exactly as requested, without the query. */
  path: string;
  query: QueryParams;
  rawBody: string;
}

export interface ApiAuthPolicy {
  key: string;
  secret: string;
  nowMs: number;
  /** Largest allowed distance between `auth_timestamp` and `nowMs`, in seconds. */
  maxSkewS: number;
}

export type ApiAuthResult = { ok: true } | { ok: false; message: string };

const fail = (message: string): ApiAuthResult => ({ ok: false, message });

export function verifySignedRequest(request: SignedRequest, policy: ApiAuthPolicy): ApiAuthResult {
  const { query } = request;
  const key = query.auth_key;
  if (key === undefined || !constantTimeEqual(key, policy.key)) return fail(`Unknown auth_key "${key ?? ''}"`);

  if (query.auth_version !== '1.0') return fail('auth_version must be 1.0');

  const timestamp = query.auth_timestamp;
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return fail('auth_timestamp is missing or invalid');
  const nowS = Math.floor(policy.nowMs / 1000);
  if (Math.abs(nowS - Number(timestamp)) > policy.maxSkewS) {
    return fail(
      `Timestamp expired: Given timestamp (${timestamp}) not within ${policy.maxSkewS}s of server time (${nowS})`,
    );
  }

  // The body is covered only through its digest, so a body needs one and it must be right.
  if (request.rawBody !== '' || query.body_md5 !== undefined) {
    const digest = md5Hex(request.rawBody);
    if (query.body_md5 === undefined || !constantTimeEqual(query.body_md5, digest)) {
      return fail('body_md5 does not match the body');
    }
  }

  const stringToSign = apiStringToSign(request.method, request.path, query);
  const expected = hmacSha256Hex(policy.secret, stringToSign);
  const given = query.auth_signature;
  if (given === undefined || !constantTimeEqual(given, expected)) {
    // The text to sign is no secret; echoing it is what lets a client author find their bug.
    return fail(
      `Invalid signature: you should have sent HmacSHA256Hex(${JSON.stringify(stringToSign)}, your_secret_key), ` +
        `but you sent "${given ?? ''}"`,
    );
  }
  return { ok: true };
}

/**
 * The raw query string as a record; a repeated parameter makes the request ambiguous to sign,
 * so it answers `undefined` and the caller refuses the request.
 */
export function parseQuery(rawQuery: string): Record<string, string> | undefined {
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQuery)) {
    if (Object.hasOwn(query, name)) return undefined;
    query[name] = value;
  }
  return query;
}
