/**
 * @onair/monitoring — error monitoring (SPEC §1, §5 "Monitoring filter", §9 "Monitoring").
 *
 * The SDK (`@datadog/browser-logs`) is never imported here: the embed passes a loader,
 *   initMonitoring({ load: () => import('@datadog/browser-logs'), clientToken, pageOrigin:
 *     location.origin, userAgent: navigator.userAgent });
 * so the SDK is its own chunk, fetched after the first frame, and a failure to load it costs
 * the page nothing but monitoring. Batches go to the platform's intake (`/monitoring/intake`
 * on the page origin, see MONITORING_INTAKE_PATH), which forwards them to the provider.
 *
 * Consent and third-party frames: the SDK keeps its session in memory with no anonymous id, so
 * it stores nothing that identifies the viewer (only the necessary per-tab `_dd_tab_id`) and
 * works in a cross-site frame, where it could keep no session cookie. Its tracking consent is
 * taken from the consent store for the categories of what it stores (`trackingConsentFrom`,
 * `storedOnDevice`): with these settings, always granted. docs/consent.md has the decisions.
 *
 * Known tension in the spec, resolved in favour of §5: console errors are captured
 * (`forwardConsoleLogs: ['error']`, SPEC §1) but the filter drops events whose origin is the
 * console or the network, so those are collected and then not sent. Uncaught errors and our
 * own `logger` calls are what reach the intake.
 */
export { dropReason, safeFilter, shouldKeepEvent } from './event-filter.ts';
export type { DropReason, FilterContext, MonitoringEvent, MonitoringOrigin } from './event-filter.ts';
export {
  PENDING_LOG_LIMIT,
  buildInitOptions,
  createMonitoring,
  initMonitoring,
  monitoringLogger,
} from './init-monitoring.ts';
export type {
  InitMonitoringOptions,
  Monitoring,
  MonitoringInitOptions,
  MonitoringLogger,
  MonitoringSdk,
} from './init-monitoring.ts';
export { MONITORING_INTAKE_PATH, MONITORING_SETTINGS } from './settings.ts';
export type {
  ConsoleApiName,
  MonitoringSettings,
  MonitoringSite,
  SessionPersistence,
  TrackingConsent,
} from './settings.ts';
export { storedOnDevice, trackingConsentFrom } from './tracking-consent.ts';
export type { ConsentView, TrackingConsentOptions, TrackingConsentSource } from './tracking-consent.ts';
export { isSmartTv } from './smart-tv.ts';
export { EXTENSION_SCHEMES, VIDEO_EXTENSION_SITES } from './stack-sources.ts';
