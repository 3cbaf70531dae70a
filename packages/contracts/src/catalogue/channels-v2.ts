import { defineRoute } from '../route.ts';
import { cursorPageSchema, cursorQuerySchema, nextCursorPageSchema, notShown } from '../schemas/pages.ts';

/**
 * SPEC §7 "Other channel calls defined", channels v2 (the embed's own v2 calls live in
 * embed.ts). Payloads are not shown: calls that change settings or content take a JSON body
 * of any shape; toggles named by their path (follow, enable) take none.
 */
export const channelsV2Routes = {
  'channels.v2.recentCategories': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/:slug/recent-categories',
    response: notShown,
  }),
  /** Snake-case cursor page: the older list call. */
  'channels.v2.followed': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/followed',
    query: cursorQuerySchema,
    response: cursorPageSchema,
  }),
  /** `nextCursor` page: the `-page` variant, shaped for an infinite list. */
  'channels.v2.followedPage': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/followed-page',
    query: cursorQuerySchema,
    response: nextCursorPageSchema,
  }),
  'channels.v2.enableSubscriptions': defineRoute({
    method: 'PUT',
    path: '/api/v2/channels/:slug/subscriptions/enable',
    response: notShown,
  }),
  'channels.v2.shouldMigrate': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/:slug/should-migrate',
    response: notShown,
  }),
  'channels.v2.migrate': defineRoute({ method: 'GET', path: '/api/v2/channels/:slug/migrate', response: notShown }),
  'channels.v2.report': defineRoute({
    method: 'POST',
    path: '/api/v2/channels/:slug/report',
    body: 'json',
    response: notShown,
  }),
  'channels.v2.me': defineRoute({ method: 'GET', path: '/api/v2/channels/:slug/me', response: notShown }),
  'channels.v2.follow': defineRoute({ method: 'POST', path: '/api/v2/channels/:slug/follow', response: notShown }),
  'channels.v2.unfollow': defineRoute({
    method: 'DELETE',
    path: '/api/v2/channels/:slug/follow',
    response: notShown,
  }),
  'channels.v2.lastSubscriber': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/:slug/subscribers/last',
    response: notShown,
  }),
  /** Keyed by channel id under the viewer's own `user` space. */
  'channels.v2.updateNotifications': defineRoute({
    method: 'PUT',
    path: '/api/v2/user/channels/:id/notifications',
    body: 'json',
    response: notShown,
  }),
  'channels.v2.feedActivities': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/feed-activities',
    response: notShown,
  }),
  'channels.v2.show': defineRoute({ method: 'GET', path: '/api/v2/channels/:slug', response: notShown }),
  'channels.v2.user': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/:slug/users/:user',
    response: notShown,
  }),
  'channels.v2.leaderboards': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/:slug/leaderboards',
    response: notShown,
  }),
  'channels.v2.streamInfo.show': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/:slug/stream-info',
    response: notShown,
  }),
  'channels.v2.streamInfo.update': defineRoute({
    method: 'PATCH',
    path: '/api/v2/channels/:slug/stream-info',
    body: 'json',
    response: notShown,
  }),
  'channels.v2.goals.list': defineRoute({ method: 'GET', path: '/api/v2/channels/:slug/goals', response: notShown }),
  'channels.v2.goals.create': defineRoute({
    method: 'POST',
    path: '/api/v2/channels/:slug/goals',
    body: 'json',
    response: notShown,
  }),
  'channels.v2.goals.update': defineRoute({
    method: 'PATCH',
    path: '/api/v2/channels/:slug/goals/:goalId',
    body: 'json',
    response: notShown,
  }),
  'channels.v2.goals.delete': defineRoute({
    method: 'DELETE',
    path: '/api/v2/channels/:slug/goals/:goalId',
    response: notShown,
  }),
  'channels.v2.emoteGoals': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/:slug/emotes/goals',
    response: notShown,
  }),
  'channels.v2.kppDefaults.show': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/:slug/kpp/default-settings',
    response: notShown,
  }),
  'channels.v2.kppDefaults.update': defineRoute({
    method: 'PUT',
    path: '/api/v2/channels/:slug/kpp/default-settings',
    body: 'json',
    response: notShown,
  }),
} as const;
