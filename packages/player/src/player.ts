import { analyticsEvent, AnalyticsTicker } from './analytics.ts';
import { forwardBufferS, INITIAL_CATCH_UP, nextCatchUp } from './catch-up.ts';
import { clampPlaybackRate, clampVolume } from './clamp.ts';
import { BUFFERING_TIMEOUT_MS, INITIAL_VOLUME, PLAYER_VERSION, STATE_POLL_INTERVAL_MS } from './constants.ts';
import {
  DRIFT_DETECTION_MSE,
  DRIFT_DETECTION_NATIVE,
  evaluateDrift,
  INITIAL_DRIFT_STATE,
  type DriftDetectionConfig,
} from './drift.ts';
import { Emitter } from './emitter.ts';
import { browserEnvironment, type PlayerEnvironment } from './environment.ts';
import { classifyMediaError, ErrorType, MESSAGES, type PlayerError } from './errors.ts';
import type { PlayerEventMap } from './events.ts';
import { codecPolicyFromExperiments, type Experiment } from './experiments.ts';
import { LatencyAnalyticsCollector, liveLatencySeconds, type LiveLatencyAnalytics } from './latency.ts';
import { partitionQualities, sameQuality, type Quality } from './quality.ts';
import { measureServerOffset } from './server-clock.ts';
import { createMseSink, mseSupported } from './sinks/mse-sink.ts';
import { createPassthroughSink } from './sinks/passthrough-sink.ts';
import { selectSink } from './sinks/select-sink.ts';
import type { Sink, SinkHost } from './sinks/sink.ts';
import {
  initialState,
  PlayerState,
  stateForMediaEvent,
  type BufferedRange,
  type PlayerStateObject,
  type SinkType,
} from './state.ts';
import { computeStatistics, readFrameCounters, type FrameCounters } from './statistics.ts';
import { CueScheduler } from './timed-metadata.ts';
import { shouldPauseHiddenTab } from './visibility.ts';

export interface PlayerConfig {
  /** Force a sink (tests, debugging); otherwise MediaSource wins where it exists. */
  sink?: SinkType;
  experiments?: readonly Experiment[];
  bufferingTimeoutMs?: number;
  /** Overrides of the drift rule; its defaults depend on the sink (SPEC §9). */
  driftDetection?: Partial<DriftDetectionConfig>;
  environment?: Partial<PlayerEnvironment>;
}

