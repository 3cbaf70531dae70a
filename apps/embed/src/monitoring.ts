import type { PublicConfig } from '@onair/config';
import { asError } from './boot/early-errors.ts';
import { afterFirstFrame } from './start-up.ts';

/**
 * Error monitoring starts after the first frame: the monitoring package and its SDK are chunks
 * of their own, loaded then, so neither weighs on the start-up.
 *
 * Its tracking consent comes from the consent store (`monitoringConsent`, in the consent chunk
 * loaded alongside): with the SDK's session in memory, errors are sent before and whatever the
 * visitor chooses, framed on another site's page as at top level (docs/consent.md, "Error
 * monitoring"). A deployment that keeps the session in a cookie (PUBLIC_MONITORING_SESSION)
 * sends nothing, what the early start kept included, until performance is allowed. Should the
 * consent chunk fail, monitoring starts all the same, on its settings.
 */
export function startMonitoringAfterFirstFrame(
  clientToken: string,
  sessionPersistence: PublicConfig['monitoringSession'] = 'memory',
): void {
  void afterFirstFrame()
    .then(() =>
      Promise.all([
        import('@onair/monitoring'),
        import('./consent.ts').then(
          ({ monitoringConsent }) => monitoringConsent(),
          () => undefined,
        ),
      ]),
    )
    .then(async ([{ initMonitoring, monitoringLogger, MONITORING_INTAKE_PATH }, consent]) => {
      const running = await initMonitoring({
        load: () => import('@datadog/browser-logs'),
        clientToken,
        // Without a consent source (its chunk failed), a cookie session waits: never sent unasked.
        settings: { sessionPersistence, trackingConsent: sessionPersistence === 'memory' ? 'granted' : 'not-granted' },
        proxyUrl: MONITORING_INTAKE_PATH,
        pageOrigin: location.origin,
        userAgent: navigator.userAgent,
        consent,
      });
      // What the page threw before now (the early start kept it), through the same filter as
      // every error: the SDK hears what comes next itself.
      if (!running) return;
      for (const early of window.__onairErrors?.take() ?? []) {
        // Without a stack it cannot name the page's origin (SPEC §5): foreign, as the filter
        // judges an uncaught error without one.
        if (!early.stack) continue;
        monitoringLogger.error(early.message, { thrown: 'before monitoring started' }, asError(early));
      }
    });
}
