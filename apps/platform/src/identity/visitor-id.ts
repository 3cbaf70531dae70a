import { createHmac, randomBytes } from 'node:crypto';

/**
 * How the stand-in recognises a device: a random id in a first-party cookie, turned into the
 * visitorId with an HMAC under a server secret.
 *
 * Consent (SPEC §4, §9 "Cookies"): the cookie is set without asking, as strictly necessary. It
 * exists only for fraud and abuse prevention of anonymous viewing (bot viewers, token abuse),
 * holds a random id and nothing about the person, is first-party, and is `HttpOnly` with
 * `Path=/device-id`, so no page script reads it and it travels only to the identification
 * endpoint — never used for analytics or advertising, which would need targeting consent. Page
 * scripts cannot see it, so the consent store's cookie sweep (which can only delete what
 * `document.cookie` shows) neither classifies nor deletes it; were it ever made visible, it
 * belongs with the necessary cookies (`onair_device_id`).
 *
 * The visitorId is derived rather than the cookie value itself, so the id a page sees (and may
 * send elsewhere) cannot be replayed as the cookie to impersonate that device.
 *
 * Embeds run in third-party iframes, where SameSite=Lax cookies are withheld: over https the
 * cookie is `SameSite=None; Secure; Partitioned` (CHIPS: kept per embedding site, so it cannot
 * follow a visitor across sites). https as the browser sees it: behind a TLS-terminating proxy
 * the platform's own https origin says so, not the plain-http hop (routes.ts). Over plain http
 * (local development) `Secure` is impossible, so it is `SameSite=Lax`. Where no cookie comes back at all, each call gets a new id; the
 * client's one-day cache keeps the visitorId stable for that page's storage anyway.
 */

export const DEVICE_COOKIE = 'onair_device_id';
export const DEVICE_COOKIE_PATH = '/device-id';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const LOCAL_DEVICE_ID_SECRET = 'onair-local-device-id-secret';

/** 16 random bytes, base64url. */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const VISITOR_ID_LENGTH = 20;

export interface DeviceCookie {
  id: string;
  /** true when the request brought no valid cookie and one must be set. */
  issued: boolean;
}

export function deviceCookieOf(cookieHeader: string | undefined): DeviceCookie {
  const existing = readCookie(cookieHeader ?? '', DEVICE_COOKIE);
  if (existing !== undefined && DEVICE_ID_PATTERN.test(existing)) return { id: existing, issued: false };
  return { id: randomBytes(16).toString('base64url'), issued: true };
}

export function deviceCookieHeader(id: string, secure: boolean): string {
  const scope = secure ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax';
  return `${DEVICE_COOKIE}=${id}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; ${scope}`;
}

export function visitorIdFor(secret: string, deviceId: string): string {
  return createHmac('sha256', secret).update(deviceId).digest('base64url').slice(0, VISITOR_ID_LENGTH);
}

function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
