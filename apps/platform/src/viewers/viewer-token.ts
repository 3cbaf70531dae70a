/**
 * Viewer tokens: what `GET /viewer/v1/token` hands out and `/viewer/v1/connect` checks.
 *
 *   v1.<base64url(JSON {vid, exp})>.<base64url(HMAC-SHA256(secret, "v1.<payload>"))>
 *
 * `vid` is the viewer id presence counts by; `exp` is the expiry in ms since the epoch (the
 * platform's clock is in ms, so no rounding moves an expiry in tests). A token is checked once,
 * when a socket connects: an open socket outlives its token, as the client only asks for a new
 * one when it reconnects. Hand-rolled rather than a JWT library: one claim pair, one algorithm,
 * and nothing to negotiate, so `alg` confusion cannot arise.
 */

import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ViewerTokenClaims {
  viewerId: string;
  /** ms since the epoch. */
  expiresAt: number;
}

/** Why a token was refused; the socket layer maps each to a close code. */
export type TokenRefusal = 'missing' | 'malformed' | 'signature' | 'expired';

export type TokenCheck = { ok: true; claims: ViewerTokenClaims } | { ok: false; reason: TokenRefusal };

const VERSION = 'v1';

function sign(secret: string, signed: string): Buffer {
  return createHmac('sha256', secret).update(signed).digest();
}

export function issueViewerToken(secret: string, claims: ViewerTokenClaims): string {
  const payload = Buffer.from(JSON.stringify({ vid: claims.viewerId, exp: claims.expiresAt })).toString('base64url');
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${sign(secret, signed).toString('base64url')}`;
}

function readClaims(payload: string): ViewerTokenClaims | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { vid, exp } = parsed as Record<string, unknown>;
  if (typeof vid !== 'string' || vid === '' || typeof exp !== 'number' || !Number.isFinite(exp)) return undefined;
  return { viewerId: vid, expiresAt: exp };
}

export function verifyViewerToken(secret: string, token: string | undefined, now: number): TokenCheck {
  if (token === undefined || token === '') return { ok: false, reason: 'missing' };
  const parts = token.split('.');
  const [version, payload, signature] = parts;
  if (parts.length !== 3 || version !== VERSION || !payload || !signature) return { ok: false, reason: 'malformed' };
  const expected = sign(secret, `${version}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  // The signature is checked before the payload is even parsed, so nothing unsigned is read.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  const claims = readClaims(payload);
  if (!claims) return { ok: false, reason: 'malformed' };
  if (claims.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/**
 * The viewer id a token carries, which presence counts by. Derived (keyed by the secret, so an
 * id cannot be made from what a client knows, and neither the visitorId nor the address is
 * echoed in a token) from:
 *
 * - a device the platform vouched for (a signed request id from /device-id/identify): every
 *   token of that device, one per tab or per reconnect, is one viewer and counts once;
 * - otherwise the client's address key (its IPv4 address or IPv6 /64): every viewer the
 *   platform cannot vouch for from one address is one viewer. Identification failed (blocked,
 *   timed out), a forged, expired or junk request id, or none at all: they still get a token
 *   and watch, but a thousand of them from one address count as one.
 */
export function deviceViewerId(secret: string, visitorId: string): string {
  return `device-${sign(secret, `device:${visitorId}`).toString('base64url').slice(0, 22)}`;
}

export function addressViewerId(secret: string, addressKey: string): string {
  return `anon-${sign(secret, `address:${addressKey}`).toString('base64url').slice(0, 22)}`;
}
