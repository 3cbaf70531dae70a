import { afterFirstFrame } from './start-up.ts';

/**
 * Error monitoring starts after the first frame: the monitoring package and its SDK are chunks
 * of their own, loaded then, so neither weighs on the start-up.
 */
export function startMonitoringAfterFirstFrame(clientToken: string): void {
  void afterFirstFrame()
    .then(() => import('@onair/monitoring'))
    .then(({ initMonitoring, MONITORING_INTAKE_PATH }) =>
      initMonitoring({
        load: () => import('@datadog/browser-logs'),
        clientToken,
        proxyUrl: MONITORING_INTAKE_PATH,
        pageOrigin: location.origin,
        userAgent: navigator.userAgent,
      }),
    );
}
