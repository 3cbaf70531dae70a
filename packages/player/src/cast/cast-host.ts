import { CastErrorMessage, classifyCastError } from './cast-errors.ts';
import { castTransition, type CastEffect, type CastEvent } from './cast-session.ts';
import type { CastConfig, CastHostHarness, CastStatus } from './cast-types.ts';
import type { CastRemote } from './cast-remote.ts';
import { RemotePlaybackPath } from './remote-playback.ts';
import { askSound, reconcileSound, type SoundAsk } from './remote-sound.ts';
import { SDK_LOAD_ERROR } from './script-retry.ts';

/**
 * The player's side of casting (SPEC §4 remote session), loaded with the first play
 * (cast-proxy.ts): the Cast framework (cast-remote.ts, with SPEC §9's script retries) where
 * the page configured an SDK URL, else or failing that the browser's Remote Playback API. Their
 * events run through the pure state machine (cast-session.ts); this host carries out the
 * effects.
 */
export class CastHost {
  #status: CastStatus = { state: 'unavailable', receiver: null };
  #remote: CastRemote | null = null;
  /** The Remote Playback API, where the Cast framework is not configured or did not load. */
  #browser: RemotePlaybackPath | null = null;
  #loading = false;
  /** The viewer's volume and mute not yet confirmed by the receiver (remote-sound.ts). */
  #soundAsk: SoundAsk | null = null;
  /** Whether the framework (or the browser) last said a receiver is around. */
  #receivers = false;
  #castUrl: string | null = null;
  #destroyed = false;

  constructor(
    private readonly config: CastConfig | undefined,
    private readonly harness: CastHostHarness,
  ) {}

  get status(): CastStatus {
    return this.#status;
  }

  get connected(): boolean {
    return this.#status.state === 'connected';
  }

  /** Called when the player first plays: discovery starts (the framework loads, or the browser's API). */
  start(video: HTMLVideoElement): void {
    if (this.#loading || this.#destroyed) return;
    this.#loading = true;
    const url = this.config?.sdkUrl;
    if (!url) return this.#useBrowser(video);
    void import('./cast-remote.ts')
      .then(({ CastRemote }) =>
        CastRemote.load(url, {
          timers: this.harness.env.timers,
          onEvent: (event) => this.#on(event),
          onReceiver: (receiver) => this.#setStatus({ ...this.#status, receiver }),
          onPlayback: (playback) => {
            if (this.#destroyed) return;
            const { sound, ask } = reconcileSound(playback, this.#soundAsk, this.harness.env.monotonic());
            this.#soundAsk = ask;
            this.harness.onRemotePlayback({ ...playback, ...sound });
          },
        }).then((remote) => {
          if (this.#destroyed) return remote.destroy();
          this.#remote = remote;
        }),
      )
      .catch((error: unknown) => {
        if (this.#destroyed) return;
        // SPEC §8 'Error loading chromecast SDK': the console says why, and the browser's own
        // API (if any) takes over. So it does at once where the framework loaded and said this
        // browser has no Cast (it is final: no retries).
        const message = error instanceof Error ? error.message : String(error);
        this.harness.env.logger.warn(message);
        if (message === SDK_LOAD_ERROR) this.harness.onError(SDK_LOAD_ERROR);
        this.#useBrowser(video);
      });
  }

  #useBrowser(video: HTMLVideoElement): void {
    this.#browser = RemotePlaybackPath.start(video, (event) => this.#on(event));
  }

  /** The viewer pressed the cast button. */
  request(): void {
    this.#on({ type: 'request' });
  }

  /** A new source while casting plays on the TV (a channel change on a real sender does too). */
  loadRemote(url: string): void {
    this.#castUrl = url;
    this.#remote?.load(url);
  }

  /** The viewer stopped casting. */
  stop(): void {
    // The browser's picker is how its API disconnects.
    if (this.#remote) this.#remote.endSession(true);
    else this.#browser?.requestSession();
  }

  play(): void {
    this.#remote?.play();
  }

  pause(): void {
    this.#remote?.pause();
  }

  setVolume(volume: number): void {
    if (!this.#remote) return;
    this.#soundAsk = askSound(this.#soundAsk, { volume }, this.harness.env.monotonic());
    this.#remote.setVolume(volume);
  }

  setMuted(muted: boolean): void {
    if (!this.#remote) return;
    this.#soundAsk = askSound(this.#soundAsk, { muted }, this.harness.env.monotonic());
    this.#remote.setMuted(muted);
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    // The TV would play on with no player left to show it or stop it (and a player made next on
    // this page would not know of it): this player's session ends with it.
    if (this.#status.state === 'connected') this.#remote?.endSession(true);
    // A session still being opened is ended once it starts.
    this.#remote?.destroy({ endPendingSession: this.#status.state === 'connecting' });
    this.#status = { state: 'unavailable', receiver: null };
    this.#remote = null;
    this.#browser?.destroy();
    this.#browser = null;
  }

  #on(event: CastEvent): void {
    if (this.#destroyed) return;
    // Kept through sessions: the button after one is the receiver list as it is then.
    if (event.type === 'availability') this.#receivers = event.available;
    if (event.type === 'failed' && classifyCastError(event.code).type === 'receiver-unavailable') {
      this.#receivers = false;
    }
    const { state, effects } = castTransition(this.#status.state, event, this.#receivers);
    const receiver = state === 'connected' || state === 'connecting' ? this.#status.receiver : null;
    this.#setStatus({ state, receiver });
    for (const effect of effects) this.#run(effect);
  }

  #run(effect: CastEffect): void {
    switch (effect.type) {
      case 'request-session':
        return (this.#remote ?? this.#browser)?.requestSession();
      case 'start-remote': {
        // Remote Playback: the browser moved the element's playback itself.
        if (!this.#remote) return;
        const url = this.harness.currentUrl();
        if (!url) {
          // Nothing loaded to cast: the session goes, and the viewer hears why.
          this.#remote.endSession(true);
          return this.harness.onError(CastErrorMessage.RequestFailed);
        }
        // The chromecast sink loads it (loadRemote) once the player has moved onto it.
        this.#castUrl = url;
        return this.harness.onConnected(url);
      }
      case 'resume-local': {
        const url = this.#castUrl;
        this.#castUrl = null;
        if (url) this.harness.resumeLocal(url);
        return;
      }
      case 'end-session':
        return this.#remote?.endSession(true);
      case 'report':
        return this.harness.onError(effect.message);
    }
  }

  #setStatus(status: CastStatus): void {
    if (this.#destroyed) return;
    if (status.state === this.#status.state && status.receiver === this.#status.receiver) return;
    this.#status = status;
    this.harness.onStatus(status);
  }
}
