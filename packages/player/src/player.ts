import { clampVolume } from './base/clamp.ts';
import { MEDIA_EVENTS } from './parts/media-element.ts';
import type { Player, PlayerConfig } from './player-api.ts';
import { resolvePlayerConfig } from './player-config.ts';
import { PlayerParts } from './player-parts.ts';
import { PLAYER_VERSION } from './types/constants.ts';
import { ErrorCode, ErrorType, MESSAGES } from './types/errors.ts';
import type { PlayerEventMap } from './types/events.ts';
import { sameQuality, type Quality } from './types/quality.ts';
import { isSinkType, type SinkType } from './types/sink-type.ts';
import { identityCommand, type IdentityCommand } from './engine/identity-commands.ts';
import type { Experiment } from './rules/experiments.ts';

export type { Player, PlayerConfig } from './player-api.ts';

export function createPlayer(config: PlayerConfig = {}): Player {
  return new OnAirPlayer(config);
}

/**
 * The Player facade, read like hls.js's `hls.ts`: the constructor builds the parts
 * (player-parts.ts, docs/player.md has the diagram), and each method delegates in a few lines.
 * Requests go down to the parts and the current sink, or to the sink's `controls` where it
 * plays elsewhere (a receiver); confirmed state comes up from the element and the sink.
 */
class OnAirPlayer implements Player {
  readonly #parts: PlayerParts;
  #deleted = false;
  readonly #onMediaEvent = (event: Event) => {
    // A sink that plays elsewhere owns the state: the idle local element says nothing of it.
    if (!this.#parts.controls()) this.#parts.routeElementEvent(event.type, event.target as HTMLVideoElement);
  };

  constructor(config: PlayerConfig) {
    this.#parts = new PlayerParts(resolvePlayerConfig(config));
  }

