/**
 * The bearer the test platform's testing hooks answer (playwright.config.ts starts it with
 * `ADMIN=1` and this token, on loopback). Fixed, not secret: that platform is the tests' own.
 */
export const E2E_ADMIN_TOKEN = 'onair-e2e-admin-token-not-a-secret';
