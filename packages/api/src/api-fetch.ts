import { errorResponseSchema, type HttpMethod } from '@onair/contracts';
import { SESSION_TOKEN_COOKIE, documentCookies, type CookieReader } from './cookie.ts';
import type { HttpError } from './errors.ts';
import { API_REQUEST_SETTINGS } from './request-settings.ts';

/** What the helpers need from their surroundings, injected so tests run in Node. */
export interface FetchEnvironment {
  /** Prefix of every path; '' in the embed, whose calls go to its own server (SPEC §7). */
  baseUrl: string;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Defaults to the document's cookies. */
  getCookie?: CookieReader;
  /** Name of the session-token cookie (default {@link SESSION_TOKEN_COOKIE}). */
  sessionCookie?: string;
  /**
   * The Referer to send. Browsers forbid setting the `Referer` header, so it goes through
   * fetch's `referrer` option; the default is the page's own URL ('about:client').
   */
  referrer?: string;
  /**
   * Sent with every call so a page's stricter referrer policy cannot drop the Referer the spec
   * requires; the browser default: full URL on the same origin, the origin across origins.
   */
  referrerPolicy?: RequestInit['referrerPolicy'];
}

export interface ApiRequest {
  method?: HttpMethod;
  /** FormData and URLSearchParams go as they are; anything else defined as JSON. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

const isFormBody = (body: unknown): body is FormData | URLSearchParams =>
  body instanceof FormData || body instanceof URLSearchParams;

/**
 * Reads a body as JSON, else as text, else null (empty): an error page in HTML stays readable
 * in the thrown error, and a 204 reads as null rather than failing.
 */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The main fetch helper (SPEC §7 "Common fetch behaviour"): credentials included, no-cache,
 * `Accept` JSON, a Referer, `Content-Type` JSON for a body that is not form data (for form data
 * the browser writes the multipart type and boundary itself), and a bearer token from the
 * session cookie when one exists. A call without a body declares no type: servers such as
 * Fastify reject an empty body typed JSON (400), and on a cross-origin GET the header alone
 * would force a CORS preflight. The token only ever goes in the header: never logged, never
 * kept in an error.
 *
 * Resolves to the parsed body. A non-OK answer throws an {@link HttpError}: `data` is the
 * parsed body (JSON, else text, else null), except that the platform's own error envelope
 * `{ status, statusText, data: { message } }` is unwrapped to its `data`, so the thrown object
 * is that envelope and `data.message` is the message either way. Network failures reject with
 * fetch's own TypeError, untouched, so callers can tell them apart for retries.
 */
export async function apiFetch(env: FetchEnvironment, path: string, request: ApiRequest = {}): Promise<unknown> {
  const { body } = request;
  const headers: Record<string, string> = { Accept: API_REQUEST_SETTINGS.accept };
  if (body !== undefined && !isFormBody(body)) headers['Content-Type'] = 'application/json';
  const token = (env.getCookie ?? documentCookies)(env.sessionCookie ?? SESSION_TOKEN_COOKIE);
  if (token) headers.Authorization = `Bearer ${token}`;
  Object.assign(headers, request.headers);

  // Called unbound: a browser's fetch throws "Illegal invocation" with `env` as `this`.
  const doFetch = env.fetch ?? globalThis.fetch;
  // `cache` is spelled out in the type: Node's RequestInit type omits it, though its fetch honours it.
  const init: RequestInit & { cache: 'no-cache' } = {
    method: request.method ?? 'GET',
    credentials: API_REQUEST_SETTINGS.credentials,
    cache: API_REQUEST_SETTINGS.cache,
    headers,
    body: body === undefined || isFormBody(body) ? body : JSON.stringify(body),
    ...(env.referrer === undefined ? {} : { referrer: env.referrer }),
    referrerPolicy: env.referrerPolicy ?? API_REQUEST_SETTINGS.referrerPolicy,
    signal: request.signal,
  };
  const response = await doFetch(`${env.baseUrl.replace(/\/+$/, '')}${path}`, init);

  const data = await readBody(response);
  if (!response.ok) {
    const envelope = errorResponseSchema.safeParse(data);
    throw {
      data: envelope.success ? envelope.data.data : data,
      status: response.status,
      statusText: response.statusText,
    } satisfies HttpError;
  }
  return data;
}