export interface Player {
  attachMedia(video: HTMLVideoElement): void;
  load(url: string): void;
  play(): Promise<void>;
  pause(): void;
  seekTo(position: number): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  setPlaybackRate(rate: number): void;
  /** Manual quality; refused while the element shows native controls (SPEC §5). */
  setQuality(quality: Quality): void;
  setAutoQualityMode(enabled: boolean): void;
  setLiveLowLatencyEnabled(enabled: boolean): void;
  setLiveMaxLatency(seconds: number): void;
  setRebufferToLive(enabled: boolean): void;
  getState(): PlayerStateObject;
  getLiveLatencyAnalytics(): LiveLatencyAnalytics;
  getVersion(): string;
  /** Called after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  on<K extends keyof PlayerEventMap>(type: K, listener: (payload: PlayerEventMap[K]) => void): void;
  off<K extends keyof PlayerEventMap>(type: K, listener: (payload: PlayerEventMap[K]) => void): void;
  delete(): void;
}

const MEDIA_EVENTS = [
  'loadedmetadata',
  'playing',
  'waiting',
  'pause',
  'ended',
  'emptied',
  'volumechange',
  'ratechange',
  'seeked',
  'durationchange',
  'timeupdate',
  'error',
] as const;

function ranges(buffered: TimeRanges): BufferedRange[] {
  const list: BufferedRange[] = [];
  for (let i = 0; i < buffered.length; i++) list.push({ start: buffered.start(i), end: buffered.end(i) });
  return list;
}

/**
 * The Player facade. Requests go down (play, mute, quality); confirmed state comes up from the
 * media element and the sink, so the state object never claims what has not happened.
 * Pure policies (state transitions, error classification, drift, quality filter, analytics
 * cadence) live in their own modules; this file wires them to the element and the sink.
 */
export function createPlayer(config: PlayerConfig = {}): Player {
  const env: PlayerEnvironment = { ...browserEnvironment(), ...config.environment };
  const codecPolicy = codecPolicyFromExperiments(config.experiments ?? []);
  const bufferingTimeoutMs = config.bufferingTimeoutMs ?? BUFFERING_TIMEOUT_MS;

  let state: PlayerStateObject = { ...initialState(), volume: INITIAL_VOLUME };
  let video: HTMLVideoElement | null = null;
  let sink: Sink | null = null;
  let deleted = false;
  /** The viewer's request: play (true) or stay paused (false). */
  let wantsPlay = false;
  /** Pauses we cause ourselves (hidden tab, drift correction) are not the viewer's pause. */
  let internalPauses = 0;
  let everPlayed = false;
  let decodeReloads = 0;
  let bufferingSinceMs: number | null = null;
  let drift = INITIAL_DRIFT_STATE;
  let driftConfig: DriftDetectionConfig = DRIFT_DETECTION_MSE;
  let frames: FrameCounters | null = null;
  /** When play time was last counted; null while not playing. */
  let lastAccrualMs: number | null = null;
  let playedBitrateMs = 0;
  let playedMs = 0;
  let poll: ReturnType<typeof setInterval> | undefined;
  let latency = new LatencyAnalyticsCollector();
  /** Counts loads: the server-offset generation, measured once per load (SPEC §5). */
  let loadGeneration = 0;
  let clockGeneration = -1;
  let clockAbort: AbortController | null = null;
  let catchUp = INITIAL_CATCH_UP;
  /** The viewer's rate; the catch-up controller acts only while it is 1. */
  let userRate = 1;
  /** A rate the catch-up controller set whose ratechange has not arrived yet. */
  let pendingCatchUpRate: number | null = null;
  const cues = new CueScheduler();

  const subscribers = new Set<() => void>();
  const emitter = new Emitter<PlayerEventMap>((error) =>
    emitter.emit('error', { type: ErrorType.Error, code: 0, source: 'listener', message: String(error), fatal: false }),
  );
  const ticker = new AnalyticsTicker((reason, played) => {
    const s = state;
    const l = latency.snapshot();
    const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : null);
    emitter.emit(
      'analytics',
      analyticsEvent('player_stats', {
        reason,
        played_ms: played,
        bitrate: s.statistics.bitrate,
        framerate: s.statistics.framerate,
        dropped_frames: s.statistics.droppedFrames,
        decoded_frames: s.statistics.decodedFrames,
        live_latency: Number.isFinite(s.liveLatency) ? Math.round(s.liveLatency * 1000) / 1000 : null,
        quality: s.quality?.name ?? null,
        bandwidth_estimate: s.bandwidthEstimate,
        sink: s.sink,
        player_version: PLAYER_VERSION,
        // SPEC §3 live-latency analytics.
        server_offset: l.serverOffset,
        playlist_position_min: round(l.playlistPosition.min),
        playlist_position_avg: round(l.playlistPosition.avg),
        playlist_position_max: round(l.playlistPosition.max),
        playlist_position_last: round(l.playlistPosition.last),
        live_latency_first: round(l.liveLatencyTiming.first),
        live_latency_last: round(l.liveLatencyTiming.last),
        drift_corrections: l.driftCorrection,
      }),
    );
  });

  function set(patch: Partial<PlayerStateObject>): void {
    const keys = Object.keys(patch) as (keyof PlayerStateObject)[];
    if (keys.every((k) => Object.is(patch[k], state[k]))) return;
    const previous = state.state;
    state = { ...state, ...patch };
    for (const subscriber of [...subscribers]) subscriber();
    if (state.state !== previous) emitter.emit('state-changed', { state: state.state });
  }

  function reportError(error: PlayerError): void {
    if (error.fatal) {
      set({ error, state: PlayerState.Idle });
      stopPoll();
    }
    emitter.emit('error', error);
  }

