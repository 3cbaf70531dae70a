import type { ErrorType, PlayerError } from '@onair/player';

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

/** The copy for `error`'s type; a type this build does not know (a newer engine) gets the default. */
export function playerErrorCopy(error: Pick<PlayerError, 'type'>): string {
  return Object.hasOwn(COPY, error.type) ? COPY[error.type] : DEFAULT_PLAYER_ERROR_COPY;
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
