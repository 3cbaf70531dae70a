import type { PlayerEnvironment } from '../types/environment.ts';
import type { PlayerState } from '../types/state.ts';
import type { CastStatus } from '../types/payloads.ts';

export type { CastStatus };

/** The receiver's playback, in the player's terms (cast-session.ts playerStateForRemote). */
export interface RemotePlayback {
  state: PlayerState;
  paused: boolean;
  volume: number;
  muted: boolean;
}

export interface CastConfig {
  /** The Cast sender framework's script (Google's, or the platform's stand-in); none: no casting. */
  sdkUrl?: string;
}

export interface CastHostHarness {
  env: Pick<PlayerEnvironment, 'timers' | 'logger' | 'monotonic'>;
  onStatus(status: CastStatus): void;
  /** The stream playing now, made absolute, or null when nothing is loaded (nothing to cast). */
  currentUrl(): string | null;
  /** Casting started: the local sink ends (the element fetches nothing) and the element pauses. */
  endLocal(): void;
  /** Casting ended: the same stream plays locally again, at the live edge. */
  resumeLocal(url: string): void;
  onRemotePlayback(playback: RemotePlayback): void;
  /** SPEC §8 cast errors (written copy for the page; playback stays local). */
  onError(message: string): void;
}
