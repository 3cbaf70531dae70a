import type { SinkCapabilities } from './payloads.ts';

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
  /** EME's navigator.requestMediaKeySystemAccess; one that always refuses where the browser has none. */
  requestMediaKeySystemAccess(keySystem: string, configs: MediaKeySystemConfiguration[]): Promise<MediaKeySystemAccess>;
}

/** What a sink may use of the environment: time, timers, fetch and a logger, nothing of the page. */
export type SinkEnvironment = Pick<PlayerEnvironment, 'now' | 'monotonic' | 'timers' | 'fetch' | 'logger'>;
