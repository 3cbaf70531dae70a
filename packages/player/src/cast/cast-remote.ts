import { PLAYER_VERSION } from '../types/constants.ts';
import type { Timers } from '../types/environment.ts';
import type { RemotePlayback } from './cast-types.ts';
import { castLoadRequest } from './cast-media.ts';
import {
  loadCastSdk,
  type CastContextApi,
  type CastFramework,
  type RemotePlayerApi,
  type RemotePlayerControllerApi,
} from './cast-sdk.ts';
import { playerStateForRemote, type CastEvent, type RemotePlayerState } from './cast-session.ts';

export interface CastRemoteHarness {
  timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  /** What the framework says, as the state machine's events. */
  onEvent(event: CastEvent): void;
  onReceiver(name: string | null): void;
  onPlayback(playback: RemotePlayback): void;
}

const REMOTE_STATES = new Set(['IDLE', 'BUFFERING', 'PLAYING', 'PAUSED']);

/**
 * The Cast sender framework, loaded and listened to (I/O; the decisions are cast-session.ts's):
 * the cast state gives availability, the session state gives started and ended, the remote
 * player gives the receiver's playback, and the player's requests go to the session and the
 * remote player controller.
 */
export class CastRemote {
  readonly #player: RemotePlayerApi;
  readonly #controller: RemotePlayerControllerApi;
  readonly #onCastState: (event: { castState?: string }) => void;
  readonly #onSessionState: (event: { sessionState?: string; errorCode?: string }) => void;
  readonly #onPlayer: () => void;

  private constructor(
    private readonly sdk: CastFramework,
    private readonly context: CastContextApi,
    private readonly harness: CastRemoteHarness,
  ) {
    const { framework } = sdk;
    this.#player = new framework.RemotePlayer();
    this.#controller = new framework.RemotePlayerController(this.#player);
    const noDevices = framework.CastState.NO_DEVICES_AVAILABLE;
    this.#onCastState = ({ castState }) =>
      harness.onEvent({ type: 'availability', available: castState !== noDevices });
    this.#onSessionState = ({ sessionState }) => {
      const states = framework.SessionState;
      if (sessionState === states.SESSION_STARTED || sessionState === states.SESSION_RESUMED) {
        harness.onReceiver(context.getCurrentSession()?.getCastDevice().friendlyName ?? null);
        harness.onEvent({ type: 'session-started' });
      } else if (sessionState === states.SESSION_ENDED) {
        harness.onEvent({ type: 'session-ended', reason: 'stopped' });
      }
      // SESSION_START_FAILED is not read: requestSession's rejection carries the same code.
    };
    this.#onPlayer = () => {
      const player = this.#player;
      if (!player.isConnected || !REMOTE_STATES.has(player.playerState ?? '')) return;
      harness.onPlayback({
        state: playerStateForRemote(player.playerState as RemotePlayerState, player.idleReason ?? undefined),
        paused: player.isPaused,
        volume: player.volumeLevel,
        muted: player.isMuted,
      });
    };
    context.addEventListener(framework.CastContextEventType.CAST_STATE_CHANGED, this.#onCastState);
    context.addEventListener(framework.CastContextEventType.SESSION_STATE_CHANGED, this.#onSessionState);
    this.#controller.addEventListener(framework.RemotePlayerEventType.ANY_CHANGE, this.#onPlayer);
    this.#onCastState({ castState: context.getCastState() });
  }

  /** Loads the framework (SPEC §9 retries; rejects with 'Error loading chromecast SDK') and listens. */
  static async load(url: string, harness: CastRemoteHarness): Promise<CastRemote> {
    const sdk = await loadCastSdk(url, harness.timers);
    const context = sdk.framework.CastContext.getInstance();
    context.setOptions({
      receiverApplicationId: sdk.media.DEFAULT_MEDIA_RECEIVER_APP_ID,
      autoJoinPolicy: sdk.AutoJoinPolicy.ORIGIN_SCOPED,
    });
    return new CastRemote(sdk, context, harness);
  }

  requestSession(): void {
    // The outcome arrives as session states; a rejection carries the error code as well.
    this.context.requestSession().catch((code: unknown) => {
      this.harness.onEvent({ type: 'failed', code: typeof code === 'string' ? code : undefined });
    });
  }

  /** SPEC §7: the stream, buffered, with the sender's analytics; SPEC §9: from 0 (the receiver's live edge). */
  load(url: string): void {
    const session = this.context.getCurrentSession();
    if (!session) return this.harness.onEvent({ type: 'failed', code: 'session_error' });
    const data = castLoadRequest(url, globalThis.location?.href ?? url, PLAYER_VERSION);
    const media = new this.sdk.media.MediaInfo(data.media.contentId, data.media.contentType);
    media.streamType = data.media.streamType;
    media.customData = data.media.customData;
    const request = new this.sdk.media.LoadRequest(media);
    request.currentTime = data.currentTime;
    request.autoplay = data.autoplay;
    session.loadMedia(request).catch((code: unknown) => {
      this.harness.onEvent({ type: 'failed', code: typeof code === 'string' ? code : 'load_media_failed' });
    });
  }

  play(): void {
    if (this.#player.isPaused) this.#controller.playOrPause();
  }

  pause(): void {
    if (!this.#player.isPaused) this.#controller.playOrPause();
  }

  // Volume and mute are set on the session, not through the controller's muteOrUnmute: a toggle
  // decides from the remote player's mirrored state, which lags a request just made (Mute, then
  // the slider, which unmutes, would toggle twice to muted).
  setVolume(volume: number): void {
    void this.context
      .getCurrentSession()
      ?.setVolume(volume)
      .catch(() => {});
  }

  setMuted(muted: boolean): void {
    void this.context
      .getCurrentSession()
      ?.setMute(muted)
      .catch(() => {});
  }

  endSession(stop: boolean): void {
    this.context.endCurrentSession(stop);
  }

  /**
   * Stops listening. `endPendingSession`: a session requested and not yet started is ended when
   * it starts (the framework's context outlives the player; nothing would stop that TV).
   */
  destroy(options: { endPendingSession?: boolean } = {}): void {
    const { framework } = this.sdk;
    const sessionEvents = framework.CastContextEventType.SESSION_STATE_CHANGED;
    this.context.removeEventListener(framework.CastContextEventType.CAST_STATE_CHANGED, this.#onCastState);
    this.context.removeEventListener(sessionEvents, this.#onSessionState);
    this.#controller.removeEventListener(framework.RemotePlayerEventType.ANY_CHANGE, this.#onPlayer);
    if (!options.endPendingSession) return;
    const { SESSION_STARTED, SESSION_RESUMED, SESSION_START_FAILED, SESSION_ENDED } = framework.SessionState;
    const once = ({ sessionState }: { sessionState?: string }) => {
      if (sessionState === SESSION_STARTED || sessionState === SESSION_RESUMED) this.context.endCurrentSession(true);
      else if (sessionState !== SESSION_START_FAILED && sessionState !== SESSION_ENDED) return;
      this.context.removeEventListener(sessionEvents, once);
    };
    this.context.addEventListener(sessionEvents, once);
  }
}
