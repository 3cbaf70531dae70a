import { z } from '../zod.ts';
import { defineRoute } from '../route.ts';
import { cursorPageSchema, notShown } from '../schemas/pages.ts';

/**
 * SPEC §7 "Other channel calls defined", internal calls of the creator dashboard.
 * The community role is a path segment with a plural `s` (`community/{role}s`); the roles
 * themselves are not shown, so any lower-case word is accepted (SPEC §6).
 */
const COMMUNITY = '/api/internal/v1/channels/:slug/community/:role(^[a-z0-9_]+)s';

/** SPEC §3 "Other payload fields seen in calls": `username` (community role add). */
export const communityMemberBodySchema = z.object({ username: z.string().check(z.minLength(1)) });
export type CommunityMemberBody = z.infer<typeof communityMemberBodySchema>;

/** Date bounds are sent as the caller gives them: their format is not shown. */
const startEnd = z.object({ start: z.optional(z.string()), end: z.optional(z.string()) });
const startEndTime = z.object({ start_time: z.optional(z.string()), end_time: z.optional(z.string()) });

export const internalRoutes = {
  'internal.community.list': defineRoute({ method: 'GET', path: COMMUNITY, response: notShown }),
  'internal.community.add': defineRoute({
    method: 'POST',
    path: COMMUNITY,
    body: 'json',
    bodySchema: communityMemberBodySchema,
    response: notShown,
  }),
  'internal.community.remove': defineRoute({ method: 'DELETE', path: `${COMMUNITY}/:username`, response: notShown }),
  'internal.stats': defineRoute({
    method: 'GET',
    path: '/api/internal/v1/channels/:slug/stats',
    query: startEnd,
    response: notShown,
  }),
  /** An ordered history pages both ways: `next_cursor` and `previous_cursor`. */
  'internal.paymentHistory': defineRoute({
    method: 'GET',
    path: '/api/internal/v1/channels/:slug/payment/history',
    // `order` values are not shown; sent as given.
    query: z.object({ order: z.optional(z.string()), cursor: z.optional(z.string()) }),
    response: cursorPageSchema,
  }),
  'internal.cipr.settings': defineRoute({
    method: 'GET',
    path: '/api/internal/v1/channels/:slug/cipr-settings',
    response: notShown,
  }),
  'internal.cipr.livestreams': defineRoute({
    method: 'GET',
    path: '/api/internal/v1/channels/:slug/cipr-livestreams',
    query: startEndTime,
    response: notShown,
  }),
  'internal.cipr.report': defineRoute({
    method: 'GET',
    path: '/api/internal/v1/channels/:slug/cipr',
    query: startEndTime,
    response: notShown,
  }),
} as const;
