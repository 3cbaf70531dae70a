import { initMonitoring, MONITORING_INTAKE_PATH } from '@onair/monitoring';

/**
 * Error monitoring starts after the first frame (or, on pages without video, shortly after
 * load), so its SDK — a separate chunk — never competes with start-up.
 */
export const FIRST_FRAME_EVENT = 'onair:first-frame';
const WITHOUT_VIDEO_DELAY_MS = 3000;

export function startMonitoringAfterFirstFrame(clientToken: string): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void initMonitoring({
      load: () => import('@datadog/browser-logs'),
      clientToken,
      proxyUrl: MONITORING_INTAKE_PATH,
      pageOrigin: location.origin,
      userAgent: navigator.userAgent,
    });
  };
  window.addEventListener(FIRST_FRAME_EVENT, start, { once: true });
  const afterLoad = () => setTimeout(start, WITHOUT_VIDEO_DELAY_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
