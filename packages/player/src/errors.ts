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

/** Errors are data, never thrown strings (DESIGN.md style 6). */
export interface PlayerError {
  type: ErrorType;
  code: number;
  source: string;
  message: string;
  fatal: boolean;
}

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
  return { action: 'report', error: { type: ErrorType.Error, code, source: 'media', message, fatal: true } };
}

/** Maps an HTTP status of a playlist or segment request onto the spec's error types. */
export function errorTypeForHttpStatus(status: number): ErrorType {
  if (status === 401 || status === 403) return ErrorType.Authorization;
  if (status === 404 || status === 410) return ErrorType.NotAvailable;
  if (status === 0) return ErrorType.NetworkIO;
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
