import { describe, expect, it } from 'vitest';
import { catalogue, catalogueEntries } from './catalogue.ts';
import { errorResponseSchema } from './channel.ts';
import { pathParamNames } from './route.ts';
import { channelRoutePatterns, channelRoutes } from './routes.ts';
import { cursorPageSchema, nextCursorPageSchema } from './schemas/pages.ts';
import { currentViewersSchema, viewersResponseSchema, viewerTokenSchema } from './schemas/viewers.ts';

/**
 * SPEC §7, transcribed: every HTTP call, `{x}` written `:x`. The four whose path or host the
 * spec leaves out appear with the path we chose (see the route's comment in catalogue/).
 */
const SPEC_CALLS = [
  'GET /api/v2/channels/:slug/info',
  'GET /api/v2/channels/:slug/playback-url',
  'GET /api/v2/channels/:slug/videos',
  'GET /current-viewers',
  'GET /api/v2/livestreams/:id/viewers', // chosen
  'GET /viewer/v1/token',
  'POST /realtime/auth', // chosen
  'GET /api/v1/channels/followed',
  'POST /api/v1/channels/:slug/mute-user',
  'GET /api/v1/channels/:slug/followers',
  'POST /api/v1/channels/:slug/support-a-creator',
  'GET /api/v1/live-channels/:slug/search',
  'POST /api/v1/channels/user/subscribe',
  'POST /api/v1/channels/user/unsubscribe',
  'GET /api/v1/channels/:slug',
  'GET /api/v1/channels/:slug/links',
  'GET /api/v1/channels/:id/me',
  'GET /api/v1/channels/:slug/leaderboard', // first segment chosen
  'GET /api/v1/video/:id',
  'POST /api/v1/video/views/:id',
  'PUT /api/v1/video/:id/title',
  'DELETE /api/v1/video/:id',
  'PATCH /api/v2/videos/:id',
  'GET /api/v2/channels/:slug/recent-categories',
  'GET /api/v2/channels/followed',
  'GET /api/v2/channels/followed-page',
  'PUT /api/v2/channels/:slug/subscriptions/enable',
  'GET /api/v2/channels/:slug/should-migrate',
  'GET /api/v2/channels/:slug/migrate',
  'POST /api/v2/channels/:slug/report',
  'GET /api/v2/channels/:slug/me',
  'POST /api/v2/channels/:slug/follow',
  'DELETE /api/v2/channels/:slug/follow',
  'GET /api/v2/channels/:slug/subscribers/last',
  'PUT /api/v2/user/channels/:id/notifications',
  'GET /api/v2/channels/feed-activities',
  'GET /api/v2/channels/:slug',
  'GET /api/v2/channels/:slug/users/:user',
  'GET /api/v2/channels/:slug/leaderboards',
  'GET /api/v2/channels/:slug/stream-info',
  'PATCH /api/v2/channels/:slug/stream-info',
  'GET /api/v2/channels/:slug/goals',
  'POST /api/v2/channels/:slug/goals',
  'PATCH /api/v2/channels/:slug/goals/:goalId',
  'DELETE /api/v2/channels/:slug/goals/:goalId',
  'GET /api/v2/channels/:slug/emotes/goals',
  'GET /api/v2/channels/:slug/kpp/default-settings',
  'PUT /api/v2/channels/:slug/kpp/default-settings',
  'GET /channels/check-username/:name',
  'PUT /channels',
  'POST /channels/add-user',
  'POST /channels/remove-user',
  'GET /channels/:a/:b',
  'GET /api/internal/v1/channels/:slug/community/:roles',
  'POST /api/internal/v1/channels/:slug/community/:roles',
  'DELETE /api/internal/v1/channels/:slug/community/:roles/:username',
  'GET /api/internal/v1/channels/:slug/stats',
  'GET /api/internal/v1/channels/:slug/payment/history',
  'GET /api/internal/v1/channels/:slug/cipr-settings',
  'GET /api/internal/v1/channels/:slug/cipr-livestreams',
  'GET /api/internal/v1/channels/:slug/cipr',
];

// `:role(^…)s` is the spec's `{role}s`; compare it as one plural parameter.
const specForm = (method: string, path: string) => `${method} ${path.replace(/:(\w+)\([^)]*\)s/g, ':$1s')}`;

