/** Playback states (SPEC §4 "Player engine"; names as in the IVS-style Player API). */
export const PlayerState = {
  Idle: 'Idle',
  Ready: 'Ready',
  Buffering: 'Buffering',
  Playing: 'Playing',
  Ended: 'Ended',
} as const;
export type PlayerState = (typeof PlayerState)[keyof typeof PlayerState];

/** Error types of SPEC §8. */
export const ErrorType = {
  Error: 'Error',
  NotSupported: 'NotSupported',
  NoSource: 'NoSource',
  InvalidData: 'InvalidData',
  InvalidState: 'InvalidState',
  InvalidParameter: 'InvalidParameter',
  Timeout: 'Timeout',
  Network: 'Network',
  NetworkIO: 'NetworkIO',
  Authorization: 'Authorization',
  NotAvailable: 'NotAvailable',
} as const;
export type ErrorType = (typeof ErrorType)[keyof typeof ErrorType];

/** Errors are data, never thrown strings (DESIGN.md style 6). */
export interface PlayerError {
  type: ErrorType;
  code: number;
  source: string;
  message: string;
  fatal: boolean;
}

/** The subset of SPEC §3 "Player state" that the walking skeleton fills in. */
export interface PlayerSnapshot {
  state: PlayerState;
  /** Whether the viewer (or a blocked autoplay) asked for silence. */
  muted: boolean;
  volume: number;
  /** Whether playback is paused by request (not by buffering). */
  paused: boolean;
  /** Which sink plays the source; null before load. */
  sink: SinkType | null;
  error: PlayerError | null;
}

export type SinkType = 'mse' | 'passthrough';

/** Typed events: `on('audio-blocked', …)` infers its payload. */
export interface PlayerEventMap {
  'state-changed': { state: PlayerState };
  'audio-blocked': Record<string, never>;
  'playback-blocked': Record<string, never>;
  error: PlayerError;
}
export type PlayerEventType = keyof PlayerEventMap;
