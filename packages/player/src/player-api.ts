import type { CastConfig, CastStatus } from './cast/cast-types.ts';
import type { DriftDetectionConfig } from './rules/drift.ts';
import type { FrameStatistics } from './gpu/frame-stats.ts';
import type { GpuConfig } from './gpu/gpu-options.ts';
import type { GpuSurfaceState } from './types/gpu-surface.ts';
import type { ServiceWorkerOptions } from './live-sw/sw-config.ts';
import type { PlayerEnvironment } from './types/environment.ts';
import type { PlayerEventMap } from './types/events.ts';
import type { Experiment } from './rules/experiments.ts';
import type { DrmConfig } from './drm/drm-types.ts';
import type { LiveLatencyAnalytics } from './rules/latency.ts';
import type { Quality } from './types/quality.ts';
import type { SinkFactories } from './sinks/registry.ts';
import type { SinkAdjustments } from './sinks/sink.ts';
import type { SinkType } from './types/sink-type.ts';
import type { PlayerStateObject } from './types/state.ts';

/** One typed defaults object, merged with what the page passes (hls.js config.ts style). */
export interface PlayerConfig {
  /** The sink to use (tests, debugging, a host's choice); otherwise the best the browser supports. */
  sink?: SinkType;
  /** Sink factories by type, over the built-in registry (hls.js `config.xController` style). */
  sinks?: SinkFactories;
  /** SPEC §3 sink adjustments; all false by default. */
  sinkAdjustments?: Partial<SinkAdjustments>;
  experiments?: readonly Experiment[];
  /** The first buffering timeout (buffering-watchdog.ts); later ones double. */
  bufferingTimeoutMs?: number;
  /** Overrides of the drift rule; its defaults depend on the sink (SPEC §9). */
  driftDetection?: Partial<DriftDetectionConfig>;
  /**
   * SPEC §3 service-worker config: the live-manifest worker for native HLS (live-sw/). Used
   * where MediaSource is missing, or everywhere with `forceActivate`; `url` (the worker's
   * script on the page's origin) is required, or an error is logged and native HLS plays alone.
   */
  serviceWorker?: ServiceWorkerOptions;
  /**
   * The GPU surface (SPEC §2, §5): its mode (video, canvas, debug_both), allow-list entries and
   * settings (gpu/gpu-options.ts). The GPU experiment's assignment, in `experiments`, wins over it.
   */
  gpu?: GpuConfig;
  /** Casting (SPEC §4 remote session): the Cast sender framework's script URL; none, no casting. */
  cast?: CastConfig;
  /**
   * DRM license servers by EME key system (drm/drm-types.ts): license, certificate and AuthXML
   * URLs and headers. A ClearKey stream whose key URI is an http(s) URL needs none.
   */
  drm?: DrmConfig;
  environment?: Partial<PlayerEnvironment>;
}

export interface Player {
  attachMedia(video: HTMLVideoElement): void;
  load(url: string): void;
  play(): Promise<void>;
  pause(): void;
  seekTo(position: number): void;
  /**
   * Moves playback to the live edge (where the player would have started it): a viewer's
   * "Go live" after a pause or a long stall. Nothing happens before a live source plays.
   */
  seekToLive(): void;
  /**
   * SPEC §3 `looping`: an on-demand video starts over when it ends (the element's own loop, so
   * every sink honours it). A live stream never ends, so there it changes nothing but the state.
   */
  setLooping(looping: boolean): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  setPlaybackRate(rate: number): void;
  /** Manual quality; refused while the element shows native controls (SPEC §5). */
  setQuality(quality: Quality): void;
  setAutoQualityMode(enabled: boolean): void;
  /** Plays the audio track `id` (one of the state's `audioTracks`); an unknown id is an InvalidParameter error. */
  setAudioTrack(id: string): void;
  /**
   * Shows the text track `id` (one of the state's `textTracks`: subtitles or captions, whose
   * cues are `text-cue` events), or none (null, the start). The choice goes on with the next
   * source and sink. An unknown id is an InvalidParameter error (UnknownTextTrack).
   */
  setTextTrack(id: string | null): void;
  setLiveLowLatencyEnabled(enabled: boolean): void;
  setLiveMaxLatency(seconds: number): void;
  setRebufferToLive(enabled: boolean): void;
  /**
   * Audio-only mode, not in the spec (Twitch's audio_only quality, Mux's audio-only): the sound
   * alone, from the stream's audio-only variant where it has one (our engine plays it in an
   * audio SourceBuffer), else its lowest picture. A live source starts again at the live edge
   * either way: a picture that comes back joins live, not where the sound was.
   */
  setAudioOnly(enabled: boolean): void;
  /** Moves playback onto another sink at the live edge, keeping volume, mute, rate, quality mode, low latency. */
  setSinkType(type: SinkType): void;
  /**
   * SPEC §7 who is watching, on the requests of every sink from the next one on
   * (rules/request-identity.ts): the playback token (the `token` query parameter, on requests
   * to the playback URL's origin only; refresh it before it expires, '' clears it), the
   * client and device ids, player type and platform name (on the multivariant request), and
   * the credentials mode of media requests. A value no request can carry is an
   * InvalidParameter error (InvalidIdentity) and changes nothing.
   */
  setAuthToken(token: string): void;
  setClientId(clientId: string): void;
  setDeviceId(deviceId: string): void;
  setPlayerType(playerType: string): void;
  setPlatformName(name: string): void;
  setRequestCredentials(credentials: RequestCredentials): void;
  /**
   * SPEC §7 runtime setExperiment: assigns (or re-assigns) one experiment by its id. The codec
   * experiments apply from the next source (load, a sink change); the GPU surface reads its
   * assignment once, when the player starts (config `experiments`).
   */
  setExperiment(experiment: Experiment): void;
  /**
   * SPEC §7 debug: the live-manifest worker holds its next media playlist answer this long (a
   * way to make the native player drift, to see the drift rule act). Nothing without the worker.
   */
  delayNextMediaManifest(delayInMs: number): void;
  /**
   * The canvas the GPU path draws the video on, in a canvas surface mode (null: the page's
   * canvas is gone). The page shows it only while getGpuState().status is `presenting`, and the
   * video otherwise: the video keeps playing under it, so a failure never shows a black frame.
   */
  attachGpuCanvas(canvas: HTMLCanvasElement | null): void;
  /**
   * SPEC §7 startRemotePlayback: the viewer pressed the cast button (getCastStatus().state is
   * `available`). Playback moves to the receiver once the session starts; its errors are
   * non-fatal `error` events (code 1014) and playback stays local.
   */
  startRemotePlayback(): void;
  /** SPEC §7 endRemotePlayback: stop casting; playback comes back to the page at the live edge. */
  endRemotePlayback(): void;
  getCastStatus(): CastStatus;
  getGpuState(): GpuSurfaceState;
  /** SPEC §3 frame statistics since the GPU path started; null while it has not. */
  getGpuFrameStatistics(): FrameStatistics | null;
  getState(): PlayerStateObject;
  getLiveLatencyAnalytics(): LiveLatencyAnalytics;
  getVersion(): string;
  /** Called after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  on<K extends keyof PlayerEventMap>(type: K, listener: (payload: PlayerEventMap[K]) => void): void;
  off<K extends keyof PlayerEventMap>(type: K, listener: (payload: PlayerEventMap[K]) => void): void;
  delete(): void;
}
