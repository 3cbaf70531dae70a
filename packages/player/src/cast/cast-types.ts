import type { PlayerEnvironment } from '../types/environment.ts';
import type { CastStatus, RemotePlayback } from '../types/payloads.ts';

export type { CastStatus, RemotePlayback };

export interface CastConfig {
  /** The Cast sender framework's script (Google's, or the platform's stand-in); none: no casting. */
  sdkUrl?: string;
}

export interface CastHostHarness {
  env: Pick<PlayerEnvironment, 'timers' | 'logger' | 'monotonic'>;
  onStatus(status: CastStatus): void;
  /** The stream playing now, made absolute, or null when nothing is loaded (nothing to cast). */
  currentUrl(): string | null;
  /** The session opened: the player moves `url` onto the chromecast sink (sinks/chromecast/). */
  onConnected(url: string): void;
  /** Casting ended: the same stream plays locally again, at the live edge. */
  resumeLocal(url: string): void;
  onRemotePlayback(playback: RemotePlayback): void;
  /** SPEC §8 cast errors (written copy for the page; playback stays local). */
  onError(message: string): void;
}
