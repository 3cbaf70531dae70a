/**
 * SPEC §7 "Common fetch behaviour", as request settings anything may read without the client
 * (the embed's early start, inlined in the page, cannot carry the schemas): credentials
 * included, no-cache, JSON accepted, the referrer policy. apiFetch (api-fetch.ts) builds every
 * request from them.
 */
export const API_REQUEST_SETTINGS = {
  credentials: 'include',
  cache: 'no-cache',
  accept: 'application/json',
  referrerPolicy: 'strict-origin-when-cross-origin',
} as const;

export { SESSION_TOKEN_COOKIE } from './cookie.ts';
