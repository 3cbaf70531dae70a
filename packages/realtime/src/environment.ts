/**
 * The slices of the browser this package touches, injected (DESIGN style 9) so unit tests run
 * on vitest's fake timers and the integration tests can hand in node's `ws`.
 */

/** `console` fits. `info` is optional because only normal websocket closes use it. */
export interface RealtimeLogger {
  info?(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/** The part of `fetch` we call; the global one fits. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Timer handles stay opaque: browsers return numbers and node returns objects, and with both
 * lib.dom and @types/node in scope neither type can be named without a cast somewhere.
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

type Handle = Parameters<typeof globalThis.clearTimeout>[0];

/**
 * The global timers, looked up on every call rather than captured, so `vi.useFakeTimers()`
 * installed after a module was imported still governs what it schedules.
 */
export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Handle),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as Handle),
};

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** A sleep that an abort cuts short (it rejects with the signal's reason). */
export function sleepWith(timers: Timers): Sleep {
  return (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        timers.clearTimeout(handle);
        reject(signal?.reason);
      };
      const handle = timers.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
}

/** A plain message for logs and errors, whatever was thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}
