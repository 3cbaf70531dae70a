/**
 * The request id `POST /device-id/identify` answers: signed by the platform, so the viewer
 * token endpoint can tell an identification it made from a string a stranger made up.
 *
 *   <issued ms>.<6 random chars>.<visitorId>.<base64url HMAC-SHA256(secret, "request-id:v1:" + the rest)>
 *   1800000000000.Ab3_x-.Q2xhc3NpY1Zpc2l0b3I.5Yt…(43 chars)
 *
 * - **What it binds:** the device (its visitorId) and when it was identified. The viewer id a
 *   token carries is derived from the visitorId, so every request id of one device (each tab,
 *   each identification the cache did not serve) is one viewer. It is not bound to the
 *   client's address: a phone moving from Wi-Fi to mobile data keeps its identification, and
 *   the per-address caps are applied where sockets connect, on the address they come from.
 * - **How long it is good for:** REQUEST_ID_MAX_AGE_MS, one day, checked by the verifier
 *   against the signed issue time. The embed caches an identification for a day (SPEC §9,
 *   packages/identity), so what its cache serves is still vouched for; one presented later
 *   (an old tab, a skewed clock) is not, and is treated as no identification at all.
 * - **Key:** DEVICE_ID_SECRET (the identification service's), with its own domain tag, so a
 *   request id can never pass for a visitorId or a viewer token and back.
 *
 * Still unguessable (the random part) and sortable by time, like the common services' ids.
 */

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long an identification vouches for a device: the client's identification cache lifetime (SPEC §9). */
export const REQUEST_ID_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How far in the future a signed issue time may be (another node's clock a little ahead). */
export const REQUEST_ID_CLOCK_SKEW_MS = 60_000;

const DOMAIN = 'request-id:v1:';
const PATTERN = /^(\d{1,15})\.([\w-]{6})\.([\w-]{1,64})\.([\w-]{43})$/;

export interface VouchedRequestId {
  visitorId: string;
  /** ms since the epoch. */
  issuedAt: number;
}

/** Why a request id is not vouched for. */
export type RequestIdRefusal = 'malformed' | 'signature' | 'expired';

export type RequestIdCheck = ({ ok: true } & VouchedRequestId) | { ok: false; reason: RequestIdRefusal };

function sign(secret: string, unsigned: string): Buffer {
  return createHmac('sha256', secret).update(`${DOMAIN}${unsigned}`).digest();
}

export function signRequestId(secret: string, claims: VouchedRequestId): string {
  const nonce = randomBytes(6).toString('base64url').slice(0, 6);
  const unsigned = `${claims.issuedAt}.${nonce}.${claims.visitorId}`;
  return `${unsigned}.${sign(secret, unsigned).toString('base64url')}`;
}

/** Constant-time on the signature, which is checked before anything the id says is believed. */
export function verifyRequestId(
  secret: string,
  requestId: string,
  now: number,
  maxAgeMs: number = REQUEST_ID_MAX_AGE_MS,
): RequestIdCheck {
  const match = PATTERN.exec(requestId);
  if (!match) return { ok: false, reason: 'malformed' };
  const [, issued, nonce, visitorId, signature] = match as unknown as [string, string, string, string, string];
  const expected = sign(secret, `${issued}.${nonce}.${visitorId}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  const issuedAt = Number(issued);
  if (now - issuedAt >= maxAgeMs || issuedAt - now > REQUEST_ID_CLOCK_SKEW_MS) return { ok: false, reason: 'expired' };
  return { ok: true, visitorId, issuedAt };
}
