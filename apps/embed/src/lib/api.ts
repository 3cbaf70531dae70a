import { createRouteClient } from '@onair/api';
import { embedRoutes } from '@onair/contracts';
import { earlyAwareFetch } from './early-requests.ts';

/**
 * The embed's one API client: every call goes to the product's own server (SPEC §7), with the
 * main fetch helper's behaviour (credentials, no-cache, bearer token from the session cookie)
 * and each response validated against its contract before the page sees it. The channel's
 * first two calls may be answered by requests index.html started early (early-requests.ts).
 * Only the embed's own routes: the rest of the platform's catalogue (channels v1/v2, videos,
 * internal) stays out of the bundle the first frame waits for.
 */
export const api = createRouteClient({ baseUrl: '', fetch: earlyAwareFetch }, embedRoutes);
