import type { TrackingConsentSource } from '@onair/monitoring';
import { readPublicConfig } from './public-config.ts';
import { afterFirstFrame } from './start-up.ts';

/**
 * Error monitoring starts after the first frame: the monitoring package and its SDK are chunks
 * of their own, loaded then, so neither weighs on the start-up.
 *
 * Its tracking consent comes from the consent store (the same one the page uses, its chunk
 * loaded alongside), for the categories of what the SDK stores: with its session in memory that
 * is only strictly necessary, so errors are sent before and whatever the visitor chooses,
 * framed on another site's page as at top level (docs/consent.md, "Error monitoring"). Should
 * the consent chunk fail, monitoring starts all the same, on its settings (SPEC §9: granted).
 */
export function startMonitoringAfterFirstFrame(clientToken: string): void {
  void afterFirstFrame()
    .then(() => Promise.all([import('@onair/monitoring'), consentFor()]))
    .then(([{ initMonitoring, MONITORING_INTAKE_PATH }, consent]) =>
      initMonitoring({
        load: () => import('@datadog/browser-logs'),
        clientToken,
        proxyUrl: MONITORING_INTAKE_PATH,
        pageOrigin: location.origin,
        userAgent: navigator.userAgent,
        ...(consent ? { consent } : {}),
      }),
    );
}

async function consentFor(): Promise<TrackingConsentSource | undefined> {
  const config = readPublicConfig();
  if (!config.ok) return undefined;
  try {
    const [{ consentStore, classifyCookie }, { MONITORING_SETTINGS, storedOnDevice, trackingConsentFrom }] =
      await Promise.all([import('./consent.ts'), import('@onair/monitoring')]);
    return trackingConsentFrom({
      consent: consentStore(config.config),
      classify: classifyCookie,
      stored: storedOnDevice(MONITORING_SETTINGS),
    });
  } catch (error) {
    console.warn('[monitoring] consent unavailable; monitoring starts on its settings', error);
    return undefined;
  }
}
