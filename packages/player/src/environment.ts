import { probeCapabilities } from './sinks/registry.ts';
import type { SinkCapabilities } from './sinks/sink.ts';
import { soundAutoplayAllowed } from './sound-autoplay.ts';

/**
 * Everything the player and its sinks read from the browser or the clock, injectable so that
 * unit tests run the whole facade on fake timers and browser tests can force a condition (no
 * WebAssembly, a codec refused, a skewed clock).
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface PlayerEnvironment {
  /**
   * Wall-clock time (epoch ms). Only what must agree with the server's clock uses it:
   * program-date-time latency and the server offset.
   */
  now(): number;
  /**
   * The one monotonic clock (ms) for every duration the player measures: buffering, play
   * time, catch-up dwell, drift intervals, stall back-off. A wall clock can jump (NTP, a
   * viewer changing the time); these must not.
   */
  monotonic(): number;
  timers: Timers;
  /** Random ids (the state's sessionId). */
  randomId(): string;
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
  /** Every request a sink or the player makes outside the media engine (server clock, playlists). */
  fetch: typeof fetch;
  /** What the browser offers the sinks (select-sink.ts decides from it). */
  sinkCapabilities(video: HTMLMediaElement): SinkCapabilities;
  /** Whether the browser would let playback start with sound now (sound-autoplay.ts). */
  soundAutoplayAllowed(): Promise<boolean>;
}

/** What a sink may use of the environment: time, timers, fetch and a logger, nothing of the page. */
export type SinkEnvironment = Pick<PlayerEnvironment, 'now' | 'monotonic' | 'timers' | 'fetch' | 'logger'>;

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
  };
}
