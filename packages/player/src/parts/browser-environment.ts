import { soundAutoplayAllowed } from '../rules/sound-autoplay.ts';
import { probeCapabilities } from '../sinks/registry.ts';
import type { PlayerEnvironment } from '../types/environment.ts';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; an embed served over plain http has none.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The environment of a browser page, with any part replaced by `overrides`. A replaced part is
 * never read from the page, so unit tests run where there is no document at all.
 */
export function browserEnvironment(overrides: Partial<PlayerEnvironment> = {}): PlayerEnvironment {
  return {
    now: overrides.now ?? (() => Date.now()),
    monotonic: overrides.monotonic ?? (() => performance.now()),
    timers: overrides.timers ?? {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
    randomId: overrides.randomId ?? randomId,
    visibility: overrides.visibility ?? document,
    userAgent: overrides.userAgent ?? navigator.userAgent,
    isTypeSupported:
      overrides.isTypeSupported ?? ((mime) => typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(mime)),
    hasWebAssembly:
      overrides.hasWebAssembly ??
      (() => typeof WebAssembly === 'object' && typeof WebAssembly.instantiate === 'function'),
    logger: overrides.logger ?? console,
    fetch: overrides.fetch ?? ((input, init) => fetch(input, init)),
    sinkCapabilities: overrides.sinkCapabilities ?? probeCapabilities,
    soundAutoplayAllowed: overrides.soundAutoplayAllowed ?? soundAutoplayAllowed,
    requestMediaKeySystemAccess:
      overrides.requestMediaKeySystemAccess ??
      ((keySystem, configs) =>
        typeof navigator.requestMediaKeySystemAccess === 'function'
          ? navigator.requestMediaKeySystemAccess(keySystem, configs)
          : Promise.reject(new Error('this browser has no EME'))),
  };
}