  function pauseInternally(): void {
    if (!video || video.paused) return;
    internalPauses += 1;
    video.pause();
  }

  /** Mute and volume reach the state (and their events) once, whoever changed them. */
  function applyMuted(muted: boolean): void {
    if (muted === state.muted) return;
    set({ muted });
    emitter.emit('muted-changed', { muted });
  }

  function applyVolume(volume: number): void {
    if (volume === state.volume) return;
    set({ volume });
    emitter.emit('volume-changed', { volume });
  }

  async function attemptPlay(): Promise<void> {
    // SPEC §4: playback waits for ready (a pending play) and never starts in a hidden page.
    if (!video || !wantsPlay || !state.loaded || env.visibility.hidden) return;
    const element = video;
    try {
      await element.play();
    } catch (error) {
      if (deleted || !wantsPlay || element !== video) return;
      const name = (error as DOMException | undefined)?.name;
      if (name === 'AbortError') return; // superseded by a reload or a pause
      if (name === 'NotAllowedError' && !element.muted) {
        // Autoplay with sound refused: retry silently, and let the page show it muted.
        element.muted = true;
        // Not left to 'volumechange': a reload of the element can drop that queued event,
        // and the state would then put the sound back on the next attach.
        applyMuted(true);
        emitter.emit('audio-blocked', {});
        try {
          await element.play();
          return;
        } catch {
          // even muted playback is refused
        }
      }
      if (!wantsPlay) return;
      wantsPlay = false;
      element.pause();
      set({ paused: true });
      emitter.emit('playback-blocked', {});
    }
  }

  function markLoaded(removed: Quality[]): void {
    set({ loaded: true, state: state.state === PlayerState.Idle ? PlayerState.Ready : state.state });
    emitter.emit('loaded', { qualities: state.qualities, removed });
    startPoll();
    void attemptPlay();
  }

  function reloadAtLiveEdge(): void {
    if (!sink) return;
    cues.clear();
    set({ loaded: false });
    endCatchUpForReload();
    sink.reload();
  }

  /**
   * A sink's reload calls the element's load(), which resets the rate to defaultPlaybackRate
   * (the viewer's, see setPlaybackRate): that ratechange ends a catch-up and is not the
   * viewer's doing.
   */
  function endCatchUpForReload(): void {
    if (video && video.playbackRate !== video.defaultPlaybackRate) pendingCatchUpRate = video.defaultPlaybackRate;
    catchUp = INITIAL_CATCH_UP;
  }

  function handleMediaError(code: number, message: string): void {
    const decision = classifyMediaError(code, message, { everPlayed, isHlsPlaylist: true, decodeReloads });
    if (decision.action === 'reload') {
      decodeReloads += 1;
      env.logger.warn(`Media error ${code} (${message}): reloading once`);
      reloadAtLiveEdge();
      return;
    }
    reportError(decision.error);
  }

  const host: SinkHost = {
    get video() {
      if (!video) throw new Error('No media element attached');
      return video;
    },
    get lowLatency() {
      return state.liveLowLatencyEnabled;
    },
    onError: reportError,
    onMediaError: handleMediaError,
    onQualities(qualities, droppedBySink = []) {
      const { playable, unplayable } = partitionQualities(qualities, env.isTypeSupported, codecPolicy);
      set({ qualities: playable });
      markLoaded([...droppedBySink, ...unplayable]);
      return unplayable;
    },
    onQualityChanged(quality) {
      if (sameQuality(quality, state.quality)) return;
      set({ quality });
      emitter.emit('quality-changed', quality);
    },
    onTimedCues(found) {
      for (const cue of found) cues.add(cue);
    },
    onServerClock(url) {
      // Once per load: a reload of the same source (drift, decode error) keeps the offset.
      if (clockGeneration === loadGeneration) return;
      const generation = (clockGeneration = loadGeneration);
      clockAbort = new AbortController();
      void measureServerOffset(url, env.fetch, env.now, clockAbort.signal).then((offset) => {
        if (offset !== null && generation === loadGeneration) latency.setServerOffset(offset, generation);
      });
    },
    onProgress() {},
  };

