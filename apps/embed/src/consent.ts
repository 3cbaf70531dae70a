import type { PublicConfig } from '@onair/config';
import {
  createConsentStore,
  documentCookieAccess,
  safeStorage,
  watchPreferenceChanges,
  type ConsentStore,
} from '@onair/consent';
import type { AnalyticsEvent } from '@onair/player';

/**
 * The embed's consent store. No banner (see packages/consent): it honours a choice the main
 * site or another tab stored and otherwise allows only strictly-necessary cookies.
 */
let store: ConsentStore | null = null;

export function consentStore(config: PublicConfig): ConsentStore {
  if (store) return store;
  const logger = console;
  store = createConsentStore({
    storage: safeStorage(() => window.localStorage, logger),
    cookies: documentCookieAccess(document),
    logger,
    // Secure cookies everywhere but a development deployment (plain http on a laptop).
    environment: config.monitoringEnvironment === 'dev' ? 'development' : 'production',
    mainSiteUrl: config.mainSiteUrl,
    location: window.location,
  });
  watchPreferenceChanges(window, store);
  return store;
}

export const ANALYTICS_PATH = '/analytics/events';

/** SPEC §5: analytics events are sent only when targeting is allowed. */
export function sendAnalytics(consent: ConsentStore, event: AnalyticsEvent): boolean {
  if (!consent.canSendAnalytics()) return false;
  void fetch(ANALYTICS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
    keepalive: true,
  }).catch(() => {
    // analytics are best effort; never the visitor's problem
  });
  return true;
}
