import { publicEnvSchema, type ConfigError } from '@onair/config';
import { startMonitoringAfterFirstFrame } from './monitoring.ts';

/**
 * A misconfigured embed (its public configuration fails the schema: the misconfigured screen)
 * still tells whoever deployed it, through error monitoring, where the monitoring setting
 * itself is usable (issue 36: "a misconfigured embed reports its configuration error"). Only
 * the error's code and the offending keys are sent, never a value: a value may be a token.
 */
export function monitoringTokenOf(configText: string): string | null {
  let record: unknown;
  try {
    record = JSON.parse(configText);
  } catch {
    return null;
  }
  if (typeof record !== 'object' || record === null) return null;
  const raw = (record as Record<string, unknown>).PUBLIC_MONITORING_CLIENT_TOKEN;
  const parsed = publicEnvSchema.shape.PUBLIC_MONITORING_CLIENT_TOKEN.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function reportMisconfiguration(configText: string, error: ConfigError): void {
  const token = monitoringTokenOf(configText);
  if (!token) return;
  startMonitoringAfterFirstFrame(token);
  void import('@onair/monitoring').then(({ monitoringLogger }) =>
    monitoringLogger.error('The embed is misconfigured', {
      code: error.code,
      keys: error.issues.map((issue) => issue.key),
    }),
  );
}
