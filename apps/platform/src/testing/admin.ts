import type { AdminAccess } from '../admin-gate.ts';

/** The testing hooks' token in unit tests: fixed, as each test's platform is its own. */
export const TEST_ADMIN: AdminAccess = { token: 'onair-unit-admin-token-not-a-secret' };

/** What a request to a testing hook carries (admin-gate.ts). */
export const ADMIN_HEADERS = { authorization: `Bearer ${TEST_ADMIN.token}` } as const;
