/**
 * Errors thrown before error monitoring starts (issue 36, "monitoring from the first byte"):
 * monitoring loads after the first frame so as to cost it nothing, and what the page throws
 * before then was never reported. The early start (index.html's inline script) keeps them
 * here, a few at most, as plain data; monitoring.ts replays them through the monitoring
 * logger once it runs, where the same filter judges them as every other error (SPEC §5: a
 * stack that does not name the page's origin is dropped), and stops the capture.
 */

export interface EarlyError {
  message: string;
  name?: string;
  stack?: string;
}

/** Enough for a start-up that goes wrong; past it, the first ones explain the rest. */
export const EARLY_ERROR_LIMIT = 20;

export interface EarlyErrors {
  /** What was thrown so far, once: the capture stops. */
  take(): EarlyError[];
}

declare global {
  interface Window {
    __onairErrors?: EarlyErrors;
  }
}

type ErrorTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

function describe(value: unknown, fallback: string): EarlyError {
  if (value && typeof value === 'object' && 'message' in value) {
    const { message, name, stack } = value as { message: unknown; name?: unknown; stack?: unknown };
    return {
      message: String(message),
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof stack === 'string' ? { stack } : {}),
    };
  }
  return { message: typeof value === 'string' ? value : fallback };
}

export function captureEarlyErrors(win: ErrorTarget): EarlyErrors {
  const errors: EarlyError[] = [];
  const keep = (error: EarlyError) => {
    if (errors.length < EARLY_ERROR_LIMIT) errors.push(error);
  };
  const onError = (event: Event) => {
    const { error, message } = event as ErrorEvent;
    keep(describe(error, message || 'Script error'));
  };
  const onRejection = (event: Event) => keep(describe((event as PromiseRejectionEvent).reason, 'Unhandled rejection'));
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  let taken = false;
  return {
    take() {
      if (!taken) {
        taken = true;
        win.removeEventListener('error', onError);
        win.removeEventListener('unhandledrejection', onRejection);
      }
      return errors.splice(0);
    },
  };
}

/** An Error again, with the stack as it was thrown, for the monitoring logger. */
export function asError(early: EarlyError): Error {
  const error = new Error(early.message);
  if (early.name) error.name = early.name;
  error.stack = early.stack ?? '';
  return error;
}
