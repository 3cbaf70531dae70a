/**
 * @onair/consent — cookie consent (SPEC §3 "Cookie preferences", §4 "Cookie consent", §9
 * "Cookies"): preferences in four categories, the cookie-to-category map, deletion of cookies
 * whose consent is withdrawn, and the analytics gate.
 *
 * Product decision — the embed shows no consent banner. It is a third-party iframe on someone
 * else's page: the visitor came to that page, not to us, and a banner inside a small player
 * would block the video it is there to show. So the embed writes only strictly-necessary
 * cookies by default and honours a choice the main site already stored (the shared consent
 * cookie; see `readPreferences`). The store does not depend on that decision: a page that does
 * show a banner calls `acceptAll`, `rejectAll` or `update` and everything else holds.
 *
 * In a cross-site iframe (where every viewer meets the embed) the browser denies storage and
 * withholds SameSite=Lax cookies, so the main site's choice is invisible there and the store
 * starts on its defaults (nothing optional allowed), the privacy-safe outcome. Given
 * `framed: true`, the store tries which cookies stick there (`probeCookieReach`) and, where
 * only partitioned ones do (Chromium, measured), keeps a choice made in the frame in a
 * partitioned consent cookie (`SameSite=None; Secure; Partitioned`) in the jar of the site that
 * frames it; where none do, a choice lasts as long as the frame. docs/consent.md has the why.
 *
 * Wiring in a browser:
 *   const logger = console;
 *   const store = createConsentStore({
 *     storage: safeStorage(() => window.localStorage, logger),
 *     cookies: documentCookieAccess(document),
 *     logger, environment, mainSiteUrl: config.mainSiteUrl, location: window.location,
 *     framed: window.self !== window.top,
 *   });
 *   watchPreferenceChanges(window, store);
 */
export { COOKIE_CATEGORIES, COOKIE_CATEGORY_RULES, classifyCookie } from './cookie-categories.ts';
export type { CookieCategory, CookieClassification } from './cookie-categories.ts';
export { COOKIE_PROBE_NAME, probeCookieReach } from './cookie-reach.ts';
export type { CookieReach } from './cookie-reach.ts';
export { COOKIE_MAX_AGE_SECONDS, cookieDomainOf, deletionAttributes, writeAttributes } from './cookie-scope.ts';
export type { CookieEnvironment, CookieScope, PageLocation } from './cookie-scope.ts';
export { parseCookies, readCookie, serializeCookie } from './cookie-string.ts';
export type { CookieAttributes, CookiePair, SameSite } from './cookie-string.ts';
export { createConsentStore } from './consent-store.ts';
export type { ConsentListener, ConsentStore, ConsentStoreOptions } from './consent-store.ts';
export { documentCookieAccess, safeStorage } from './environment.ts';
export type { ConsentLogger, CookieAccess, StorageLike } from './environment.ts';
export { createMemoryCookieJar } from './memory-cookie-jar.ts';
export type { MemoryCookieJar, MemoryCookieJarOptions, StoredCookie } from './memory-cookie-jar.ts';
export { readPreferences, writePreferences } from './preferences-persistence.ts';
export type { PersistenceIo } from './preferences-persistence.ts';
export {
  CONSENT_COOKIE_NAME,
  DEFAULT_PREFERENCES,
  PREFERENCES_STORAGE_KEY,
  decodePreferences,
  encodePreferences,
} from './preferences.ts';
export type { CookiePreferences, DecodeResult, PreferencesUpdate } from './preferences.ts';
export { watchPreferenceChanges } from './watch-preference-changes.ts';
export type { WindowEvents } from './watch-preference-changes.ts';
