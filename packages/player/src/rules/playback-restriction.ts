import { AuthorizationRefusal, PlaybackRestriction } from '../types/errors.ts';

/**
 * What an origin's refusal says about why (pure), read by every sink that can see the body.
 *
 * The answer (docs/player.md "Restricted playback"; the stand-in origin answers it): a 403
 * whose JSON body is the platform's error shape with the SPEC §8 restriction code in it,
 *
 *     { "status": 403, "statusText": "Forbidden",
 *       "data": { "message": "Playback restricted: geoblocked", "restriction": 1 } }
 *
 * IVS answers a restricted playback with a 403 and a JSON body naming it too; `restriction`
 * carries the spec's number rather than a string, so a new reason is a new number, not a
 * renamed word. Anything else (no body, HTML, another shape, an unknown number) is a plain
 * 403: the viewer reads the generic "no access" copy.
 */
export function restrictionOf(status: number, body: string): PlaybackRestriction | null {
  const code = refusalData(status, body)?.restriction;
  return isPlaybackRestriction(code) ? code : null;
}

/**
 * Why a private channel's origin refused the playback token, from the same answer:
 * `data.authorization` naming one of AuthorizationRefusal (a token expired, another
 * channel's, …); null for anything else.
 */
export function authorizationOf(status: number, body: string): AuthorizationRefusal | null {
  const reason = refusalData(status, body)?.authorization;
  return (Object.values(AuthorizationRefusal) as unknown[]).includes(reason) ? (reason as AuthorizationRefusal) : null;
}

/** The `data` object of a 403's small JSON body, or null. */
function refusalData(status: number, body: string): Record<string, unknown> | null {
  if (status !== 403 || body.length === 0 || body.length > RESTRICTION_BODY_MAX) return null;
  try {
    const data = (JSON.parse(body) as { data?: unknown } | null)?.data;
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Whether `value` is one of SPEC §8's restriction codes (1–6). */
export function isPlaybackRestriction(value: unknown): value is PlaybackRestriction {
  return (Object.values(PlaybackRestriction) as unknown[]).includes(value);
}

/** The most of a refused answer's body read for its reason: an error body is small. */
export const RESTRICTION_BODY_MAX = 4096;

/**
 * How long to wait before asking again after a 429 (Too Many Requests), from its Retry-After
 * (seconds, or an HTTP date against `nowMs`); null when it says nothing usable. A limit that
 * lifts only after the retry schedule would have given up (a concurrency limit answers a
 * minute) is an answer, not a reason to keep asking: loader.ts retryDelay.
 */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date ends in GMT (RFC 9110 5.6.7); Date.parse alone reads "-5" as a year.
  const date = / GMT$/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isFinite(date) ? Math.max(0, date - nowMs) : null;
}
