import type { MonitoringSettings, TrackingConsent } from './settings.ts';

/**
 * What the SDK (`@datadog/browser-logs` v7, read from its source) keeps on the device with
 * given settings, as names the consent package's cookie map classifies:
 * - always `_dd_tab_id`, a random id of the tab in session storage (dropped with the tab; in
 *   memory where session storage is denied, as in a cross-site frame);
 * - a cookie session: `_dd_s_v2`, and `dd_cookie_test_…` while it checks that cookies stick;
 * - a local-storage session: `_dd_s_v2` under that key, and `_dd_test_…` while it checks.
 * A memory session keeps its id, and any anonymous id, in a page global only.
 */
export function storedOnDevice(settings: Pick<MonitoringSettings, 'sessionPersistence'>): string[] {
  switch (settings.sessionPersistence) {
    case 'memory':
      return ['_dd_tab_id'];
    case 'cookie':
      return ['_dd_tab_id', '_dd_s_v2', 'dd_cookie_test_'];
    case 'local-storage':
      return ['_dd_tab_id', '_dd_s_v2', '_dd_test_'];
  }
}

/** The consent store as the SDK needs to see it; `ConsentStore` from @onair/consent fits. */
export interface ConsentView<Category extends string> {
  isAllowed(category: Category): boolean;
  subscribe(listener: () => void): () => void;
}

/** Where `initMonitoring` takes the SDK's tracking consent from, and hears it change. */
export interface TrackingConsentSource {
  current(): TrackingConsent;
  subscribe(listener: () => void): () => void;
}

export interface TrackingConsentOptions<Category extends string> {
  readonly consent: ConsentView<Category>;
  /** The consent package's `classifyCookie`: injected, so this package needs it only in tests. */
  readonly classify: (name: string) => { readonly category: Category };
  /** What the SDK will store (`storedOnDevice(settings)`). */
  readonly stored: readonly string[];
}

/**
 * The SDK may track while every category of what it stores is allowed (SPEC §4: nothing of a
 * category that is not allowed). With the embed's settings (session in memory) that is only the
 * necessary `_dd_tab_id`, so it is always granted and errors are sent without a choice; were the
 * session moved to a cookie, the SDK would wait for performance consent and stop when it is
 * withdrawn, with no change here.
 */
export function trackingConsentFrom<Category extends string>(
  options: TrackingConsentOptions<Category>,
): TrackingConsentSource {
  const categories = [...new Set(options.stored.map((name) => options.classify(name).category))];
  return {
    current: () => (categories.every((category) => options.consent.isAllowed(category)) ? 'granted' : 'not-granted'),
    subscribe: (listener) => options.consent.subscribe(() => listener()),
  };
}
