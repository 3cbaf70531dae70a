import type { CastReceiverLink } from '../sinks/chromecast/chromecast-sink.ts';
import type { RemotePlayback } from '../types/payloads.ts';
import type { CastHost } from './cast-host.ts';
import type { CastConfig, CastHostHarness, CastStatus } from './cast-types.ts';

export const CAST_UNAVAILABLE: CastStatus = { state: 'unavailable', receiver: null };

/** What the player tells casting: the host's harness, less the receiver's playback (that goes to the sink). */
export type CastProxyHarness = Omit<CastHostHarness, 'onRemotePlayback'>;

/**
 * Casting as start-up code knows it: nothing until the player first plays, then the cast
 * host's chunk (cast-host.ts and the state machine, the framework's loader, the Remote Playback
 * path), only where there is a way to cast: a configured Cast framework, or `video.remote`.
 * Until then the state is `unavailable` (no button) and every request is a no-op.
 *
 * It is also the chromecast sink's link to the open session (CastReceiverLink): the receiver's
 * playback goes to the sink attached, and a sink that goes with none after it ends the session.
 */
export class CastProxy implements CastReceiverLink {
  #host: CastHost | null = null;
  #started = false;
  #destroyed = false;
  #listener: ((playback: RemotePlayback) => void) | null = null;

  constructor(
    private readonly config: CastConfig | undefined,
    private readonly harness: CastProxyHarness,
  ) {}

  get status(): CastStatus {
    return this.#host?.status ?? CAST_UNAVAILABLE;
  }

  get available(): boolean {
    return this.status.state === 'available';
  }

  start(video: HTMLVideoElement): void {
    if (this.#started || this.#destroyed) return;
    this.#started = true;
    if (!this.config?.sdkUrl && !('remote' in video)) return;
    void import('./cast-host.ts').then(
      ({ CastHost }) => {
        if (this.#destroyed) return;
        this.#host = new CastHost(this.config, {
          ...this.harness,
          onRemotePlayback: (playback) => this.#listener?.(playback),
        });
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

  attach(listener: (playback: RemotePlayback) => void): void {
    this.#listener = listener;
  }

  detach(listener: (playback: RemotePlayback) => void): void {
    if (this.#listener !== listener) return;
    this.#listener = null;
    // A new source on the receiver replaces its sink in the same task; a sink that goes with
    // none after it (setSinkType to a local sink) takes the receiver's session with it.
    this.harness.env.timers.setTimeout(() => {
      if (!this.#listener && this.status.state === 'connected') this.stop();
    }, 0);
  }

  destroy(): void {
    this.#destroyed = true;
    this.#listener = null;
    this.#host?.destroy();
  }
}
