import { initMonitoring, MONITORING_INTAKE_PATH } from '@onair/monitoring';
import { afterFirstFrame } from './start-up.ts';

/** Error monitoring starts after the first frame: its SDK is a separate chunk loaded then. */
export function startMonitoringAfterFirstFrame(clientToken: string): void {
  void afterFirstFrame().then(() =>
    initMonitoring({
      load: () => import('@datadog/browser-logs'),
      clientToken,
      proxyUrl: MONITORING_INTAKE_PATH,
      pageOrigin: location.origin,
      userAgent: navigator.userAgent,
    }),
  );
}
