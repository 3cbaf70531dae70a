import type { PublicConfig } from '@onair/config';
import {
  classifyCookie,
  createConsentStore,
  documentCookieAccess,
  safeStorage,
  watchPreferenceChanges,
  type ConsentStore,
} from '@onair/consent';
import { storedOnDevice, trackingConsentFrom, type TrackingConsentSource } from '@onair/monitoring';
import type { AnalyticsEvent } from '@onair/player';
import { readPublicConfig } from './public-config.ts';

/**
 * The embed's consent store. No banner (see packages/consent): it honours a choice the main
 * site or another tab stored and otherwise allows only strictly-necessary cookies. Framed on
 * another site's page, it keeps a choice made in the frame in a partitioned cookie where the
 * browser allows one, and in memory for the frame's life where not (docs/consent.md).
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
    framed: isFramed(),
  });
  watchPreferenceChanges(window, store);
  return store;
}

/** Reading `window.top` is allowed across origins; only its contents are not. */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * The monitoring SDK's tracking consent, from this store, for the categories of what the SDK
 * stores on the device (see packages/monitoring `trackingConsentFrom`). Here rather than in
 * monitoring.ts so that none of it is start-up code. Undefined (monitoring then runs on its
 * settings) where the page has no valid configuration or the store cannot start.
 */
export function monitoringConsent(): TrackingConsentSource | undefined {
  try {
    const config = readPublicConfig();
    if (!config.ok) return undefined;
    return trackingConsentFrom({
      consent: consentStore(config.config),
      classify: classifyCookie,
      stored: storedOnDevice({ sessionPersistence: config.config.monitoringSession }),
    });
  } catch (error) {
    console.warn('[monitoring] consent unavailable; monitoring starts on its settings', error);
    return undefined;
  }
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
