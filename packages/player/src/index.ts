/**
 * @onair/player — the framework-free playback engine (no React, no page code). One typed
 * `Player` over pluggable sinks; see docs/player.md for the ownership diagram.
 */
export { createPlayer, type Player, type PlayerConfig } from './player.ts';
export {
  PLAYER_VERSION,
  CAPTION_CUE_DURATION_S,
  ANALYTICS_INTERVAL_MS,
  BUFFERING_TIMEOUT_MS,
} from './types/constants.ts';
export { clampPlaybackRate, clampVolume } from './base/clamp.ts';
export {
  PlayerState,
  type PlayerStateObject,
  type PlaybackStatistics,
  type SinkType,
  type BufferedRange,
} from './types/state.ts';
export { PlayerEventType, type PlayerEventMap, type TextCue, type TextMetadataCue } from './types/events.ts';
export {
  ErrorCode,
  ErrorType,
  PlaybackRestriction,
  AuthorizationRefusal,
  MediaErrorCode,
  classifyMediaError,
  type ErrorSource,
  type PlayerError,
  type MediaErrorDecision,
} from './types/errors.ts';
export {
  type AudioTrack,
  type Quality,
  type TextTrack,
  SOURCE_GROUP,
  isQualityPlayable,
  partitionQualities,
} from './types/quality.ts';
export { ExperimentId, codecPolicyFromExperiments, type Experiment } from './rules/experiments.ts';
export { DrmFailure, DRM_MESSAGES, type DrmConfig, type DrmServer } from './drm/drm-types.ts';
export { parseGpuAssignment, type GpuExperimentConfig } from './gpu/gpu-assignment.ts';
export {
  defaultServiceWorkerConfig,
  resolveServiceWorkerConfig,
  type LowLatencyModeConfig,
  type ServiceWorkerConfig,
  type ServiceWorkerOptions,
} from './live-sw/sw-config.ts';
export type {
  AvailableSegment,
  ManifestLoadAnalytics,
  ServiceWorkerHostState,
  ServiceWorkerState,
} from './live-sw/sw-messages.ts';
export {
  evaluateDrift,
  DRIFT_DETECTION_MSE,
  DRIFT_DETECTION_NATIVE,
  type DriftDetectionConfig,
} from './rules/drift.ts';
export { liveLatencySeconds, type LiveLatencyAnalytics } from './rules/latency.ts';
export { type AnalyticsEvent } from './analytics/analytics.ts';
export { MINUTE_WATCHED_MS } from './analytics/view-analytics.ts';
export type { CastConfig, CastStatus, RemotePlayback } from './cast/cast-types.ts';
export type { CastReceiverLink } from './sinks/chromecast/chromecast-sink.ts';
export type { CastState } from './cast/cast-session.ts';
export {
  SurfaceMode,
  isSurfaceMode,
  type GpuAdapterDetails,
  type GpuSupport,
  type GpuSurfaceState,
} from './types/gpu-surface.ts';
export type { GpuConfig, GpuModuleParams, GpuRenderParams } from './gpu/gpu-options.ts';
export { FRAME_COUNTERS, FRAME_TIMINGS, type FrameStatistics } from './gpu/frame-stats.ts';
export { GpuErrorCode, gpuErrorName } from './gpu/gpu-errors.ts';
export { selectSink, AUTO_SINK_ORDER, type SinkRegistry, type SinkSelection } from './sinks/select-sink.ts';
export { SINK_TYPES, isSinkType } from './types/sink-type.ts';
export { DEFAULT_SINKS, type SinkFactories } from './sinks/registry.ts';
export {
  DEFAULT_SINK_ADJUSTMENTS,
  type Sink,
  type SinkAdjustments,
  type SinkCapabilities,
  type SinkControls,
  type SinkFactory,
  type SinkHost,
  type ServiceWorkerStateChange,
  type SourceInfo,
  type TrackConfiguration,
} from './sinks/sink.ts';
export { classifyHlsError, type HlsErrorDecision, type HlsErrorInput } from './sinks/mse/hls-errors.ts';
export type { PlayerEnvironment, SinkEnvironment, Timers } from './types/environment.ts';
export { parseId3, type Id3Frame } from './metadata/id3.ts';
export { CAPTION_DESCRIPTION, cuesFromId3 } from './metadata/id3-cues.ts';
export type { TimedCue } from './metadata/timed-metadata.ts';
export { defaultMediaSourceSinkFactory, mseWorkerSinkFactory } from './sinks/worker/worker-engine-factories.ts';
export { engineWorkerStarter, workerEngineSinks, type EngineScripts } from './sinks/worker/engine-scripts.ts';
export type { AdoptEngine, CreateCommand, EngineWorker, StartedEngine } from './sinks/worker/mse-worker-sink.ts';
export type { EngineCommand, EngineEvent } from './engine/protocol.ts';

// Types the API above names in its signatures, so that a consumer can name them too (the
// package's declarations and its reference, docs/api, leave none out).
export type { ClientSinkEvent, EngineError, EngineTimeline, SinkOperation } from './engine/protocol.ts';
export type { EarlyMediaPlaylist } from './engine/early-playlists.ts';
export type { FrameCounter, FrameTiming, TimingSummary } from './gpu/frame-stats.ts';
export type { DrmKey } from './hls/media-playlist.ts';
export type { ConfigResult } from './live-sw/sw-config.ts';
export type { DriftState } from './rules/drift.ts';
export type { RequestIdentity } from './rules/request-identity.ts';
export type { HlsErrorContext } from './sinks/mse/hls-errors.ts';
export type { ServiceWorkerRequest } from './sinks/sink.ts';
export type { MediaErrorContext } from './types/errors.ts';
export type { ManifestLoadSummary } from './types/payloads.ts';
export type { CodecFamily, CodecPolicy } from './types/quality.ts';
export type { TrackKind } from './engine/media-target.ts';