describe('the route table (SPEC §7)', () => {
  it('holds every call of the spec, each once, and nothing else', () => {
    const calls = catalogueEntries().map(([, route]) => specForm(route.method, route.path));
    expect(calls.toSorted()).toEqual(SPEC_CALLS.toSorted());
  });

  it('derives each route’s parameter names from its path', () => {
    for (const [, route] of catalogueEntries()) expect(route.params).toEqual(pathParamNames(route.path));
    expect(catalogue['internal.community.remove'].params).toEqual(['slug', 'role', 'username']);
  });

  it('names no route with a prefix of another route’s name, so the client can nest them', () => {
    const names = catalogueEntries().map(([name]) => name);
    for (const name of names) expect(names.filter((other) => other.startsWith(`${name}.`))).toEqual([]);
  });

  it('sends the query parameters the spec names on the calls it names them for', () => {
    const queryOf = (route: { query?: { shape: object } }) => Object.keys(route.query?.shape ?? {}).toSorted();
    expect(queryOf(catalogue['viewers.current'])).toEqual(['ids']);
    expect(queryOf(catalogue['channels.v1.followers'])).toEqual(['search']);
    expect(queryOf(catalogue['channels.v2.followed'])).toEqual(['cursor']);
    expect(queryOf(catalogue['channels.v2.followedPage'])).toEqual(['cursor']);
    expect(queryOf(catalogue['internal.stats'])).toEqual(['end', 'start']);
    expect(queryOf(catalogue['internal.paymentHistory'])).toEqual(['cursor', 'order']);
    expect(queryOf(catalogue['internal.cipr.livestreams'])).toEqual(['end_time', 'start_time']);
    expect(queryOf(catalogue['internal.cipr.report'])).toEqual(['end_time', 'start_time']);
  });

  it('marks the JSON bodies the spec shows and validates the community role add', () => {
    for (const name of ['channels.v1.supportACreator', 'channels.v1.subscribe', 'channels.v1.unsubscribe'] as const) {
      expect(catalogue[name].body).toBe('json');
    }
    const add = catalogue['internal.community.add'].bodySchema;
    expect(add.parse({ username: 'bob' })).toEqual({ username: 'bob' });
    expect(add.safeParse({}).success).toBe(false);
  });

  it('keeps the embed shorthands on the same paths', () => {
    expect(channelRoutePatterns.info).toBe(catalogue['channels.v2.info'].path);
    expect(channelRoutes.playbackUrl('a b')).toBe('/api/v2/channels/a%20b/playback-url');
  });
});

describe('response shapes (SPEC §3)', () => {
  it('reads channel info and the playback URL as nullable: null means not found', () => {
    expect(catalogue['channels.v2.info'].response.parse(null)).toBeNull();
    expect(catalogue['channels.v2.playbackUrl'].response.parse({ data: 'https://x/m.m3u8' })).toEqual({
      data: 'https://x/m.m3u8',
    });
  });

  it('reads viewers as a list of items with a viewer count', () => {
    expect(viewersResponseSchema.parse([{ viewers: 3 }])[0]?.viewers).toBe(3);
    expect(viewersResponseSchema.safeParse([{}]).success).toBe(false);
    expect(currentViewersSchema.parse([{ channel_id: 1, viewers: 2 }])).toEqual([{ channel_id: 1, viewers: 2 }]);
    expect(currentViewersSchema.safeParse([{ viewers: 2 }]).success).toBe(false);
  });

  it('reads the viewer token under data, allowing it to be missing', () => {
    expect(viewerTokenSchema.parse({ data: { token: 't' } }).data.token).toBe('t');
    expect(viewerTokenSchema.parse({ data: {} }).data.token).toBeUndefined();
    expect(viewerTokenSchema.safeParse({ token: 't' }).success).toBe(false);
  });

  it('reads cursor pages by their cursor fields, null ending the list', () => {
    expect(cursorPageSchema.parse({ data: [], next_cursor: null, previous_cursor: 'p' }).previous_cursor).toBe('p');
    expect(cursorPageSchema.safeParse({ nextCursor: 'n' }).success).toBe(false);
    expect(nextCursorPageSchema.parse({ nextCursor: 'n', items: [] }).nextCursor).toBe('n');
  });

  it('reads the error shape', () => {
    const body = { status: 401, statusText: 'Unauthorized', data: { message: 'Unauthenticated.' } };
    expect(errorResponseSchema.parse(body)).toEqual(body);
    expect(errorResponseSchema.safeParse({ message: 'x' }).success).toBe(false);
  });
});
