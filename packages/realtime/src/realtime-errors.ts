import type { RealtimeLogger } from './environment.ts';

/**
 * SPEC §3: a realtime error event is `{ type: 'PusherError', data: { code?, message } }`.
 * pusher-js emits it on its connection for `pusher:error` frames and for abnormal closes.
 */
export interface PusherErrorEvent {
  type: 'PusherError';
  data: { code?: number; message: string };
}

/** SPEC §5: these codes are critical; every other well-formed error is not. */
export const CRITICAL_REALTIME_CODES: ReadonlySet<number> = new Set([
  4000, 4001, 4003, 4004, 4005, 4006, 4007, 4008, 4009,
]);

export type RealtimeErrorReport =
  | { kind: 'critical'; code: number; message: string }
  | { kind: 'warning'; code?: number; message: string }
  /** Anything not shaped as SPEC §3 says: other pusher-js error types included. */
  | { kind: 'unexpected'; value: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isPusherErrorEvent(value: unknown): value is PusherErrorEvent {
  if (!isRecord(value) || value['type'] !== 'PusherError' || !isRecord(value['data'])) return false;
  const { code, message } = value['data'];
  return typeof message === 'string' && (code === undefined || typeof code === 'number');
}

export function classifyRealtimeError(value: unknown): RealtimeErrorReport {
  if (!isPusherErrorEvent(value)) return { kind: 'unexpected', value };
  const { code, message } = value.data;
  if (code !== undefined && CRITICAL_REALTIME_CODES.has(code)) return { kind: 'critical', code, message };
  return code === undefined ? { kind: 'warning', message } : { kind: 'warning', code, message };
}

/** SPEC §8: critical → error, other → warning, malformed → warning about its structure. */
export function reportRealtimeError(logger: RealtimeLogger, value: unknown): RealtimeErrorReport {
  const report = classifyRealtimeError(value);
  switch (report.kind) {
    case 'critical':
      logger.error(`[realtime] critical error ${report.code}: ${report.message}`, report);
      break;
    case 'warning':
      logger.warn(`[realtime] error${report.code === undefined ? '' : ` ${report.code}`}: ${report.message}`, report);
      break;
    case 'unexpected':
      logger.warn('[realtime] error with an unexpected structure', report.value);
      break;
  }
  return report;
}
