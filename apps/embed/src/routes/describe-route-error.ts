import { isRouteErrorResponse } from 'react-router';
import { EmbedError } from '../lib/embed-error.ts';

/**
 * What a retry does on an error screen:
 * - `refetch`: forget the channel's cached answers and run the route's loader again (a network
 *   blip, a 5xx, or a channel that was not found a moment ago but may exist now);
 * - `open-channel`: the offline page was opened without its channel's info, so go through
 *   `/{slug}`, which fetches it and comes back here when the channel is still offline;
 * - `reload`: something unexpected; start the page over;
 * - null: retrying cannot change the answer (a bad slug, a path no route matches).
 */
export type RetryAction = 'refetch' | 'open-channel' | 'reload' | null;

export type RouteErrorView =
  { screen: 'misconfigured' } | { screen: 'error'; title: string; retry: RetryAction; unexpected: boolean };

export function describeRouteError(error: unknown): RouteErrorView {
  if (error instanceof EmbedError) {
    switch (error.kind) {
      case 'misconfigured':
        return { screen: 'misconfigured' };
      case 'channel-not-found':
      case 'playback-not-found':
      case 'video-not-found':
        return { screen: 'error', title: error.message, retry: 'refetch', unexpected: false };
      case 'offline-unfetched':
        return { screen: 'error', title: error.message, retry: 'open-channel', unexpected: false };
      case 'invalid-slug':
        return { screen: 'error', title: error.message, retry: null, unexpected: false };
    }
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { screen: 'error', title: 'Page not found', retry: null, unexpected: false };
  }
  return { screen: 'error', title: 'Something went wrong', retry: 'reload', unexpected: true };
}
