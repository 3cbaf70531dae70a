import { z } from '../zod.ts';
import { defineRoute } from '../route.ts';
import { notShown } from '../schemas/pages.ts';

/**
 * SPEC §7 "Other channel calls defined", channels v1. No response shape is shown for any of
 * them (`notShown`); JSON bodies without a shown payload accept any JSON value.
 */
export const channelsV1Routes = {
  'channels.v1.followed': defineRoute({ method: 'GET', path: '/api/v1/channels/followed', response: notShown }),
  'channels.v1.muteUser': defineRoute({
    method: 'POST',
    path: '/api/v1/channels/:slug/mute-user',
    // Payload not shown; JSON like its v1 siblings that the spec marks as JSON.
    body: 'json',
    response: notShown,
  }),
  'channels.v1.followers': defineRoute({
    method: 'GET',
    path: '/api/v1/channels/:slug/followers',
    query: z.object({ search: z.optional(z.string()) }),
    response: notShown,
  }),
  'channels.v1.supportACreator': defineRoute({
    method: 'POST',
    path: '/api/v1/channels/:slug/support-a-creator',
    body: 'json',
    response: notShown,
  }),
  'channels.v1.liveSearch': defineRoute({
    method: 'GET',
    path: '/api/v1/live-channels/:slug/search',
    response: notShown,
  }),
  'channels.v1.subscribe': defineRoute({
    method: 'POST',
    path: '/api/v1/channels/user/subscribe',
    body: 'json',
    response: notShown,
  }),
  'channels.v1.unsubscribe': defineRoute({
    method: 'POST',
    path: '/api/v1/channels/user/unsubscribe',
    body: 'json',
    response: notShown,
  }),
  'channels.v1.show': defineRoute({ method: 'GET', path: '/api/v1/channels/:slug', response: notShown }),
  'channels.v1.links': defineRoute({ method: 'GET', path: '/api/v1/channels/:slug/links', response: notShown }),
  /** Keyed by the channel id, not its slug (SPEC §7 writes `{id}`). */
  'channels.v1.me': defineRoute({ method: 'GET', path: '/api/v1/channels/:id/me', response: notShown }),
  /**
   * The leaderboard's first path segment is a product-specific term the spec omits; ours is
   * the plain `channels`, so the call sits with the other v1 channel calls.
   */
  'channels.v1.leaderboard': defineRoute({
    method: 'GET',
    path: '/api/v1/channels/:slug/leaderboard',
    response: notShown,
  }),
} as const;
