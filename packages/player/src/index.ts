/**
 * @onair/player — the framework-free playback engine (no React, no page code). One typed
 * `Player` over pluggable sinks; see docs/player.md for the ownership diagram.
 */
export { createPlayer, type Player, type PlayerConfig } from './player.ts';
export { PLAYER_VERSION, CAPTION_CUE_DURATION_S, ANALYTICS_INTERVAL_MS, BUFFERING_TIMEOUT_MS } from './constants.ts';
export { clampPlaybackRate, clampVolume } from './clamp.ts';
export {
  PlayerState,
  type PlayerStateObject,
  type PlaybackStatistics,
  type SinkType,
  type BufferedRange,
} from './state.ts';
export { PlayerEventType, type PlayerEventMap, type TextCue, type TextMetadataCue } from './events.ts';
export {
  ErrorType,
  PlaybackRestriction,
  MediaErrorCode,
  classifyMediaError,
  type PlayerError,
  type MediaErrorDecision,
} from './errors.ts';
export { type Quality, SOURCE_GROUP, isQualityPlayable, partitionQualities } from './quality.ts';
export {
  ExperimentId,
  codecPolicyFromExperiments,
  parseGpuAssignment,
  type Experiment,
  type GpuExperimentConfig,
} from './experiments.ts';
export { evaluateDrift, DRIFT_DETECTION_MSE, DRIFT_DETECTION_NATIVE, type DriftDetectionConfig } from './drift.ts';
export { liveLatencySeconds, type LiveLatencyAnalytics } from './latency.ts';
export { type AnalyticsEvent } from './analytics.ts';
export { selectSink, type SinkSupport } from './sinks/select-sink.ts';
export type { PlayerEnvironment } from './environment.ts';
export { parseId3, type Id3Frame } from './id3.ts';
export { CAPTION_DESCRIPTION, cuesFromId3, type TimedCue } from './timed-metadata.ts';
