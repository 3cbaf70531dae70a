/**
 * The platform path the SDK posts its batches to instead of the provider's intake. The platform
 * records them locally and, in production, forwards them to the provider; same-origin posts are
 * not blocked by ad blockers and need no CSP entry for a third-party host. The SDK appends a
 * `ddforward` query parameter naming the provider path to forward to.
 */
export const MONITORING_INTAKE_PATH = '/monitoring/intake';

export type ConsoleApiName = 'log' | 'debug' | 'info' | 'warn' | 'error';

/** The provider's sites, as its SDK types them (a plain string would not be accepted by `init`). */
export type MonitoringSite =
  'datadoghq.com' | 'us3.datadoghq.com' | 'us5.datadoghq.com' | 'datadoghq.eu' | 'ddog-gov.com' | 'ap1.datadoghq.com';

export interface MonitoringSettings {
  readonly service: string;
  readonly version: string;
  readonly env: string;
  readonly sessionSampleRate: number;
  readonly trackingConsent: 'granted' | 'not-granted';
  readonly site: MonitoringSite;
  readonly forwardErrorsToLogs: boolean;
  readonly forwardConsoleLogs: readonly ConsoleApiName[];
  /** A path is resolved against the page origin by `initMonitoring`. */
  readonly proxy: string;
}

/** SPEC §1 and §9 "Monitoring". */
export const MONITORING_SETTINGS: MonitoringSettings = Object.freeze({
  service: 'frontend-embedded-player',
  version: '1.0.0',
  env: 'production',
  sessionSampleRate: 100,
  trackingConsent: 'granted',
  // The provider's default site.
  site: 'datadoghq.com',
  forwardErrorsToLogs: true,
  // Console errors are captured (SPEC §1); the filter then decides what is sent.
  forwardConsoleLogs: Object.freeze(['error'] as const),
  proxy: MONITORING_INTAKE_PATH,
});