  function onMediaEvent(event: Event): void {
    const element = event.target as HTMLVideoElement;
    const next = stateForMediaEvent(event.type, state.state, element);
    if (next && next !== state.state) {
      // Leaving or entering Playing: close or open the play-time interval.
      if (state.state === PlayerState.Playing) {
        accruePlayTime(env.now());
        lastAccrualMs = null;
      }
      if (next === PlayerState.Playing) lastAccrualMs = env.now();
    }
    switch (event.type) {
      case 'loadedmetadata':
        // Native HLS exposes no qualities: metadata is its "ready".
        if (state.sink === 'passthrough' && !state.loaded) markLoaded([]);
        break;
      case 'playing':
        everPlayed = true;
        bufferingSinceMs = null;
        wantsPlay = true;
        break;
      case 'waiting':
        if (!element.paused) {
          bufferingSinceMs = env.now();
          emitter.emit('rebuffering', {});
          if (state.rebufferToLive && sink?.isLive()) sink.seekToLiveEdge();
        }
        break;
      case 'pause':
        bufferingSinceMs = null;
        if (internalPauses > 0) internalPauses -= 1;
        else wantsPlay = false;
        ticker.onPause();
        break;
      case 'ended':
        wantsPlay = false;
        break;
      case 'volumechange':
        applyMuted(element.muted);
        applyVolume(element.volume);
        break;
      case 'ratechange':
        if (pendingCatchUpRate !== null && element.playbackRate === pendingCatchUpRate) {
          // Our catch-up, not the viewer's choice: the state keeps the viewer's rate.
          pendingCatchUpRate = null;
          break;
        }
        pendingCatchUpRate = null;
        userRate = element.playbackRate;
        catchUp = { rate: 1, changedAtMs: env.now() };
        set({ playbackRate: element.playbackRate });
        emitter.emit('playback-rate-changed', { playbackRate: element.playbackRate });
        break;
      case 'seeked':
        emitter.emit('seek-completed', { position: element.currentTime });
        break;
      case 'durationchange':
        set({ duration: sink?.isLive() ? Number.POSITIVE_INFINITY : element.duration });
        break;
      case 'timeupdate':
        for (const cue of cues.due(element.currentTime)) {
          if (cue.type === 'TextCue') emitter.emit('text-cue', cue);
          else emitter.emit('text-metadata-cue', cue);
        }
        break;
      case 'error':
        if (element.error) handleMediaError(element.error.code, element.error.message);
        break;
    }
    set({ ...(next ? { state: next } : {}), paused: !wantsPlay });
  }

  function onVisibilityChange(): void {
    if (!video) return;
    if (env.visibility.hidden) {
      if (shouldPauseHiddenTab(env.userAgent, video.muted, video.volume)) pauseInternally();
    } else if (wantsPlay && video.paused) {
      void attemptPlay();
    }
  }

  function sample(): void {
    if (!video || !sink) return;
    const now = env.now();
    accruePlayTime(now);
    const bitrate = state.quality?.bitrate ?? 0;

    const counters = readFrameCounters(video, now);
    const statistics = computeStatistics(frames, counters, bitrate);
    frames = counters;

    const playingDate = sink.playingDateMs();
    const liveLatency = liveLatencySeconds(playingDate, now, latency.serverOffset);
    latency.addLatency(liveLatency, now);

    const edge = sink.liveEdgeDistance();
    const playlistPosition = edge && edge.targetDuration > 0 ? edge.seconds / edge.targetDuration : Number.NaN;
    latency.addPlaylistPosition(playlistPosition);
    if (state.state === PlayerState.Playing) {
      const result = evaluateDrift(drift, { nowMs: now, playlistPosition }, driftConfig);
      drift = result.state;
      if (result.correct) correctDrift(playlistPosition);
    }

    steerLatency(now, edge?.seconds ?? Number.NaN);

    if (bufferingSinceMs !== null && wantsPlay && now - bufferingSinceMs > bufferingTimeoutMs) {
      bufferingSinceMs = now;
      reportError({
        type: ErrorType.Timeout,
        code: 0,
        source: 'buffering',
        message: MESSAGES.bufferingTimeout,
        fatal: false,
      });
      if (sink.isLive()) reloadAtLiveEdge();
    }

    set({
      statistics,
      liveLatency,
      syncTime: playingDate ?? Number.NaN,
      bandwidthEstimate: sink.bandwidthEstimate(),
      averageBitrate: playedMs > 0 ? Math.round(playedBitrateMs / playedMs) : bitrate,
      position: video.currentTime,
      duration: sink.isLive() ? Number.POSITIVE_INFINITY : video.duration,
      liveLowLatency: state.liveLowLatencyEnabled && sink.isLive() && state.sink === 'mse',
      trackBufferedRanges: { audio: ranges(video.buffered), video: ranges(video.buffered) },
    });
  }

