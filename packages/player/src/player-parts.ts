import { PlayerAnalytics } from './analytics/player-analytics.ts';
import { Emitter } from './base/emitter.ts';
import { CastProxy, type CastProxyHarness } from './cast/cast-proxy.ts';
import { GpuHost } from './gpu/gpu-host.ts';
import { channelMetadataFromSessionData } from './metadata/session-data.ts';
import { browserEnvironment } from './parts/browser-environment.ts';
import { BufferingWatchdog } from './parts/buffering-watchdog.ts';
import { LiveSampler } from './parts/live-sampler.ts';
import { LoadSession, type LoadSessionHarness } from './parts/load-session.ts';
import { FrameCues } from './parts/frame-cues.ts';
import { emitCues, routeMediaEvent } from './parts/media-events.ts';
import { PlaybackIntent } from './parts/playback-intent.ts';
import { PlayerStore } from './parts/player-store.ts';
import { RateController } from './parts/rate-controller.ts';
import { SessionOwner } from './parts/session-owner.ts';
import type { ResolvedPlayerConfig } from './player-config.ts';
import { LatencyAnalyticsCollector } from './rules/latency.ts';
import { codecPolicyFromExperiments, type Experiment } from './rules/experiments.ts';
import { NO_IDENTITY, tokenOf, type RequestIdentity } from './rules/request-identity.ts';
import { DrmHost } from './parts/drm-host.ts';
import { chromecastSinkFactory } from './sinks/chromecast/chromecast-sink.ts';
import type { SinkFactories } from './sinks/registry.ts';
import { SinkChooser } from './sinks/sink-choice.ts';
import type { SinkControls } from './sinks/sink.ts';
import type { PlayerEnvironment } from './types/environment.ts';
import { ErrorCode, ErrorType, MESSAGES, type PlayerError } from './types/errors.ts';
import type { PlayerEventMap } from './types/events.ts';
import { sameQuality, type Quality } from './types/quality.ts';
import type { SinkType } from './types/sink-type.ts';
import { PlayerState } from './types/state.ts';

/** HTMLMediaElement.HAVE_FUTURE_DATA: the element can play on from where it is. */
const HAVE_FUTURE_DATA = 3;

/**
 * The player's parts and the harnesses that join them (docs/player.md has the diagram):
 * PlayerStore (the state object), PlaybackIntent (play/pause wishes, autoplay, visibility),
 * RateController (viewer rate, catch-up), BufferingWatchdog, LiveSampler, PlayerAnalytics, the
 * GPU and cast hosts, SinkChooser, and SessionOwner with one LoadSession per source. The facade
 * (player.ts) only delegates to them; what several parts share is here, once.
 */
export class PlayerParts {
  readonly env: PlayerEnvironment;
  readonly emitter: Emitter<PlayerEventMap>;
  readonly store: PlayerStore;
  readonly sinks: SinkFactories;
  readonly chooser: SinkChooser;
  readonly intent: PlaybackIntent;
  readonly rate: RateController;
  readonly watchdog: BufferingWatchdog;
  readonly gpu: GpuHost;
  readonly cast: CastProxy;
  readonly analytics: PlayerAnalytics;
  readonly sampler: LiveSampler;
  readonly sessions: SessionOwner;
  /** A DRM-protected stream's MediaKeys and licenses (its EME module loads only for one). */
  readonly drm: DrmHost;
  /** Timed cues released with the frame that carries them (frame-cues.ts). */
  readonly frameCues = new FrameCues({
    release: (mediaTime) => emitCues(this.emitter, this.sessions.current?.dueCues(mediaTime) ?? []),
    pending: () => this.sessions.current?.hasPendingCues() ?? false,
  });
  video: HTMLVideoElement | null = null;
  /**
   * The viewer went back in a live window (seekTo short of the edge): low-latency catch-up and
   * drift correction stay out, as on the big players, until Go live (seekToLive) or a new source.
   */
  rewound = false;
  /** The viewer's manual quality, carried onto every new sink; null in auto mode. */
  manualQuality: Quality | null = null;
  /** The text track the page chose (setTextTrack), carried onto every new source and sink; null: none. */
  textTrackChoice: string | null = null;
  /** Who is watching (SPEC §7 setAuthToken … setRequestCredentials), read by each sink's requests. */
  identity: RequestIdentity = NO_IDENTITY;
  /** The experiments as assigned now (config, then setExperiment): each new source's codec policy reads them. */
  experiments: readonly Experiment[];
  /** The page's volume and mute while a receiver plays (the TV's are not this device's). */
  #localSound: { volume: number; muted: boolean } | null = null;

