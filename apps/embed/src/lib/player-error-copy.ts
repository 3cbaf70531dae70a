import type { AuthorizationRefusal, DrmFailure, ErrorType, PlaybackRestriction, PlayerError } from '@onair/player';

/** The heading of the error message; the copy below it says what happened in plain words. */
export const PLAYER_ERROR_TITLE = 'This stream could not be played';

/** For every type that has nothing more specific to say. */
export const DEFAULT_PLAYER_ERROR_COPY = 'Something went wrong while playing the stream. Try again in a moment.';

/**
 * What a viewer reads for each error type (SPEC §8's types). The engine's own message is for
 * developers (`manifestLoadError (HTTP 404)`), so it never reaches the screen. A Record over
 * the union makes a new engine error type a compile error here until it has its words.
 */
const COPY: Record<ErrorType, string> = {
  Error: DEFAULT_PLAYER_ERROR_COPY,
  NotSupported: "This browser can't play this stream. Try another browser or device.",
  NoSource: "The stream isn't available right now.",
  InvalidData: "Part of the stream couldn't be read. Try again in a moment.",
  InvalidState: DEFAULT_PLAYER_ERROR_COPY,
  InvalidParameter: DEFAULT_PLAYER_ERROR_COPY,
  Timeout: 'The stream stopped loading. Try again in a moment.',
  Network: 'We lost the connection to the stream. Check your connection and try again.',
  NetworkIO: 'We lost the connection to the stream. Check your connection and try again.',
  Authorization: "You don't have access to this stream.",
  NotAvailable: "The stream isn't available right now.",
};

/**
 * A restriction the origin named (SPEC §8 codes, PlayerError.restriction), in the viewer's
 * words and with what they can do about it. Keyed by the spec's numbers: a code this build
 * does not know falls back to the copy of the error's type.
 */
const RESTRICTION_COPY: Record<PlaybackRestriction, string> = {
  1: "This stream isn't available in your country or region.",
  2: "This stream can't be played on this device. Try watching on another device.",
  3: "This stream can't be watched through a VPN or proxy. Turn it off, then retry.",
  4: "This stream can't be watched over a mobile network. Connect to Wi-Fi, then retry.",
  5: "This stream is only for viewers with access to it, such as the channel's subscribers.",
  6: "This channel's past broadcasts can't be watched here.",
};

/**
 * Why a private channel's origin refused the viewer's playback token (PlayerError.authorization),
 * in the viewer's words. A Retry fetches a fresh token first (use-playback-token.ts), which
 * helps with all but a site the channel is not for and a viewer whose access was withdrawn.
 */
const AUTHORIZATION_COPY: Record<AuthorizationRefusal, string> = {
  missing: 'This stream is private. Retry to get access to it.',
  invalid: "Your access to this private stream couldn't be checked. Retry to get it again.",
  expired: 'Your access to this private stream ran out. Retry to renew it.',
  channel: 'Your access pass is for another channel. Retry to get one for this stream.',
  origin: "This private stream can't be played on this site.",
  viewer: 'Your access to this private stream was withdrawn.',
  reused: "This private stream's one-time pass was used already. Retry to get a new one.",
  resolution: "This quality isn't part of your access to this stream. Retry to play the ones that are.",
};

/** A DRM-protected stream whose keys could not be had (PlayerError.drm, SPEC §8's DRM messages). */
const DRM_COPY: Record<DrmFailure, string> = {
  'no-cdm': "This browser can't play protected streams. Try another browser or device.",
  'license-unauthorized': "This browser isn't allowed to play this protected stream. Try another browser or device.",
  'license-unavailable': "This protected stream can't be unlocked right now. Try again in a moment.",
  'license-server': "The service that unlocks this stream isn't working right now. Try again in a moment.",
  'license-request': "We couldn't reach the service that unlocks this stream. Check your connection and try again.",
  'auth-xml': "We couldn't confirm your access to this protected stream. Try again in a moment.",
  certificate: "We couldn't get what this protected stream needs to play. Try again in a moment.",
};

/** What this browser is, which asking again cannot change. */
const FINAL_DRM: ReadonlySet<string> = new Set(['no-cdm', 'license-unauthorized']);

/** Refusals a fresh token cannot change: no Retry for these. */
const FINAL_AUTHORIZATIONS: ReadonlySet<string> = new Set(['origin', 'viewer']);

/** HTTP 429 from the origin: a limit on how many watch at once, lifting as others leave. */
export const CONCURRENCY_LIMIT_COPY = 'Too many people are watching right now. Try again in a few minutes.';

/** Where the viewer is, or what they have, which a retry cannot change: no Retry for these. */
const FINAL_RESTRICTIONS: ReadonlySet<number> = new Set([1, 2, 5, 6]);

/**
 * The copy for `error`: its restriction's, the concurrency limit's, else its type's; a type
 * this build does not know (a newer engine) gets the default.
 */
export function playerErrorCopy(
  error: Pick<PlayerError, 'type'> & Partial<Pick<PlayerError, 'code' | 'restriction' | 'authorization' | 'drm'>>,
): string {
  if (error.restriction !== undefined && Object.hasOwn(RESTRICTION_COPY, error.restriction)) {
    return RESTRICTION_COPY[error.restriction];
  }
  if (error.authorization !== undefined && Object.hasOwn(AUTHORIZATION_COPY, error.authorization)) {
    return AUTHORIZATION_COPY[error.authorization];
  }
  if (error.drm !== undefined && Object.hasOwn(DRM_COPY, error.drm)) return DRM_COPY[error.drm];
  if (error.code === 429) return CONCURRENCY_LIMIT_COPY;
  return Object.hasOwn(COPY, error.type) ? COPY[error.type] : DEFAULT_PLAYER_ERROR_COPY;
}

/**
 * Whether Retry can help: not where the origin said the viewer is somewhere, or on something,
 * it will not serve (a region, a device, an entitlement, past broadcasts); a VPN can be turned
 * off and Wi-Fi found, and anything else may be passing.
 */
export function offersRetry(error: Partial<Pick<PlayerError, 'restriction' | 'authorization' | 'drm'>>): boolean {
  if (error.authorization !== undefined && FINAL_AUTHORIZATIONS.has(error.authorization)) return false;
  if (error.drm !== undefined && FINAL_DRM.has(error.drm)) return false;
  return error.restriction === undefined || !FINAL_RESTRICTIONS.has(error.restriction);
}

/**
 * The engine's details for the console, where developers look: type, code, source and message,
 * with the query and fragment of any URL in the message dropped, since signed playback URLs
 * carry their token there and a console is often pasted into bug reports.
 */
export function playerErrorConsoleDetail(error: PlayerError): string {
  const message = error.message.replace(/\b(https?:\/\/[^\s?#]*)[?#]\S*/g, '$1');
  return `${error.type} (code ${error.code}, ${error.source}): ${message}`;
}

/**
 * Errors a lost connection explains: when the browser says it is back online, the player tries
 * again by itself, as a viewer's Retry would (nobody coming out of a tunnel should have to
 * click). Others (a stream that is gone, a refused codec) would only fail again.
 */
export function retriesWhenOnline(error: Pick<PlayerError, 'type'>): boolean {
  return error.type === 'Network' || error.type === 'NetworkIO' || error.type === 'Timeout';
}