  /** Low-latency catch-up (catch-up.ts): rare, gentle rate changes toward the sink's target. */
  function steerLatency(now: number, latencyS: number): void {
    if (!video || !sink) return;
    const targetS = state.liveLowLatencyEnabled ? sink.lowLatencyTarget() : null;
    const playing = state.state === PlayerState.Playing;
    const next = nextCatchUp(catchUp, {
      nowMs: now,
      latencyS,
      targetS,
      active: playing && userRate === 1,
      bufferS: forwardBufferS(ranges(video.buffered), video.currentTime),
    });
    if (next === catchUp) return;
    catchUp = next;
    // A viewer's rate is never overridden: the controller only ever replaces its own.
    if (userRate !== 1 || video.playbackRate === next.rate) return;
    pendingCatchUpRate = next.rate;
    video.playbackRate = next.rate;
  }

  /**
   * Counts play time up to `now` (analytics cadence, average bitrate). Called on every sample
   * and whenever playback stops, so a pause right after the first frame still counts.
   */
  function accruePlayTime(now: number): void {
    if (lastAccrualMs === null) return;
    const delta = now - lastAccrualMs;
    lastAccrualMs = now;
    if (delta <= 0) return;
    ticker.addPlayTime(delta);
    playedMs += delta;
    playedBitrateMs += delta * (state.quality?.bitrate ?? 0);
  }

  function correctDrift(playlistPosition: number): void {
    // SPEC §4: pause, reload the source at the live edge, play (once loaded again).
    latency.countDriftCorrection();
    emitter.emit('drift-correction', { playlistPosition });
    pauseInternally();
    reloadAtLiveEdge();
  }

  function startPoll(): void {
    if (poll !== undefined) return;
    poll = setInterval(sample, STATE_POLL_INTERVAL_MS);
  }

  function stopPoll(): void {
    clearInterval(poll);
    poll = undefined;
  }

  function alive(): boolean {
    if (deleted) env.logger.warn(MESSAGES.deleted);
    return !deleted;
  }

