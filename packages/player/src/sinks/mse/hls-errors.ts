import {
  codeForHttpStatus,
  ErrorCode,
  ErrorType,
  errorTypeForHttpStatus,
  MESSAGES,
  networkRetryDelay,
  type ErrorSource,
  type PlayerError,
} from '../../types/errors.ts';
import { authorizationOf, restrictionOf } from '../../rules/playback-restriction.ts';

/**
 * The part of an hls.js ERROR event the policy looks at. Plain strings, not hls.js's enums,
 * so this module (and its tests) do not load the engine.
 */
export interface HlsErrorInput {
  /** hls.js ErrorTypes: 'networkError', 'mediaError', 'muxError', 'otherError', 'keySystemError'. */
  type: string;
  /** hls.js ErrorDetails, e.g. 'manifestLoadError', 'fragLoadTimeOut'. */
  details: string;
  fatal: boolean;
  /** HTTP status of the failed request; 0 or absent when there was none. */
  status?: number;
  /** The engine's own message (logs only). */
  message?: string;
  /** The refused request's body, where hls.js kept it (its XHR loader): a restriction's reason. */
  body?: string;
}

export interface HlsErrorContext {
  /** Fatal network errors already retried since the last buffered fragment. */
  networkAttempts: number;
  retry: { maxRetries: number; baseDelayMs: number; maxDelayMs: number };
}

/** What the mse sink does with an hls.js error. */
export type HlsErrorDecision =
  /** A non-fatal error hls.js recovers itself: reported (logs), never acted upon. */
  | { action: 'report'; error: PlayerError }
  /** A fatal network error worth another try after `delayMs`; `reloadManifest` or resume loading. */
  | { action: 'retry'; delayMs: number; reloadManifest: boolean }
  /** The media element or MediaSource failed: the player's media policy decides (SPEC §8). */
  | { action: 'media-error'; code: number; message: string }
  /** The end: a fatal error for the player. */
  | { action: 'fail'; error: PlayerError };

const MANIFEST_DETAILS: ReadonlySet<string> = new Set([
  'manifestLoadError',
  'manifestLoadTimeOut',
  'manifestParsingError',
]);
const PARSING_DETAILS: ReadonlySet<string> = new Set([
  'manifestParsingError',
  'levelParsingError',
  'levelEmptyError',
  'manifestIncompatibleCodecsError',
]);
/** SourceBuffers or the MediaSource itself could not be created: SPEC §8 "code 4". */
const MEDIA_SOURCE_CREATION_DETAILS: ReadonlySet<string> = new Set([
  'bufferAddCodecError',
  'bufferIncompatibleCodecsError',
  'attachMediaError',
]);

function requestSource(details: string): ErrorSource {
  if (MANIFEST_DETAILS.has(details) || details.startsWith('level') || details.startsWith('audioTrack')) {
    return 'playlist';
  }
  return 'segment';
}

function describe(input: HlsErrorInput): string {
  const status = input.status ? ` (HTTP ${input.status})` : '';
  return `${input.details}${status}${input.message ? `: ${input.message}` : ''}`;
}

function networkError(input: HlsErrorInput, fatal: boolean): PlayerError {
  const status = input.status ?? 0;
  const timedOut = /timeout/i.test(input.details);
  const restriction = restrictionOf(status, input.body ?? '');
  const authorization = authorizationOf(status, input.body ?? '');
  return {
    type: errorTypeForHttpStatus(status),
    code: codeForHttpStatus(status, timedOut),
    source: requestSource(input.details),
    message: describe(input),
    fatal,
    ...(restriction && { restriction }),
    ...(authorization && { authorization }),
  };
}

function otherError(input: HlsErrorInput, fatal: boolean): PlayerError {
  if (PARSING_DETAILS.has(input.details)) {
    return {
      type: ErrorType.InvalidData,
      code: ErrorCode.PlaylistInvalid,
      source: 'playlist',
      message: describe(input),
      fatal,
    };
  }
  return { type: ErrorType.Error, code: ErrorCode.EngineInternal, source: 'sink', message: describe(input), fatal };
}

/**
 * The mse sink's error policy as a pure function (hls.js's own retries run before an error
 * becomes fatal):
 * - non-fatal errors are reported for logs only;
 * - a fatal network error is retried with the player's backoff, except a 4xx, which is an
 *   answer (the stream is not there, or not for this viewer), not a hiccup;
 * - a playlist with no variant the browser decodes is NotSupported 1003, as on our engine;
 * - MediaSource or SourceBuffer creation failure is NotSupported with code 4 (SPEC §8);
 * - any other fatal media error goes to the player's media policy (reload once, then report);
 * - a parsing error is InvalidData, anything else an engine error.
 */
export function classifyHlsError(input: HlsErrorInput, context: HlsErrorContext): HlsErrorDecision {
  const network = input.type === 'networkError';
  // No variant this browser can decode (HEVC in Chromium here): what our own engine says of the
  // same playlist (NotSupported 1003), not a decode error to reload for.
  if (input.details === 'manifestIncompatibleCodecsError' && input.fatal) {
    return {
      action: 'fail',
      error: {
        type: ErrorType.NotSupported,
        code: ErrorCode.NoPlayableSink,
        source: 'playlist',
        message: `no variant this browser can play: ${describe(input)}`,
        fatal: true,
      },
    };
  }
  if (MEDIA_SOURCE_CREATION_DETAILS.has(input.details) && input.fatal) {
    return {
      action: 'fail',
      error: {
        type: ErrorType.NotSupported,
        code: ErrorCode.MediaSrcNotSupported,
        source: 'media',
        message: `${MESSAGES.mediaSourceCreation}: ${describe(input)}`,
        fatal: true,
      },
    };
  }
  if (!input.fatal) {
    const error =
      network && !PARSING_DETAILS.has(input.details) ? networkError(input, false) : otherError(input, false);
    return { action: 'report', error };
  }
  if (network) {
    const status = input.status ?? 0;
    const answered = status >= 400 && status < 500;
    const delayMs = answered ? null : networkRetryDelay(context.networkAttempts, context.retry);
    if (delayMs !== null) return { action: 'retry', delayMs, reloadManifest: MANIFEST_DETAILS.has(input.details) };
    // hls.js raises a playlist it could not parse as a network error: it is bad data.
    const error = PARSING_DETAILS.has(input.details) ? otherError(input, true) : networkError(input, true);
    return { action: 'fail', error };
  }
  if (input.type === 'mediaError') {
    return { action: 'media-error', code: ErrorCode.MediaDecode, message: describe(input) };
  }
  return { action: 'fail', error: otherError(input, true) };
}
