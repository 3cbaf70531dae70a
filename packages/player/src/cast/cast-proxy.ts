import type { CastHost } from './cast-host.ts';
import type { CastConfig, CastHostHarness, CastStatus } from './cast-types.ts';

export const CAST_UNAVAILABLE: CastStatus = { state: 'unavailable', receiver: null };

/**
 * Casting as start-up code knows it: nothing until the player first plays, then the cast
 * host's chunk (cast-host.ts and the state machine, the framework's loader, the Remote Playback
 * path), only where there is a way to cast: a configured Cast framework, or `video.remote`.
 * Until then the state is `unavailable` (no button) and every request is a no-op.
 */
export class CastProxy {
  #host: CastHost | null = null;
  #started = false;
  #destroyed = false;

  constructor(
    private readonly config: CastConfig | undefined,
    private readonly harness: CastHostHarness,
  ) {}

  get status(): CastStatus {
    return this.#host?.status ?? CAST_UNAVAILABLE;
  }

  get connected(): boolean {
    return this.#host?.connected ?? false;
  }

  get controlsRemote(): boolean {
    return this.#host?.controlsRemote ?? false;
  }

  start(video: HTMLVideoElement): void {
    if (this.#started || this.#destroyed) return;
    this.#started = true;
    if (!this.config?.sdkUrl && !('remote' in video)) return;
    void import('./cast-host.ts').then(
      ({ CastHost }) => {
        if (this.#destroyed) return;
        this.#host = new CastHost(this.config, this.harness);
        this.#host.start(video);
      },
      (error: unknown) => this.harness.env.logger.warn(`Casting could not be loaded: ${String(error)}`),
    );
  }

  request(): void {
    this.#host?.request();
  }

  stop(): void {
    this.#host?.stop();
  }

  loadRemote(url: string): void {
    this.#host?.loadRemote(url);
  }

  play(): void {
    this.#host?.play();
  }

  pause(): void {
    this.#host?.pause();
  }

  setVolume(volume: number): void {
    this.#host?.setVolume(volume);
  }

  setMuted(muted: boolean): void {
    this.#host?.setMuted(muted);
  }

  destroy(): void {
    this.#destroyed = true;
    this.#host?.destroy();
  }
}
