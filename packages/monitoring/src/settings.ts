/**
 * The platform path the SDK posts its batches to instead of the provider's intake. The platform
 * records them locally and, in production, forwards them to the provider; same-origin posts are
 * not blocked by ad blockers and need no CSP entry for a third-party host. The SDK appends a
 * `ddforward` query parameter naming the provider path to forward to.
 */
export const MONITORING_INTAKE_PATH = '/monitoring/intake';

export type ConsoleApiName = 'log' | 'debug' | 'info' | 'warn' | 'error';

/** Where the SDK keeps its session (its `sessionPersistence`). */
export type SessionPersistence = 'memory' | 'cookie' | 'local-storage';

/** The SDK's `trackingConsent`: 'not-granted' means it collects and sends nothing. */
export type TrackingConsent = 'granted' | 'not-granted';

/** The provider's sites, as its SDK types them (a plain string would not be accepted by `init`). */
export type MonitoringSite =
  'datadoghq.com' | 'us3.datadoghq.com' | 'us5.datadoghq.com' | 'datadoghq.eu' | 'ddog-gov.com' | 'ap1.datadoghq.com';

export interface MonitoringSettings {
  readonly service: string;
  readonly version: string;
  readonly env: string;
  readonly sessionSampleRate: number;
  /** Used when no consent source is given to `initMonitoring`; one that is given decides instead. */
  readonly trackingConsent: TrackingConsent;
  readonly sessionPersistence: SessionPersistence;
  /** Whether the SDK gives the browser an anonymous id (kept a year when the session is a cookie). */
  readonly trackAnonymousUser: boolean;
  readonly site: MonitoringSite;
  readonly forwardErrorsToLogs: boolean;
  readonly forwardConsoleLogs: readonly ConsoleApiName[];
  /** A path is resolved against the page origin by `initMonitoring`. */
  readonly proxy: string;
}

/**
 * SPEC §1 and §9 "Monitoring", plus where the SDK keeps its session. In memory, with no
 * anonymous id: nothing that identifies the viewer is stored on the device or outlives the page,
 * which is what lets error monitoring run as strictly necessary (no consent asked, SPEC §9's
 * "tracking consent granted"), and a session in memory is also the only kind a cross-site frame
 * can keep where third-party cookies are blocked (the SDK sends nothing without a session).
 * docs/consent.md, "Error monitoring", has the reasoning.
 */
export const MONITORING_SETTINGS: MonitoringSettings = Object.freeze({
  service: 'frontend-embedded-player',
  version: '1.0.0',
  env: 'production',
  sessionSampleRate: 100,
  trackingConsent: 'granted',
  sessionPersistence: 'memory',
  trackAnonymousUser: false,
  // The provider's default site.
  site: 'datadoghq.com',
  forwardErrorsToLogs: true,
  // Console errors are captured (SPEC §1); the filter then decides what is sent.
  forwardConsoleLogs: Object.freeze(['error'] as const),
  proxy: MONITORING_INTAKE_PATH,
});
