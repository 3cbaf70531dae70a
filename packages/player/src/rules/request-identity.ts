/**
 * Who is watching, as the player's requests carry it: SPEC §7's setAuthToken, setClientId,
 * setDeviceId, setPlayerType, setPlatformName and setRequestCredentials, one value on the page
 * (Player) that every sink applies to the requests it makes (our worker engine, the
 * live-manifest service worker, hls.js on the compatibility sink).
 *
 * Choices where the spec is silent (docs/player.md "Who is watching"):
 * - The playback token travels as the `token` query parameter (as IVS's private channels take
 *   it), on every request to the playback URL's own origin and on none elsewhere: a header
 *   would make every cross-origin part and blocking reload a CORS preflight (a second round
 *   trip per part), and a playlist naming another host must not be handed the token.
 * - Client id, device id, player type and platform name go on one playlist request: the first
 *   of a load, and the first after they change (IdentityCarrier). Once is enough to tag the
 *   session at the origin; on every media playlist they would make each viewer's LL-HLS
 *   blocking reload a URL of its own that no CDN can share between viewers. Not only on the
 *   multivariant: the embed's early start asks for that before the player exists, and the
 *   device id is known only after the first frame.
 * - Credentials are the fetch mode of every request (withCredentials on hls.js's XHR).
 */
export interface RequestIdentity {
  authToken: string | null;
  clientId: string | null;
  deviceId: string | null;
  playerType: string | null;
  platformName: string | null;
  credentials: RequestCredentials;
}

export const NO_IDENTITY: RequestIdentity = Object.freeze({
  authToken: null,
  clientId: null,
  deviceId: null,
  playerType: null,
  platformName: null,
  credentials: 'same-origin',
});

/** The query parameter the playback token travels in. */
export const TOKEN_PARAM = 'token';

/** The multivariant request's parameters, by the identity field each carries. */
export const IDENTITY_PARAMS = {
  clientId: 'client_id',
  deviceId: 'device_id',
  playerType: 'player_type',
  platformName: 'platform',
} as const satisfies Partial<Record<keyof RequestIdentity, string>>;

export type IdentityField = keyof typeof IDENTITY_PARAMS;

/** A JWT of a few claims is well under this; more is a mistake, never sent on every request. */
export const AUTH_TOKEN_MAX = 4096;
/** An id or a name: short, printable, no spaces. */
export const IDENTITY_VALUE_MAX = 128;

const CREDENTIALS: readonly RequestCredentials[] = ['omit', 'same-origin', 'include'];

/**
 * Why `value` cannot be an identity value of at most `max` characters (null: it can; ''
 * clears it): printable ASCII with no spaces, what a query parameter carries as it is. A JWT
 * (base64url in three parts) and other token shapes pass.
 */
export function identityValueProblem(value: unknown, max = IDENTITY_VALUE_MAX): string | null {
  return typeof value === 'string' && value.length <= max && /^[\x21-\x7e]*$/.test(value)
    ? null
    : `not printable text of at most ${max} characters without spaces`;
}

/** Why `token` cannot be the playback token (null: it can; '' clears it). */
export const authTokenProblem = (token: unknown): string | null => identityValueProblem(token, AUTH_TOKEN_MAX);

export function isRequestCredentials(value: unknown): value is RequestCredentials {
  return CREDENTIALS.includes(value as RequestCredentials);
}

/** The token a playback URL already carries (an IVS-style `?token=`), or null. */
export function tokenOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get(TOKEN_PARAM) || null;
  } catch {
    return null;
  }
}

const sameOrigin = (a: URL, source: string): boolean => {
  try {
    return a.origin === new URL(source).origin;
  } catch {
    return false;
  }
};

/**
 * The URL a request of the player's goes to: `url` with the current token (replacing one it
 * carries, so a refreshed token reaches URLs written with the old one) where it is of the
 * playback URL `source`'s origin, and, on the multivariant request (`first`), the ids. The
 * token is the page's (setAuthToken) or else the one the playback URL carries: a private
 * channel's URL is all an early start has, and its media playlists are named relative to it,
 * which drops the query. Anything that is not an absolute http(s) URL is left as it is.
 */
export function requestUrl(url: string, identity: RequestIdentity, source: string, first = false): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || !sameOrigin(parsed, source)) return url;
  let changed = false;
  const token = identity.authToken ?? tokenOf(source);
  if (token && parsed.searchParams.get(TOKEN_PARAM) !== token) {
    parsed.searchParams.set(TOKEN_PARAM, token);
    changed = true;
  }
  if (first) {
    for (const field of Object.keys(IDENTITY_PARAMS) as IdentityField[]) {
      const value = identity[field];
      if (value) {
        parsed.searchParams.set(IDENTITY_PARAMS[field], value);
        changed = true;
      }
    }
  }
  return changed ? parsed.href : url;
}

/**
 * An identity from a message (the live-manifest worker takes nothing on trust): each value
 * checked as the Player checks it; null when any is wrong.
 */
export function checkIdentity(input: unknown): RequestIdentity | null {
  if (typeof input !== 'object' || input === null) return null;
  const value = input as Record<keyof RequestIdentity, unknown>;
  const text = (v: unknown, problem: (v: unknown) => string | null) =>
    v === null ? null : problem(v) === null ? (v as string) || null : undefined;
  const identity = {
    authToken: text(value.authToken, authTokenProblem),
    clientId: text(value.clientId, identityValueProblem),
    deviceId: text(value.deviceId, identityValueProblem),
    playerType: text(value.playerType, identityValueProblem),
    platformName: text(value.platformName, identityValueProblem),
    credentials: isRequestCredentials(value.credentials) ? value.credentials : undefined,
  };
  return Object.values(identity).includes(undefined) ? null : (identity as RequestIdentity);
}

/** Whether a URL names a playlist (the ids may go with it): its path ends in .m3u8 or .m3u. */
export function isPlaylistUrl(url: string): boolean {
  try {
    return /\.m3u8?$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

const hasIds = (identity: RequestIdentity) =>
  (Object.keys(IDENTITY_PARAMS) as IdentityField[]).some((field) => identity[field]);
const sameIds = (a: RequestIdentity, b: RequestIdentity) =>
  (Object.keys(IDENTITY_PARAMS) as IdentityField[]).every((field) => a[field] === b[field]);

/**
 * The identity one sink's requests carry, and when the ids go with them: on the first
 * playlist request of a load (`source`) and the first after they change, once each.
 */
export class IdentityCarrier {
  #identity: RequestIdentity = NO_IDENTITY;
  #idsDue = true;

  /** `source`: the playback URL; only requests of its origin carry anything. */
  constructor(public source = '') {}

  get identity(): RequestIdentity {
    return this.#identity;
  }

  set identity(identity: RequestIdentity) {
    if (!sameIds(identity, this.#identity)) this.#idsDue = true;
    this.#identity = identity;
  }

  /** A new load: its first playlist request carries the ids again. */
  restart(source: string): void {
    this.source = source;
    this.#idsDue = true;
  }

  /** The URL to request `url` at; `playlist`: a playlist request (the ids may go with it). */
  url(url: string, playlist: boolean): string {
    const ids = playlist && this.#idsDue && hasIds(this.#identity);
    const decorated = requestUrl(url, this.#identity, this.source, ids);
    if (ids && decorated !== url) this.#idsDue = false;
    return decorated;
  }
}
