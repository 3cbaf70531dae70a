import type { CastEvent } from './cast-session.ts';

/** The Remote Playback API's object on a media element (`video.remote`), as far as we use it. */
export interface RemotePlaybackLike {
  readonly state: 'connecting' | 'connected' | 'disconnected';
  watchAvailability(callback: (available: boolean) => void): Promise<number>;
  cancelWatchAvailability(id?: number): Promise<void>;
  prompt(): Promise<void>;
  addEventListener(type: 'connecting' | 'connect' | 'disconnect', listener: () => void): void;
  removeEventListener(type: 'connecting' | 'connect' | 'disconnect', listener: () => void): void;
}

/**
 * The Remote Playback API (`video.remote`), where no Cast framework is configured or it did not
 * load: the same button and states, through the browser's own picker. The browser moves the
 * element's playback to the device itself, so the element stays the player's (no local sink
 * to end, no remote state to mirror): only availability, the session's start and end, and
 * the picker's failures reach the state machine. `prompt()`'s rejections, as the Remote Playback
 * spec names them: NotAllowedError (the viewer closed the picker) is a cancel, NotFoundError (no
 * device) is receiver unavailable, anything else a failed request. While connected the picker is
 * how the viewer disconnects: closing it then changes nothing.
 */
export class RemotePlaybackPath {
  #watch: number | null = null;
  #destroyed = false;
  readonly #onConnect = () => this.onEvent({ type: 'session-started' });
  readonly #onDisconnect = () => this.onEvent({ type: 'session-ended', reason: 'stopped' });

  private constructor(
    private readonly remote: RemotePlaybackLike,
    private readonly onEvent: (event: CastEvent) => void,
  ) {
    remote.addEventListener('connect', this.#onConnect);
    remote.addEventListener('disconnect', this.#onDisconnect);
  }

  /** Watches availability on `video.remote`; null where the browser has no Remote Playback API. */
  static start(video: HTMLVideoElement, onEvent: (event: CastEvent) => void): RemotePlaybackPath | null {
    const remote = (video as HTMLVideoElement & { remote?: RemotePlaybackLike }).remote;
    if (!remote || typeof remote.watchAvailability !== 'function') return null;
    const path = new RemotePlaybackPath(remote, onEvent);
    remote
      .watchAvailability((available) => {
        if (!path.#destroyed) onEvent({ type: 'availability', available });
      })
      .then((id) => {
        path.#watch = id;
        if (path.#destroyed) void remote.cancelWatchAvailability(id).catch(() => {});
      })
      // NotSupportedError: availability cannot be watched here (no devices can appear); no button.
      .catch(() => {
        if (!path.#destroyed) onEvent({ type: 'availability', available: false });
      });
    return path;
  }

  requestSession(): void {
    const connecting = this.remote.state === 'disconnected';
    this.remote.prompt().catch((error: unknown) => {
      if (!connecting || this.#destroyed) return;
      const name = error instanceof Error || error instanceof DOMException ? error.name : '';
      const code =
        name === 'NotAllowedError' ? 'cancel' : name === 'NotFoundError' ? 'receiver_unavailable' : undefined;
      this.onEvent({ type: 'failed', code });
    });
  }

  destroy(): void {
    this.#destroyed = true;
    this.remote.removeEventListener('connect', this.#onConnect);
    this.remote.removeEventListener('disconnect', this.#onDisconnect);
    if (this.#watch !== null) void this.remote.cancelWatchAvailability(this.#watch).catch(() => {});
  }
}
