/**
 * Errors the embed's routes raise on purpose, with the spec's messages (SPEC §8). A route
 * error boundary shows them as screens; anything else is shown as an unexpected error.
 */
export type EmbedErrorKind =
  | 'invalid-slug'
  | 'channel-not-found'
  | 'playback-not-found'
  | 'offline-unfetched'
  | 'video-not-found'
  | 'misconfigured';

export const EMBED_ERROR_MESSAGES: Record<EmbedErrorKind, string> = {
  'invalid-slug': 'Invalid channel identifier',
  'channel-not-found': 'Channel not found',
  'playback-not-found': 'Playback URL not found',
  'offline-unfetched': 'Accessing offline page for a channel that has never been fetched',
  // Not in the spec: a past video that is gone, or that the platform gives no playback URL.
  'video-not-found': 'Video not found',
  // The rule for when an embed is misconfigured is in embed-url.ts.
  misconfigured: 'This embed seems to be misconfigured',
};

export class EmbedError extends Error {
  readonly kind: EmbedErrorKind;

  constructor(kind: EmbedErrorKind, options?: { cause?: unknown }) {
    super(EMBED_ERROR_MESSAGES[kind], options);
    this.name = 'EmbedError';
    this.kind = kind;
  }
}