  const api: Player = {
    attachMedia(element) {
      if (!alive()) return;
      if (video) for (const type of MEDIA_EVENTS) video.removeEventListener(type, onMediaEvent);
      video = element;
      video.volume = state.volume;
      video.muted = state.muted;
      for (const type of MEDIA_EVENTS) video.addEventListener(type, onMediaEvent);
      env.visibility.removeEventListener('visibilitychange', onVisibilityChange);
      env.visibility.addEventListener('visibilitychange', onVisibilityChange);
    },

    load(url) {
      if (!alive()) return;
      if (!env.hasWebAssembly()) {
        reportError({
          type: ErrorType.NotSupported,
          code: 0,
          source: 'load',
          message: MESSAGES.noWebAssembly,
          fatal: true,
        });
        return;
      }
      if (!video) {
        reportError({
          type: ErrorType.InvalidState,
          code: 0,
          source: 'load',
          message: 'attachMedia() must come before load()',
          fatal: true,
        });
        return;
      }
      sink?.destroy();
      stopPoll();
      const type = selectSink(
        { mediaSource: mseSupported(), nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '' },
        config.sink,
      );
      if (!type) {
        reportError({
          type: ErrorType.NotSupported,
          code: 0,
          source: 'load',
          message: 'This browser can play neither MediaSource nor native HLS',
          fatal: true,
        });
        return;
      }
      everPlayed = false;
      decodeReloads = 0;
      loadGeneration += 1;
      clockAbort?.abort();
      catchUp = INITIAL_CATCH_UP;
      drift = INITIAL_DRIFT_STATE;
      driftConfig = { ...(type === 'mse' ? DRIFT_DETECTION_MSE : DRIFT_DETECTION_NATIVE), ...config.driftDetection };
      latency = new LatencyAnalyticsCollector();
      cues.clear();
      frames = null;
      playedMs = 0;
      playedBitrateMs = 0;
      set({
        sink: type,
        loaded: false,
        error: null,
        state: PlayerState.Idle,
        path: url,
        protocol: 'HLS',
        qualities: [],
        quality: null,
        sessionId: crypto.randomUUID(),
      });
      sink = type === 'mse' ? createMseSink(host) : createPassthroughSink(host);
      sink.load(url);
    },

    async play() {
      if (!alive() || !video) return;
      wantsPlay = true;
      set({ paused: false });
      await attemptPlay();
    },

    pause() {
      if (!alive() || !video) return;
      wantsPlay = false;
      set({ paused: true });
      video.pause();
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
      applyVolume(clamped);
    },

    setMuted(muted) {
      if (!alive()) return;
      if (video) video.muted = muted;
      applyMuted(muted);
    },

    setPlaybackRate(rate) {
      if (!alive()) return;
      const clamped = clampPlaybackRate(rate);
      userRate = clamped;
      catchUp = { rate: 1, changedAtMs: env.now() };
      pendingCatchUpRate = null;
      if (video) {
        // Also the default, so that a reload (the element's load()) keeps the viewer's rate.
        video.defaultPlaybackRate = clamped;
        video.playbackRate = clamped;
      } else set({ playbackRate: clamped });
    },

    setQuality(quality) {
      if (!alive() || !sink) return;
      if (video?.controls) {
        env.logger.warn('Quality can be set manually only when the video element has no native controls.');
        return;
      }
      const known = state.qualities.find((q) => sameQuality(q, quality));
      if (!known) {
        reportError({
          type: ErrorType.InvalidParameter,
          code: 0,
          source: 'setQuality',
          message: `Unknown quality ${quality.name}`,
          fatal: false,
        });
        return;
      }
      set({ autoQualityMode: false });
      sink.setQuality(known);
    },

    setAutoQualityMode(enabled) {
      if (!alive()) return;
      set({ autoQualityMode: enabled });
      if (enabled) sink?.setQuality(null);
      else if (state.quality) sink?.setQuality(state.quality);
    },

    setLiveLowLatencyEnabled(enabled) {
      if (!alive()) return;
      if (enabled !== state.liveLowLatencyEnabled) endCatchUpForReload();
      set({ liveLowLatencyEnabled: enabled });
      sink?.setLowLatency(enabled);
    },

    setLiveMaxLatency(seconds) {
      if (!alive() || !(seconds > 0)) return;
      set({ liveMaxLatency: seconds });
      sink?.setLiveMaxLatency(seconds);
    },

    setRebufferToLive(enabled) {
      if (!alive()) return;
      set({ rebufferToLive: enabled });
    },

    getState: () => state,
    getLiveLatencyAnalytics: () => latency.snapshot(),
    getVersion: () => PLAYER_VERSION,

    subscribe(listener) {
      subscribers.add(listener);
      return () => subscribers.delete(listener);
    },
    on: (type, listener) => emitter.on(type, listener),
    off: (type, listener) => emitter.off(type, listener),

    delete() {
      if (!alive()) return;
      stopPoll();
      clockAbort?.abort();
      sink?.destroy();
      sink = null;
      if (video) for (const type of MEDIA_EVENTS) video.removeEventListener(type, onMediaEvent);
      env.visibility.removeEventListener('visibilitychange', onVisibilityChange);
      video = null;
      subscribers.clear();
      emitter.clear();
      deleted = true;
    },
  };
  return api;
}
