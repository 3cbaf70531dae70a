import { AnalyticsTicker, type PlayTimeTicker } from './analytics/analytics.ts';
import { CastProxy } from './cast/cast-proxy.ts';
import { GpuHost } from './gpu/gpu-host.ts';
import { gpuAnalyticsFields } from './types/gpu-surface.ts';
import { ViewAnalytics } from './analytics/view-analytics.ts';
import { BUFFERING_WATCHDOG_DEFAULTS, BufferingWatchdog } from './parts/buffering-watchdog.ts';
import { clampVolume } from './base/clamp.ts';
import { PLAYER_VERSION, STATE_POLL_INTERVAL_MS } from './types/constants.ts';
import { Emitter } from './base/emitter.ts';
import { browserEnvironment } from './parts/browser-environment.ts';
import { ErrorCode, ErrorType, MESSAGES, type ErrorSource, type PlayerError } from './types/errors.ts';
import type { PlayerEventMap } from './types/events.ts';
import { codecPolicyFromExperiments } from './rules/experiments.ts';
import { LatencyAnalyticsCollector } from './rules/latency.ts';
import { readLiveSample } from './parts/live-sample.ts';
import { LoadSession, type LoadSessionHarness } from './parts/load-session.ts';
import { requestServiceWorker, sinkOrderFor, type ServiceWorkerRequest } from './sinks/worker-choice.ts';
import { MEDIA_EVENTS } from './parts/media-element.ts';
import { routeMediaEvent } from './parts/media-events.ts';
import { PlaybackIntent } from './parts/playback-intent.ts';
import type { Player, PlayerConfig } from './player-api.ts';
import { playerStatsEvent } from './analytics/player-stats.ts';
import { PlayerStore } from './parts/player-store.ts';
import { sameQuality, type Quality } from './types/quality.ts';
import { RateController } from './parts/rate-controller.ts';
import { SessionOwner } from './parts/session-owner.ts';
import { channelMetadataFromSessionData } from './metadata/session-data.ts';
import { DEFAULT_SINKS } from './sinks/registry.ts';
import { orderAfterDecline, selectSink } from './sinks/select-sink.ts';
import { DEFAULT_SINK_ADJUSTMENTS } from './sinks/sink.ts';
import { isSinkType } from './types/sink-type.ts';
import { PlayerState } from './types/state.ts';

export type { Player, PlayerConfig } from './player-api.ts';

/**
 * The Player facade: it owns the media element's events and wires the parts (docs/player.md
 * has the diagram): PlayerStore (the state object), PlaybackIntent (play/pause wishes,
 * autoplay, visibility), RateController (viewer rate, catch-up), BufferingWatchdog, and
 * SessionOwner with one LoadSession per source (the sink, media errors, drift, latency
 * analytics, statistics). Requests go down; confirmed state comes up from the element and sink.
 */
/** HTMLMediaElement.HAVE_FUTURE_DATA: the element can play on from where it is. */
const HAVE_FUTURE_DATA = 3;

