/** Error types of SPEC §8. */
export const ErrorType = {
  Error: 'Error',
  NotSupported: 'NotSupported',
  NoSource: 'NoSource',
  InvalidData: 'InvalidData',
  InvalidState: 'InvalidState',
  InvalidParameter: 'InvalidParameter',
  Timeout: 'Timeout',
  Network: 'Network',
  NetworkIO: 'NetworkIO',
  Authorization: 'Authorization',
  NotAvailable: 'NotAvailable',
} as const;
export type ErrorType = (typeof ErrorType)[keyof typeof ErrorType];

/**
 * Where an error came from. `playlist` and `segment` are requests of the media engine;
 * `media` is the media element or MediaSource; `api` is a call of the Player API the player
 * refused; `listener` is a page's event listener that threw.
 */
export type ErrorSource =
  'load' | 'api' | 'playlist' | 'segment' | 'media' | 'buffering' | 'sink' | 'listener' | 'gpu' | 'drm';

/**
 * Error codes: never 0, so a code always says something.
 * - 1–4: the media element's MediaError codes (SPEC §8: decode 3, media-source creation 4).
 * - 100–599: the HTTP status of the failed request (SPEC §8: an unplayable never-played
 *   playlist is reported as 404).
 * - 1000 and up: the player's own conditions, below.
 * GPU errors (-1000 … -9999) are the GPU module's own (SPEC §8).
 */
