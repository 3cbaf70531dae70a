import { createApiClient } from '@onair/api';

/**
 * The embed's one API client: every call goes to the product's own server (SPEC §7), with the
 * main fetch helper's behaviour (credentials, no-cache, bearer token from the session cookie)
 * and each response validated against its contract before the page sees it.
 */
export const api = createApiClient({ baseUrl: '' });
