/**
 * Everything the player reads from the browser, injectable so the pure parts run in unit
 * tests and the browser tests can force a condition (no WebAssembly, a codec refused).
 */
export interface PlayerEnvironment {
  now(): number;
  visibility: {
    readonly hidden: boolean;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
    removeEventListener(type: 'visibilitychange', listener: () => void): void;
  };
  userAgent: string;
  /** MediaSource.isTypeSupported where MediaSource exists. */
  isTypeSupported(mime: string): boolean;
  hasWebAssembly(): boolean;
  logger: Pick<Console, 'warn' | 'error'>;
  /** Reads the platform's clock (server-clock.ts). */
  fetch: typeof fetch;
}

export function browserEnvironment(): PlayerEnvironment {
  return {
    now: () => Date.now(),
    visibility: document,
    userAgent: navigator.userAgent,
    isTypeSupported: (mime) => typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(mime),
    hasWebAssembly: () => typeof WebAssembly === 'object' && typeof WebAssembly.instantiate === 'function',
    logger: console,
    fetch: (input, init) => fetch(input, init),
  };
}
