import type { DrmConfig } from '../drm/drm-types.ts';
import type { EmeSession } from '../drm/eme-session.ts';
import type { DrmKey } from '../hls/media-playlist.ts';
import type { PlayerEnvironment } from '../types/environment.ts';
import { ErrorCode, ErrorType, type PlayerError } from '../types/errors.ts';

/** What the DRM host needs of the player: a narrow harness, never the player itself. */
export interface DrmHostHarness {
  env: PlayerEnvironment;
  config: DrmConfig | undefined;
  element(): HTMLVideoElement | null;
  /** The viewer's playback token for the license server, or null. */
  token(): string | null;
  /** The stream's codecs. */
  codecs(): string;
  onError(error: PlayerError): void;
}

/**
 * The player's side of a DRM-protected stream: when a sink says the stream is protected
 * (SinkHost.onProtection), the EME session (drm/eme-session.ts, its own chunk: a clear stream
 * never loads it) gives the element its MediaKeys and licenses. One session per element, kept
 * across sources: a clear stream plays on an element with MediaKeys, and the next protected
 * one reuses them.
 */
export class DrmHost {
  #session: Promise<EmeSession | null> | null = null;
  #element: HTMLVideoElement | null = null;

  constructor(private readonly harness: DrmHostHarness) {}

  protect(systems: readonly DrmKey[], initData: Uint8Array): void {
    const video = this.harness.element();
    if (!video) return;
    if (video !== this.#element) {
      this.destroy();
      this.#element = video;
    }
    const { env, config } = this.harness;
    this.#session ??= import('../drm/eme-session.ts').then(
      ({ EmeSession }) =>
        new EmeSession({
          video,
          config,
          fetch: (input, init) => env.fetch(input, init),
          requestMediaKeySystemAccess: (keySystem, configs) => env.requestMediaKeySystemAccess(keySystem, configs),
          token: () => this.harness.token(),
          codecs: () => this.harness.codecs(),
          onError: (error) => this.harness.onError(error),
        }),
      (error: unknown) => {
        const message = `The DRM module could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
        this.harness.onError({
          type: ErrorType.Network,
          code: ErrorCode.NetworkUnreachable,
          source: 'drm',
          message,
          fatal: true,
        });
        return null;
      },
    );
    void this.#session.then((session) => session?.protect(systems, initData));
  }

  /** A new source is loading: a session that failed tries again when it is protected too. */
  restart(): void {
    void this.#session?.then((session) => session?.restart());
  }

  destroy(): void {
    void this.#session?.then((session) => session?.destroy());
    this.#session = null;
    this.#element = null;
  }
}
