import type { PlayerError } from '@onair/player';
import { playerErrorCopy } from '../lib/player-error-copy.ts';

/**
 * What the playground says when a stream fails: the embed's written copy for the error
 * (lib/player-error-copy.ts), and what a developer trying a URL wants next, the HTTP status
 * the server answered, or that a stream of another site may not allow this one (CORS). The
 * engine's own message stays in the console.
 */
export function playgroundProblem(error: Pick<PlayerError, 'type' | 'code'> & Partial<PlayerError>): string {
  const copy = playerErrorCopy(error);
  if (error.code >= 400 && error.code <= 599) return `${copy} The server answered HTTP ${error.code}.`;
  if (error.type === 'Network' || error.type === 'NetworkIO') {
    return `${copy} A stream on another site must allow this page to load it (CORS).`;
  }
  return copy;
}

/** The engine's script did not load (the page's own file): only a reload can help. */
export const ENGINE_UNAVAILABLE = "The player's engine could not be loaded. Reload the page and try again.";