  attachMedia(element: HTMLVideoElement): void {
    const parts = this.#parts;
    if (!this.#alive() || element === parts.video) return;
    this.#detachMedia();
    parts.video = element;
    element.volume = parts.store.state.volume;
    element.loop = parts.store.state.looping;
    element.muted = parts.store.state.muted;
    element.defaultPlaybackRate = element.playbackRate = parts.rate.viewerRate;
    for (const type of MEDIA_EVENTS) element.addEventListener(type, this.#onMediaEvent);
    // A source playing into another element moves with the player.
    const current = parts.sessions.current;
    if (current) parts.sessions.start(current.type, current.url);
  }

  load(url: string): void {
    if (this.#alive()) this.#parts.startSource(url);
  }

  play(): Promise<void> {
    if (!this.#alive()) return Promise.resolve();
    const controls = this.#parts.controls();
    return controls ? Promise.resolve(controls.play()) : this.#parts.intent.play();
  }

  pause(): void {
    if (!this.#alive()) return;
    const controls = this.#parts.controls();
    if (controls) controls.pause();
    else this.#parts.intent.pause();
  }

  seekTo(position: number): void {
    const { video, sessions } = this.#parts;
    if (!this.#alive() || !video || !Number.isFinite(position)) return;
    const sink = sessions.current?.sink;
    // Short of a live window's edge: the viewer chose to watch behind live (player-parts.ts).
    const edge = this.#parts.store.state.seekable?.end;
    if (sink?.isLive()) this.#parts.rewound = !(edge !== undefined && position >= edge - 1);
    const target = Math.max(0, position);
    if (sink?.seekTo) sink.seekTo(target);
    else video.currentTime = target;
    // Said at once, not at the next sample: a second ← on a seek bar goes on from this one.
    this.#parts.store.set({ position: target });
  }

  seekToLive(): void {
    const session = this.#parts.sessions.current;
    if (!this.#alive() || !session?.sink.isLive()) return;
    this.#parts.rewound = false;
    session.sink.seekToLiveEdge();
  }

  setLooping(looping: boolean): void {
    if (!this.#alive() || typeof looping !== 'boolean') return;
    this.#parts.store.set({ looping });
    if (this.#parts.video) this.#parts.video.loop = looping;
  }

  setVolume(volume: number): void {
    if (this.#alive()) this.#parts.setSound({ volume: clampVolume(volume) });
  }

  setMuted(muted: boolean): void {
    if (this.#alive()) this.#parts.setSound({ muted });
  }

  setPlaybackRate(value: number): void {
    if (!this.#alive()) return;
    const applied = this.#parts.rate.setViewerRate(value);
    // With an element the state follows its ratechange (confirmed state comes up).
    if (!this.#parts.video) this.#parts.store.set({ playbackRate: applied });
  }

  setQuality(quality: Quality): void {
    const { sessions, store, video, env } = this.#parts;
    if (!this.#alive() || !sessions.current) return;
    if (video?.controls) {
      return env.logger.warn('Quality can be set manually only when the video element has no native controls.');
    }
    const known = store.state.qualities.find((q) => sameQuality(q, quality));
    if (!known)
      return this.#parts.report(
        ErrorType.InvalidParameter,
        ErrorCode.UnknownQuality,
        `Unknown quality ${quality.name}`,
      );
    this.#parts.manualQuality = known;
    store.set({ autoQualityMode: false });
    sessions.current.sink.setQuality(known);
  }

  setAudioTrack(id: string): void {
    const { sessions, store } = this.#parts;
    if (!this.#alive() || !sessions.current) return;
    if (!store.state.audioTracks.some((track) => track.id === id)) {
      return this.#parts.report(ErrorType.InvalidParameter, ErrorCode.UnknownAudioTrack, `Unknown audio track ${id}`);
    }
    if (id === store.state.audioTrack) return;
    sessions.current.sink.setAudioTrack?.(id);
  }

  setTextTrack(id: string | null): void {
    const { sessions, store } = this.#parts;
    if (!this.#alive()) return;
    if (id !== null && !store.state.textTracks.some((track) => track.id === id)) {
      return this.#parts.report(ErrorType.InvalidParameter, ErrorCode.UnknownTextTrack, `Unknown text track ${id}`);
    }
    this.#parts.textTrackChoice = id;
    if (id !== store.state.textTrack) sessions.current?.sink.setTextTrack?.(id);
  }

  setAutoQualityMode(enabled: boolean): void {
    if (!this.#alive()) return;
    const parts = this.#parts;
    parts.store.set({ autoQualityMode: enabled });
    parts.manualQuality = enabled ? null : (parts.manualQuality ?? parts.store.state.quality);
    // Manual mode without a known quality yet keeps whatever plays until the viewer picks one.
    if (enabled || parts.manualQuality) parts.sessions.current?.sink.setQuality(parts.manualQuality);
  }

  setLiveLowLatencyEnabled(enabled: boolean): void {
    if (!this.#alive()) return;
    if (enabled !== this.#parts.store.state.liveLowLatencyEnabled) this.#parts.rate.beforeReload();
    this.#parts.store.set({ liveLowLatencyEnabled: enabled });
    this.#parts.sessions.current?.sink.setLowLatency(enabled);
  }

  setLiveMaxLatency(seconds: number): void {
    if (!this.#alive() || !(seconds > 0)) return;
    this.#parts.store.set({ liveMaxLatency: seconds });
    this.#parts.sessions.current?.sink.setLiveMaxLatency(seconds);
  }

  setAudioOnly(enabled: boolean): void {
    const parts = this.#parts;
    if (!this.#alive() || typeof enabled !== 'boolean' || enabled === parts.store.state.audioOnly) return;
    parts.store.set({ audioOnly: enabled });
    // Another MediaSource (an audio SourceBuffer alone, or a picture again): a new sink, at the
    // live edge. A source with an end keeps its place and takes the mode at its next load.
    const current = parts.sessions.current;
    if (!current?.sink.isLive()) return;
    parts.rewound = false;
    parts.sessions.start(current.type, current.url);
  }

  setRebufferToLive(enabled: boolean): void {
    if (this.#alive()) this.#parts.store.set({ rebufferToLive: enabled });
  }

  setSinkType(type: SinkType): void {
    if (!this.#alive()) return;
    const { chooser, sessions, video, sinks } = this.#parts;
    if (!isSinkType(type) || !chooser.usable(type, video)) {
      const message = `The ${String(type)} sink is not available in this browser`;
      return this.#parts.report(ErrorType.NotSupported, ErrorCode.SinkUnavailable, message);
    }
    // A sink that needs a connection first (a receiver) starts once the connection is made.
    const connect = sinks[type]?.connect;
    if (connect) return connect();
    chooser.preferred = type;
    // Without a source the choice waits for the next load; the same sink stays as it is.
    const current = sessions.current;
    if (current && current.type !== type) sessions.start(type, current.url);
  }

  setAuthToken = (token: string) => this.#setIdentity({ cmd: 'setAuthToken', token });
  setClientId = (clientId: string) => this.#setIdentity({ cmd: 'setClientId', clientId });
  setDeviceId = (deviceId: string) => this.#setIdentity({ cmd: 'setDeviceId', deviceId });
  setPlayerType = (playerType: string) => this.#setIdentity({ cmd: 'setPlayerType', playerType });
  setPlatformName = (name: string) => this.#setIdentity({ cmd: 'setPlatformName', name });
  setRequestCredentials = (credentials: RequestCredentials) =>
    this.#setIdentity({ cmd: 'setRequestCredentials', credentials });

  setExperiment(experiment: Experiment): void {
    if (!this.#alive()) return;
    const { id, assignment } = experiment ?? {};
    if (typeof id !== 'string' || !id || typeof assignment !== 'string') {
      return this.#parts.report(
        ErrorType.InvalidParameter,
        ErrorCode.InvalidExperiment,
        'An experiment needs an id and an assignment',
      );
    }
    this.#parts.experiments = [...this.#parts.experiments.filter((e) => e.id !== id), { ...experiment }];
  }

  delayNextMediaManifest(delayInMs: number): void {
    if (this.#alive() && Number.isFinite(delayInMs) && delayInMs >= 0) {
      this.#parts.sessions.current?.sink.delayNextMediaManifest?.(delayInMs);
    }
  }

  attachGpuCanvas(canvas: HTMLCanvasElement | null): void {
    if (!this.#alive()) return;
    const { gpu, video, env } = this.#parts;
    if (!canvas) return gpu.detach();
    if (!video) return env.logger.warn('attachMedia() must come before attachGpuCanvas()');
    gpu.attach(video, canvas);
  }

  startRemotePlayback(): void {
    if (this.#alive()) this.#parts.cast.request();
  }

  endRemotePlayback(): void {
    if (this.#alive()) this.#parts.cast.stop();
  }

  getCastStatus = () => this.#parts.cast.status;
  getGpuState = () => this.#parts.gpu.state;
  getGpuFrameStatistics = () => this.#parts.gpu.frameStatistics();
  getState = () => this.#parts.store.state;
  getLiveLatencyAnalytics = () => this.#parts.latency().snapshot();
  getVersion = () => PLAYER_VERSION;
  subscribe = (listener: () => void) => this.#parts.store.subscribe(listener);

  on<K extends keyof PlayerEventMap>(type: K, listener: (payload: PlayerEventMap[K]) => void): void {
    this.#parts.emitter.on(type, listener);
  }

  off<K extends keyof PlayerEventMap>(type: K, listener: (payload: PlayerEventMap[K]) => void): void {
    this.#parts.emitter.off(type, listener);
  }

  delete(): void {
    if (!this.#alive()) return;
    const { sessions, intent, gpu, cast, analytics, store, emitter, drm } = this.#parts;
    sessions.end();
    drm.destroy();
    intent.destroy();
    gpu.destroy();
    cast.destroy();
    analytics.destroy();
    this.#detachMedia();
    store.destroy();
    emitter.clear();
    this.#deleted = true;
  }

  /** One of SPEC §7's identity commands: checked, kept for every later sink, and given to the current one. */
  #setIdentity(command: IdentityCommand): void {
    if (!this.#alive()) return;
    const result = identityCommand(this.#parts.identity, command);
    if (!result) return;
    if ('problem' in result) {
      return this.#parts.report(
        ErrorType.InvalidParameter,
        ErrorCode.InvalidIdentity,
        `${command.cmd}: ${result.problem}`,
      );
    }
    this.#parts.identity = result.identity;
    this.#parts.sessions.current?.sink.setIdentity?.(result.identity);
  }

  #alive(): boolean {
    if (this.#deleted) this.#parts.env.logger.warn(MESSAGES.deleted);
    return !this.#deleted;
  }

  #detachMedia(): void {
    const { video } = this.#parts;
    if (video) for (const type of MEDIA_EVENTS) video.removeEventListener(type, this.#onMediaEvent);
    this.#parts.frameCues.stop();
    this.#parts.video = null;
  }
}