export const ErrorCode = {
  MediaAborted: 1,
  MediaNetwork: 2,
  MediaDecode: 3,
  MediaSrcNotSupported: 4,
  NoWebAssembly: 1001,
  NoMediaElement: 1002,
  NoPlayableSink: 1003,
  SinkUnavailable: 1004,
  UnknownQuality: 1005,
  BufferingTimeout: 1006,
  ListenerThrew: 1007,
  /** A request failed without any HTTP status (offline, DNS, CORS, reset connection). */
  NetworkUnreachable: 1008,
  /** A request timed out before an answer. */
  NetworkTimeout: 1009,
  /** A playlist arrived but could not be parsed or holds nothing playable. */
  PlaylistInvalid: 1010,
  /** The media engine failed in a way it does not classify further. */
  EngineInternal: 1011,
  /** An init segment or fragment whose boxes do not parse, after the retries (our engine). */
  MediaInvalid: 1012,
  /** The live-manifest service worker stopped answering; native HLS plays on without it (non-fatal). */
  ServiceWorkerLost: 1013,
  /**
   * Casting failed (SPEC §8 cast errors: the session refused, the media not loaded, the request
   * failed); the message is the spec's, playback stays or comes back local (non-fatal).
   */
  CastFailed: 1014,
  /** setAudioTrack named a track the stream does not have. */
  UnknownAudioTrack: 1015,
  /** setTextTrack named a text track the stream does not have. */
  UnknownTextTrack: 1016,
  /** setAuthToken … setRequestCredentials with a value no request can carry (request-identity.ts). */
  InvalidIdentity: 1017,
  /** setExperiment with no id or no assignment. */
  InvalidExperiment: 1018,
  /** A DRM-protected stream, and no key system it names that this browser has a CDM for. */
  DrmNoCdm: 1019,
  /** A DRM license, certificate or AuthXML request that got no HTTP answer at all. */
  DrmRequestFailed: 1020,
  /** The CDM did not take the license it was given (a malformed answer). */
  DrmLicenseRejected: 1021,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Errors are data, never thrown strings (DESIGN.md style 6). */
export interface PlayerError {
  type: ErrorType;
  /** ErrorCode, an HTTP status (100–599), or a GPU code; never 0. */
  code: number;
  source: ErrorSource;
  /** For logs and monitoring only: a screen shows copy written for `type`, never this. */
  message: string;
  fatal: boolean;
  /**
   * SPEC §8 playback restriction code, where the origin refused playback for a reason it
   * named (playback-restriction.ts reads its answer); absent otherwise.
   */
  restriction?: PlaybackRestriction;
  /**
   * Why a private channel's origin refused the playback token, where it said
   * (playback-restriction.ts `authorizationOf`); absent otherwise.
   */
  authorization?: AuthorizationRefusal;
  /** What failed of a DRM-protected stream's keys (SPEC §8 DRM messages, drm/drm-types.ts); absent otherwise. */
  drm?: DrmFailure;
}

/**
 * Why a private channel's origin refused a request's playback token (the 403 body's
 * `data.authorization`, docs/player.md "Private channels"): none, not the platform's,
 * expired, another channel's, another site's, the viewer's access withdrawn, a single-use
 * token used already, a variant above its maximum resolution.
 */
export const AuthorizationRefusal = {
  Missing: 'missing',
  Invalid: 'invalid',
  Expired: 'expired',
  Channel: 'channel',
  Origin: 'origin',
  Viewer: 'viewer',
  Reused: 'reused',
  Resolution: 'resolution',
} as const;
export type AuthorizationRefusal = (typeof AuthorizationRefusal)[keyof typeof AuthorizationRefusal];

/**
 * SPEC §8's DRM messages, by what failed: the browser has no CDM for any key system the stream
 * names; the license server refused (403), has no license (404) or failed (5xx); the license
 * request got no answer; the AuthXML or the certificate could not be had.
 */
export const DrmFailure = {
  NoCdm: 'no-cdm',
  LicenseUnauthorized: 'license-unauthorized',
  LicenseUnavailable: 'license-unavailable',
  LicenseServer: 'license-server',
  LicenseRequest: 'license-request',
  AuthXml: 'auth-xml',
  Certificate: 'certificate',
} as const;
export type DrmFailure = (typeof DrmFailure)[keyof typeof DrmFailure];

/** Playback restriction codes of SPEC §8. */
export const PlaybackRestriction = {
  Geoblocked: 1,
  UnsupportedDevice: 2,
  AnonymizerBlocked: 3,
  CellularNetworkProhibited: 4,
  UnauthorizedEntitlements: 5,
  VodRestricted: 6,
} as const;
export type PlaybackRestriction = (typeof PlaybackRestriction)[keyof typeof PlaybackRestriction];

export const MESSAGES = {
  noWebAssembly: 'WebAssembly is not supported by the browser. This is required for playback.',
  deleted: 'Method called on deleted player instance.',
  bufferingTimeout: 'Buffering timeout',
  mediaSourceCreation: 'Failed to create a media source',
  bufferingTimeoutFatal: 'Buffering timeout: gave up after repeated reloads',
} as const;

/** HTMLMediaElement error codes. */
export const MediaErrorCode = { Aborted: 1, Network: 2, Decode: 3, SrcNotSupported: 4 } as const;

export interface MediaErrorContext {
  /** Has this source ever played a frame? */
  everPlayed: boolean;
  isHlsPlaylist: boolean;
  /** Decode errors already answered with a reload for this source. */
  decodeReloads: number;
}

export type MediaErrorDecision = { action: 'reload' } | { action: 'report'; error: PlayerError };

/**
 * SPEC §8 "Media errors": a decode error (3) first reloads the video once and is reported on
 * recurrence; a source-not-supported error (4) on a never-played HLS playlist is reported as
 * 404 (the stream is not there, e.g. offline); media-source creation failure is code 4.
 */
export function classifyMediaError(code: number, message: string, context: MediaErrorContext): MediaErrorDecision {
  if (code === MediaErrorCode.Decode) {
    if (context.decodeReloads < 1) return { action: 'reload' };
    return { action: 'report', error: { type: ErrorType.Error, code, source: 'media', message, fatal: true } };
  }
  if (code === MediaErrorCode.SrcNotSupported && context.isHlsPlaylist && !context.everPlayed) {
    return {
      action: 'report',
      error: { type: ErrorType.NotAvailable, code: 404, source: 'media', message: message || 'Not found', fatal: true },
    };
  }
  if (code === MediaErrorCode.SrcNotSupported) {
    return { action: 'report', error: { type: ErrorType.NotSupported, code, source: 'media', message, fatal: true } };
  }
  if (code === MediaErrorCode.Network) {
    return { action: 'report', error: { type: ErrorType.NetworkIO, code, source: 'media', message, fatal: true } };
  }
  const known = code >= MediaErrorCode.Aborted && code <= MediaErrorCode.SrcNotSupported;
  return {
    action: 'report',
    error: {
      type: ErrorType.Error,
      code: known ? code : ErrorCode.EngineInternal,
      source: 'media',
      message,
      fatal: true,
    },
  };
}

/** A request's failure as an error code: its HTTP status, or why there was none. */
export function codeForHttpStatus(status: number, timedOut = false): number {
  if (status >= 100 && status <= 599) return status;
  return timedOut ? ErrorCode.NetworkTimeout : ErrorCode.NetworkUnreachable;
}

/** Maps an HTTP status of a playlist or segment request onto the spec's error types. */
export function errorTypeForHttpStatus(status: number): ErrorType {
  if (status === 401 || status === 403) return ErrorType.Authorization;
  if (status === 404 || status === 410) return ErrorType.NotAvailable;
  if (!(status >= 100)) return ErrorType.NetworkIO;
  return ErrorType.Network;
}

/** Exponential backoff for fatal network errors; null once the retries are spent. */
export function networkRetryDelay(
  attempt: number,
  policy: { maxRetries: number; baseDelayMs: number; maxDelayMs: number },
): number | null {
  if (attempt >= policy.maxRetries) return null;
  return Math.min(policy.baseDelayMs * 2 ** attempt, policy.maxDelayMs);
}