  constructor(config: ResolvedPlayerConfig) {
    const env = (this.env = browserEnvironment(config.environment));
    this.experiments = config.experiments;
    this.emitter = new Emitter<PlayerEventMap>((error, type) => {
      // A throwing error listener is logged, never re-emitted: it would throw again, forever.
      if (type === 'error') env.logger.error('A player error listener threw', error);
      else this.report(ErrorType.Error, ErrorCode.ListenerThrew, String(error), 'listener');
    });
    const state = () => this.store.state;
    this.store = new PlayerStore(this.emitter);
    this.cast = new CastProxy(config.cast, this.#castHarness());
    this.sinks = { ...config.sinks, chromecast: config.sinks.chromecast ?? chromecastSinkFactory(this.cast) };
    this.chooser = new SinkChooser(this.sinks, config.serviceWorker, (v) => env.sinkCapabilities(v), config.sink);
    this.intent = new PlaybackIntent(
      {
        element: () => this.video,
        ready: () => state().loaded,
        // Only the worker engine's element needs asking (sound-autoplay.ts says why).
        soundAllowed: () => (this.sessions.current?.type === 'mse-worker' ? env.soundAutoplayAllowed() : null),
        onPausedChanged: (paused) => this.store.set({ paused }),
        onAudioBlocked: () => {
          // Not left to 'volumechange': a reload of the element can drop that queued event.
          this.store.setMuted(true);
          this.emitter.emit('audio-blocked', {});
        },
        onPlaybackBlocked: () => this.emitter.emit('playback-blocked', {}),
      },
      env,
    );
    this.rate = new RateController({ element: () => this.video, monotonic: () => env.monotonic() });
    this.watchdog = new BufferingWatchdog(config.bufferingWatchdog);
    // SPEC §4/§7: the GPU surface (its module loads only for a canvas mode).
    this.gpu = new GpuHost(config.gpu, config.experiments, {
      env,
      onState: (gpuState) => {
        this.emitter.emit('gpu-state-changed', gpuState);
        this.analytics.onChange();
      },
      onAnalytics: (event) => this.emitter.emit('analytics', event),
    });
    this.analytics = new PlayerAnalytics({
      ...{ timers: env.timers, state, latency: () => this.latency().snapshot(), gpu: () => this.gpu },
      emit: (event) => this.emitter.emit('analytics', event),
      manifestLoads: () => this.sessions.current?.sink.manifestLoads?.() ?? null,
    });
    this.drm = new DrmHost({
      env,
      config: config.drm,
      element: () => this.video,
      token: () => this.identity.authToken ?? tokenOf(this.sessions.current?.url ?? ''),
      codecs: () => this.store.state.quality?.codecs ?? '',
      onError: (error) => this.reportError(error),
    });
    this.sampler = new LiveSampler({
      ...{ env, state, intent: this.intent, rate: this.rate, watchdog: this.watchdog },
      session: () => this.sessions.current,
      video: () => this.video,
      rewound: () => this.rewound,
      set: (patch) => this.store.set(patch),
      onDriftCorrection: (playlistPosition) => this.emitter.emit('drift-correction', { playlistPosition }),
      onError: (error) => this.reportError(error),
    });
    this.sessions = new SessionOwner({
      create: (type, url, generation) =>
        new LoadSession(type, url, generation, this.sinks[type]!, this.#sessionHarness(this.video!, config)),
      onStart: (type, url) => {
        this.watchdog.onStopped();
        this.drm.restart();
        this.store.set({ sink: type, loaded: false, error: null, state: PlayerState.Idle, path: url, protocol: 'HLS' });
        this.store.set({
          ...{ qualities: [], quality: null, audioTracks: [], audioTrack: null, textTracks: [], textTrack: null },
          ...{ sessionData: {}, startOffset: 0, channelMetadata: {} },
        });
        this.store.set({ sessionId: env.randomId() });
      },
      onCreated: (session) => {
        if (this.manualQuality) session.sink.setQuality(this.manualQuality);
        // The viewer's text track goes on with the next source and sink (shown where listed).
        if (this.textTrackChoice !== null) session.sink.setTextTrack?.(this.textTrackChoice);
        const { liveMaxLatency } = state();
        if (Number.isFinite(liveMaxLatency)) session.sink.setLiveMaxLatency(liveMaxLatency);
      },
      onCreateFailed: (error) => {
        // MediaSource (or the engine) could not even be created: SPEC §8 reports it as code 4.
        const message = `${MESSAGES.mediaSourceCreation}: ${error instanceof Error ? error.message : String(error)}`;
        this.reportError({
          type: ErrorType.NotSupported,
          code: ErrorCode.MediaSrcNotSupported,
          source: 'media',
          message,
          fatal: true,
        });
      },
      onEnd: () => {
        this.sampler.stop();
        this.rate.beforeReload();
        this.store.set({ loaded: false });
      },
      isPlaying: () => state().state === PlayerState.Playing,
    });
    this.store.subscribe(() => {
      this.analytics.onChange();
      const playing = state().state === PlayerState.Playing;
      this.gpu.setPlaying(playing && !this.controls());
      // Receivers are looked for once the first frame is out (the framework is not start-up work).
      if (playing && this.video) this.cast.start(this.video);
    });
  }

  /** The current sink's controls, where it plays elsewhere (a receiver): requests go there. */
  controls(): SinkControls | undefined {
    return this.sessions.current?.sink.controls;
  }

  latency(): LatencyAnalyticsCollector {
    return this.sessions.current?.latency ?? new LatencyAnalyticsCollector();
  }

  reportError(error: PlayerError): void {
    if (error.fatal) {
      this.store.set({ error, state: PlayerState.Idle });
      this.sampler.stop();
    }
    this.emitter.emit('error', error);
  }

  /** A non-fatal error of the player's own (the API, a listener, casting). */
  report(type: ErrorType, code: number, message: string, source: PlayerError['source'] = 'api'): void {
    this.reportError({ type, code, source, message, fatal: false });
  }

  routeElementEvent(type: string, element: HTMLVideoElement): void {
    const { store, emitter, intent, rate, watchdog } = this;
    const parts = { store, emitter, intent, rate, watchdog, ticker: this.analytics.ticker };
    const cuesFollowFrames = () => this.frameCues.follow(element);
    routeMediaEvent(type, element, this.env.monotonic(), {
      ...parts,
      session: this.sessions.current,
      cuesFollowFrames,
    });
    if (type === 'playing') this.sampler.sampleSoon();
    this.sessions.rebuildIfIdle();
  }

  /** Ends the current source and starts `url` on the sink the choice rule gives (a load, or playback coming home). */
  startSource(url: string): void {
    // A new source while a sink plays elsewhere (a channel change while casting) stays there.
    const remote = this.controls() ? (this.sessions.current?.type ?? null) : null;
    this.sessions.end();
    this.rewound = false;
    const fatal = (type: ErrorType, code: number, message: string) =>
      this.reportError({ type, code, source: 'load', message, fatal: true });
    if (!this.env.hasWebAssembly())
      return fatal(ErrorType.NotSupported, ErrorCode.NoWebAssembly, MESSAGES.noWebAssembly);
    const video = this.video;
    if (!video) return fatal(ErrorType.InvalidState, ErrorCode.NoMediaElement, 'attachMedia() must come before load()');
    const choice = this.chooser.forLoad(video, remote);
    if (!choice.type) return fatal(ErrorType.NotSupported, ErrorCode.NoPlayableSink, choice.message);
    this.rate.resetCatchUp();
    this.analytics.onLoad();
    this.sessions.start(choice.type, url);
    // An element already playing this source when its sink took it over (the embed's early
    // start plays the early engine's element muted, before the player exists) said 'playing'
    // before anyone listened: confirmed now, as the event would have.
    if (this.sessions.current && !video.paused && video.readyState >= HAVE_FUTURE_DATA) {
      this.routeElementEvent('playing', video);
    }
  }

  #sessionHarness(video: HTMLVideoElement, config: ResolvedPlayerConfig): LoadSessionHarness {
    const { env, store } = this;
    return {
      ...{ video, env, adjustments: config.sinkAdjustments, codecPolicy: codecPolicyFromExperiments(this.experiments) },
      ...{ driftOverrides: config.driftDetection, ticker: this.analytics.ticker },
      serviceWorker: this.chooser.serviceWorkerFor(video),
      onServiceWorkerState: (change) => this.emitter.emit('service-worker-state-changed', change),
      lowLatency: () => store.state.liveLowLatencyEnabled,
      audioOnly: () => store.state.audioOnly,
      identity: () => this.identity,
      onLoaded: (qualities, removed) => {
        const { state } = store.state;
        store.set({ qualities, loaded: true, state: state === PlayerState.Idle ? PlayerState.Ready : state });
        // Audio-only on a sink without our engine's audio-only variant (hls.js, native): the
        // lowest picture. Our engine plays its audio-only variant and ignores this.
        const lowest = qualities.reduce<Quality | null>((a, q) => (!a || q.bitrate < a.bitrate ? q : a), null);
        if (store.state.audioOnly && lowest) this.sessions.current?.sink.setQuality(lowest);
        this.emitter.emit('loaded', { qualities, removed });
        this.sampler.start();
        void this.intent.attempt();
      },
      onQualityChanged: (quality) => {
        if (sameQuality(quality, store.state.quality)) return;
        store.set({ quality });
        this.emitter.emit('quality-changed', quality);
      },
      onStarving: (starving) => this.rate.setStarving(starving),
      onAudioTracks: (tracks, selected) => {
        store.set({ audioTracks: tracks, audioTrack: selected });
        this.emitter.emit('audio-tracks-changed', { tracks, selected });
      },
      onTextTracks: (tracks, selected) => {
        store.set({ textTracks: tracks, textTrack: selected });
        this.emitter.emit('text-tracks-changed', { tracks, selected });
      },
      onSourceInfo: ({ sessionData, startOffset }) =>
        store.set({ sessionData, startOffset, channelMetadata: channelMetadataFromSessionData(sessionData) }),
      onError: (error) => this.reportError(error),
      onRebuildNeeded: (reason) => this.sessions.queueRebuild(reason),
      onProtection: (systems, initData) => this.drm.protect(systems, initData),
      onDeclined: (reason) => {
        const declined = this.sessions.current;
        // After the sink's own dispatch: ending a session from inside its sink's callback would
        // destroy the sink mid-call.
        env.timers.setTimeout(() => {
          if (!this.video || this.sessions.current !== declined || !declined) return;
          const next = this.chooser.afterDecline(this.video, declined.type, reason);
          if (!next.type) {
            const error = { type: ErrorType.NotSupported, code: ErrorCode.SinkUnavailable, source: 'sink' } as const;
            return this.reportError({ ...error, message: next.message, fatal: true });
          }
          env.logger.warn(`The ${declined.type} sink declined the source (${reason}); playing it on ${next.type}`);
          this.sessions.start(next.type, declined.url);
        }, 0);
      },
      beforeReload: () => {
        store.set({ loaded: false });
        this.rate.beforeReload();
      },
      onRemotePlayback: (playback) => store.set(playback),
    };
  }

  /** SPEC §4 remote session: casting's discovery and session (cast/) tell the player this. */
  #castHarness(): CastProxyHarness {
    return {
      env: this.env,
      onStatus: (status) => this.emitter.emit('cast-state-changed', status),
      currentUrl: () => this.sessions.current?.url ?? null,
      onConnected: (url) => {
        this.#localSound = { volume: this.store.state.volume, muted: this.store.state.muted };
        this.sessions.start('chromecast' satisfies SinkType, url);
      },
      resumeLocal: (url) => {
        // The page's own volume comes back with playback, at the live edge.
        const sound = this.#localSound;
        this.#localSound = null;
        this.sessions.end();
        if (sound) this.setSound(sound);
        this.startSource(url);
        void this.intent.play();
      },
      onError: (message) => this.report(ErrorType.Error, ErrorCode.CastFailed, message, 'sink'),
    };
  }

  /** Volume and mute on the element and in the state at once, and on the receiver where one plays. */
  setSound(sound: { volume?: number; muted?: boolean }): void {
    const controls = this.controls();
    if (sound.volume !== undefined) {
      // The state follows at once, not on 'volumechange': two quick steps (a held ↑ key) must
      // build on each other, and the element's load algorithm can drop a queued event.
      if (this.video) this.video.volume = sound.volume;
      controls?.setVolume(sound.volume);
      this.store.setVolume(sound.volume);
    }
    if (sound.muted !== undefined) {
      if (this.video) this.video.muted = sound.muted;
      controls?.setMuted(sound.muted);
      this.store.setMuted(sound.muted);
    }
  }
}
