import type { RealtimeLogger } from './environment.ts';

export type CloseSeverity = 'critical' | 'abnormal' | 'normal';

/** SPEC §4: protocol and server faults that a reconnect alone will not explain away. */
const CRITICAL_CLOSE_CODES: ReadonlySet<number> = new Set([1003, 1007, 1009, 1011, 1012, 1013, 1014, 1015]);

/** SPEC §4: the listed codes and every application code (≥ 4000) are critical, 1006 abnormal. */
export function classifyCloseCode(code: number): CloseSeverity {
  if (CRITICAL_CLOSE_CODES.has(code) || code >= 4000) return 'critical';
  if (code === 1006) return 'abnormal';
  return 'normal';
}

/** Critical → error, abnormal → warning, normal → info (dropped where the logger has none). */
export function logClose(logger: RealtimeLogger, code: number, reason: string): CloseSeverity {
  const severity = classifyCloseCode(code);
  const message = `[viewer-socket] closed (${severity}) with code ${code}${reason ? `: ${reason}` : ''}`;
  if (severity === 'critical') logger.error(message, { code, reason });
  else if (severity === 'abnormal') logger.warn(message, { code, reason });
  else logger.info?.(message, { code, reason });
  return severity;
}