export function createPlayer(config: PlayerConfig = {}): Player {
  const env = browserEnvironment(config.environment);
  const sinks = { ...DEFAULT_SINKS, ...config.sinks };
  const adjustments = { ...DEFAULT_SINK_ADJUSTMENTS, ...config.sinkAdjustments };
  const codecPolicy = codecPolicyFromExperiments(config.experiments ?? []);
  let video: HTMLVideoElement | null = null;
  let preferredSink = config.sink;
  /** The viewer's manual quality, carried onto every new sink; null in auto mode. */
  let manualQuality: Quality | null = null;
  let poll: unknown;
  let deleted = false;

  const emitter = new Emitter<PlayerEventMap>((error, type) => {
    // A throwing error listener is logged, never re-emitted: it would throw again, forever.
    if (type === 'error') env.logger.error('A player error listener threw', error);
    else report(ErrorType.Error, ErrorCode.ListenerThrew, 'listener', String(error), false);
  });
  const store = new PlayerStore(emitter);
  const set = store.set.bind(store);
  store.subscribe(() => {
    views.onState(store.state, gpuSettled());
    const playing = store.state.state === PlayerState.Playing;
    gpu.setPlaying(playing && !cast.controlsRemote);
    // Receivers are looked for once the first frame is out (the framework's script is not start-up work).
    if (playing && video) cast.start(video);
  });
  const latencySnapshot = () => (sessions.current?.latency ?? new LatencyAnalyticsCollector()).snapshot();
  const statsTicker = new AnalyticsTicker((reason, played) => {
    const manifestLoads = sessions.current?.sink.manifestLoads?.() ?? null;
    emitter.emit('analytics', playerStatsEvent(reason, played, store.state, latencySnapshot(), manifestLoads));
  });
  // SPEC §4/§7: the GPU surface (its module loads only for a canvas mode), and the viewing
  // events that carry what it found.
  const gpu = new GpuHost(config.gpu, config.experiments ?? [], {
    env,
    onState(state) {
      emitter.emit('gpu-state-changed', state);
      views.onState(store.state, gpuSettled());
    },
    onAnalytics: (event) => emitter.emit('analytics', event),
  });
  let localSound: { volume: number; muted: boolean } | null = null;
  // SPEC §4 remote (cast) session: while connected, the receiver plays and the player's state
  // is the receiver's; the local element is stopped and fetches nothing.
  const cast = new CastProxy(config.cast, {
    env,
    onStatus: (status) => emitter.emit('cast-state-changed', status),
    currentUrl: () => sessions.current?.url ?? null,
    endLocal() {
      // The TV's volume is not this device's: the page's comes back with playback.
      localSound = { volume: store.state.volume, muted: store.state.muted };
      sessions.end();
      video?.pause();
      set({ sink: 'chromecast', state: PlayerState.Buffering });
    },
    resumeLocal(url) {
      if (localSound) {
        api.setVolume(localSound.volume);
        api.setMuted(localSound.muted);
      }
      api.load(url);
      void api.play();
    },
    onRemotePlayback({ state, paused, volume, muted }) {
      if (cast.controlsRemote) set({ state, paused, volume, muted });
    },
    onError: (message) => report(ErrorType.Error, ErrorCode.CastFailed, 'sink', message, false),
  });
  /** Whether the GPU path has said what it found (or was never asked): video-play waits for it. */
  const gpuSettled = () => gpu.state.status !== 'starting' || gpu.state.support.reason !== 'not-requested';
  const views = new ViewAnalytics(
    (event) => emitter.emit('analytics', event),
    () => gpuAnalyticsFields(gpu.state.support),
    env.timers,
    () => gpu.initPending,
  );
  const ticker: PlayTimeTicker = {
    addPlayTime(deltaMs) {
      statsTicker.addPlayTime(deltaMs);
      views.addPlayTime(deltaMs);
    },
    onPause: () => statsTicker.onPause(),
  };
  /** Whether the live-manifest worker is asked for: decided once per element (its capabilities do not change). */
  let serviceWorker: { element: HTMLVideoElement; request: ServiceWorkerRequest | null } | null = null;
  function serviceWorkerFor(element: HTMLVideoElement): ServiceWorkerRequest | null {
    if (serviceWorker?.element !== element) {
      serviceWorker = { element, request: requestServiceWorker(config.serviceWorker, env.sinkCapabilities(element)) };
    }
    return serviceWorker.request;
  }
  const intent = new PlaybackIntent(
    {
      element: () => video,
      ready: () => store.state.loaded,
      // Only the worker engine's element needs asking (sound-autoplay.ts says why).
      soundAllowed: () => (sessions.current?.type === 'mse-worker' ? env.soundAutoplayAllowed() : null),
      onPausedChanged: (paused) => set({ paused }),
      onAudioBlocked() {
        // Not left to 'volumechange': a reload of the element can drop that queued event.
        store.setMuted(true);
        emitter.emit('audio-blocked', {});
      },
      onPlaybackBlocked: () => emitter.emit('playback-blocked', {}),
    },
    env,
  );
  const rate = new RateController({ element: () => video, monotonic: () => env.monotonic() });
  const watchdog = new BufferingWatchdog({
    ...BUFFERING_WATCHDOG_DEFAULTS,
    ...(config.bufferingTimeoutMs ? { firstTimeoutMs: config.bufferingTimeoutMs } : {}),
  });

  function reportError(error: PlayerError): void {
    if (error.fatal) {
      set({ error, state: PlayerState.Idle });
      stopPoll();
    }
    emitter.emit('error', error);
  }

  function report(type: ErrorType, code: number, source: ErrorSource, message: string, fatal: boolean): void {
    reportError({ type, code, source, message, fatal });
  }

  const sessionHarness = (element: HTMLVideoElement): LoadSessionHarness => ({
    ...{ video: element, env, adjustments, codecPolicy, driftOverrides: config.driftDetection, ticker },
    serviceWorker: serviceWorkerFor(element),
    onServiceWorkerState: (change) => emitter.emit('service-worker-state-changed', change),
    lowLatency: () => store.state.liveLowLatencyEnabled,
    onLoaded(qualities, removed) {
      const { state } = store.state;
      set({ qualities, loaded: true, state: state === PlayerState.Idle ? PlayerState.Ready : state });
      emitter.emit('loaded', { qualities, removed });
      poll ??= env.timers.setInterval(sample, STATE_POLL_INTERVAL_MS);
      void intent.attempt();
    },
    onQualityChanged(quality) {
      if (sameQuality(quality, store.state.quality)) return;
      set({ quality });
      emitter.emit('quality-changed', quality);
    },
    onSourceInfo: ({ sessionData, startOffset }) =>
      set({ sessionData, startOffset, channelMetadata: channelMetadataFromSessionData(sessionData) }),
    onError: reportError,
    onRebuildNeeded: (reason) => sessions.queueRebuild(reason),
    onDeclined(reason) {
      const declined = sessions.current;
      // After the sink's own dispatch: ending a session from inside its sink's callback would
      // destroy the sink mid-call.
      env.timers.setTimeout(() => {
        if (!video || sessions.current !== declined || !declined) return;
        const later = orderAfterDecline(declined.type);
        const next = preferredSink ? null : selectSink(env.sinkCapabilities(video), { registry: sinks, order: later });
        if (!next) {
          const message = `The ${declined.type} sink cannot play this source: ${reason}`;
          return report(ErrorType.NotSupported, ErrorCode.SinkUnavailable, 'sink', message, true);
        }
        env.logger.warn(`The ${declined.type} sink declined the source (${reason}); playing it on ${next}`);
        sessions.start(next, declined.url);
      }, 0);
    },
    beforeReload() {
      set({ loaded: false });
      rate.beforeReload();
    },
  });

  const sessions = new SessionOwner({
    create: (type, url, generation) => new LoadSession(type, url, generation, sinks[type]!, sessionHarness(video!)),
    onStart(type, url) {
      watchdog.onStopped();
      set({ sink: type, loaded: false, error: null, state: PlayerState.Idle, path: url, protocol: 'HLS' });
      set({ qualities: [], quality: null, sessionData: {}, startOffset: 0, channelMetadata: {} });
      set({ sessionId: env.randomId() });
    },
    onCreated(session) {
      if (manualQuality) session.sink.setQuality(manualQuality);
      const { liveMaxLatency } = store.state;
      if (Number.isFinite(liveMaxLatency)) session.sink.setLiveMaxLatency(liveMaxLatency);
    },
    onCreateFailed(error) {
      // MediaSource (or the engine) could not even be created: SPEC §8 reports it as code 4.
      const message = `${MESSAGES.mediaSourceCreation}: ${error instanceof Error ? error.message : String(error)}`;
      report(ErrorType.NotSupported, ErrorCode.MediaSrcNotSupported, 'media', message, true);
    },
    onEnd() {
      stopPoll();
      rate.beforeReload();
      set({ loaded: false });
    },
    isPlaying: () => store.state.state === PlayerState.Playing,
  });

  function onMediaEvent(event: Event): void {
    // While casting, the local element is stopped: what it says is not the player's state.
    if (cast.controlsRemote) return;
    routeElementEvent(event.type, event.target as HTMLVideoElement);
  }

  function routeElementEvent(type: string, element: HTMLVideoElement): void {
    const parts = { store, emitter, intent, rate, watchdog, ticker, session: sessions.current };
    routeMediaEvent(type, element, env.monotonic(), parts);
    sessions.rebuildIfIdle();
  }

  /** Every 500 ms while a source is loaded: statistics, latency, drift, catch-up, the watchdog. */
  function sample(): void {
    const session = sessions.current;
    if (!video || !session) return;
    const live = readLiveSample(session, video, env, store.state.liveLowLatencyEnabled);
    const monotonic = env.monotonic();
    const playing = store.state.state === PlayerState.Playing;
    if (playing && session.driftCorrectionDue(monotonic, live.playlistPosition)) {
      // SPEC §4: pause, reload the source at the live edge, play (once loaded again).
      emitter.emit('drift-correction', { playlistPosition: live.playlistPosition });
      intent.pauseInternally();
      session.reloadAtLiveEdge();
    }
    rate.steer({ latencyS: live.edgeS, targetS: live.targetS, playing, bufferS: live.bufferS });
    const verdict = intent.wantsPlay ? watchdog.check(monotonic) : 'ok';
    if (verdict === 'fatal') {
      return report(ErrorType.Timeout, ErrorCode.BufferingTimeout, 'buffering', MESSAGES.bufferingTimeoutFatal, true);
    }
    if (verdict === 'reload') {
      report(ErrorType.Timeout, ErrorCode.BufferingTimeout, 'buffering', MESSAGES.bufferingTimeout, false);
      if (session.sink.isLive()) session.reloadAtLiveEdge();
    }
    set(live.patch);
  }

  function stopPoll(): void {
    if (poll !== undefined) env.timers.clearInterval(poll);
    poll = undefined;
  }

  function detachMedia(): void {
    if (video) for (const type of MEDIA_EVENTS) video.removeEventListener(type, onMediaEvent);
    video = null;
  }

  function alive(): boolean {
    if (deleted) env.logger.warn(MESSAGES.deleted);
    return !deleted;
  }

  const api: Player = {
    attachMedia(element) {
      if (!alive() || element === video) return;
      detachMedia();
      video = element;
      video.volume = store.state.volume;
      video.muted = store.state.muted;
      video.defaultPlaybackRate = video.playbackRate = rate.viewerRate;
      for (const type of MEDIA_EVENTS) video.addEventListener(type, onMediaEvent);
      // A source playing into another element moves with the player.
      const current = sessions.current;
      if (current) sessions.start(current.type, current.url);
    },

    load(url) {
      if (!alive()) return;
      if (cast.controlsRemote) return cast.loadRemote(url);
      sessions.end();
      if (!env.hasWebAssembly()) {
        return report(ErrorType.NotSupported, ErrorCode.NoWebAssembly, 'load', MESSAGES.noWebAssembly, true);
      }
      if (!video) {
        const message = 'attachMedia() must come before load()';
        return report(ErrorType.InvalidState, ErrorCode.NoMediaElement, 'load', message, true);
      }
      const order = sinkOrderFor(serviceWorkerFor(video));
      const type = selectSink(env.sinkCapabilities(video), { registry: sinks, preferred: preferredSink, order });
      if (!type) {
        const message = preferredSink
          ? `The ${preferredSink} sink cannot play in this browser`
          : 'This browser can play neither MediaSource nor native HLS';
        return report(ErrorType.NotSupported, ErrorCode.NoPlayableSink, 'load', message, true);
      }
      rate.resetCatchUp();
      views.onLoad();
      sessions.start(type, url);
      // An element already playing this source when its sink took it over (the embed's early
      // script starts the early engine's element muted, before the player exists) said
      // 'playing' before anyone listened: confirmed now, as the event would have.
      if (video && sessions.current && !video.paused && video.readyState >= HAVE_FUTURE_DATA) {
        routeElementEvent('playing', video);
      }
    },

    play() {
      if (!alive()) return Promise.resolve();
      if (cast.controlsRemote) return Promise.resolve(cast.play());
      return intent.play();
    },

    pause() {
      if (!alive()) return;
      if (cast.controlsRemote) return cast.pause();
      intent.pause();
    },

    seekTo(position) {
      if (!alive() || !video || !Number.isFinite(position)) return;
      video.currentTime = Math.max(0, position);
    },

    setVolume(volume) {
      if (!alive()) return;
      const clamped = clampVolume(volume);
      // The state follows at once, not on 'volumechange': two quick steps (a held ↑ key) must
      // build on each other, and the element's load algorithm can drop a queued event.
      if (video) video.volume = clamped;
      if (cast.controlsRemote) cast.setVolume(clamped);
      store.setVolume(clamped);
    },

    setMuted(muted) {
      if (!alive()) return;
      if (video) video.muted = muted;
      if (cast.controlsRemote) cast.setMuted(muted);
      store.setMuted(muted);
    },

    setPlaybackRate(value) {
      if (!alive()) return;
      const applied = rate.setViewerRate(value);
      // With an element the state follows its ratechange (confirmed state comes up).
      if (!video) set({ playbackRate: applied });
    },

    seekToLive() {
      const session = sessions.current;
      if (!alive() || !session?.sink.isLive()) return;
      session.sink.seekToLiveEdge();
    },

    setQuality(quality) {
      const session = sessions.current;
      if (!alive() || !session) return;
      if (video?.controls) {
        env.logger.warn('Quality can be set manually only when the video element has no native controls.');
        return;
      }
      const known = store.state.qualities.find((q) => sameQuality(q, quality));
      if (!known) {
        return report(
          ErrorType.InvalidParameter,
          ErrorCode.UnknownQuality,
          'api',
          `Unknown quality ${quality.name}`,
          false,
        );
      }
      manualQuality = known;
      set({ autoQualityMode: false });
      session.sink.setQuality(known);
    },

    setAutoQualityMode(enabled) {
      if (!alive()) return;
      set({ autoQualityMode: enabled });
      manualQuality = enabled ? null : (manualQuality ?? store.state.quality);
      // Manual mode without a known quality yet keeps whatever plays until the viewer picks one.
      if (enabled || manualQuality) sessions.current?.sink.setQuality(manualQuality);
    },

    setLiveLowLatencyEnabled(enabled) {
      if (!alive()) return;
      if (enabled !== store.state.liveLowLatencyEnabled) rate.beforeReload();
      set({ liveLowLatencyEnabled: enabled });
      sessions.current?.sink.setLowLatency(enabled);
    },

    setLiveMaxLatency(seconds) {
      if (!alive() || !(seconds > 0)) return;
      set({ liveMaxLatency: seconds });
      sessions.current?.sink.setLiveMaxLatency(seconds);
    },

    setRebufferToLive(enabled) {
      if (alive()) set({ rebufferToLive: enabled });
    },

    setSinkType(type) {
      if (!alive()) return;
      const factory = isSinkType(type) ? sinks[type] : undefined;
      if (!factory || (video && !factory.supported(env.sinkCapabilities(video)))) {
        const message = `The ${String(type)} sink is not available in this browser`;
        return report(ErrorType.NotSupported, ErrorCode.SinkUnavailable, 'api', message, false);
      }
      preferredSink = type;
      // Without a source the choice waits for the next load; the same sink stays as it is.
      const current = sessions.current;
      if (current && current.type !== type) sessions.start(type, current.url);
    },

    delayNextMediaManifest(delayInMs) {
      if (alive() && Number.isFinite(delayInMs) && delayInMs >= 0) {
        sessions.current?.sink.delayNextMediaManifest?.(delayInMs);
      }
    },

    attachGpuCanvas(canvas) {
      if (!alive()) return;
      if (!canvas) return gpu.detach();
      if (!video) return env.logger.warn('attachMedia() must come before attachGpuCanvas()');
      gpu.attach(video, canvas);
    },

    startRemotePlayback() {
      if (alive()) cast.request();
    },

    endRemotePlayback() {
      if (alive()) cast.stop();
    },

    getCastStatus: () => cast.status,
    getGpuState: () => gpu.state,
    getGpuFrameStatistics: () => gpu.frameStatistics(),
    getState: () => store.state,
    getLiveLatencyAnalytics: latencySnapshot,
    getVersion: () => PLAYER_VERSION,
    subscribe: (listener) => store.subscribe(listener),
    on: (type, listener) => emitter.on(type, listener),
    off: (type, listener) => emitter.off(type, listener),

    delete() {
      if (!alive()) return;
      sessions.end();
      intent.destroy();
      gpu.destroy();
      cast.destroy();
      views.destroy();
      detachMedia();
      store.destroy();
      emitter.clear();
      deleted = true;
    },
  };
  return api;
}
