/**
 * Live drift (SPEC §4 "Live drift", §3 service-worker driftDetection): when the playlist
 * position stays above the maximum for more than the threshold, and at least the minimum
 * interval has passed since the last correction, the player pauses, reloads the source at the
 * live edge and plays. playlistPosition is the distance from the live edge in target
 * durations (segments).
 */
export interface DriftDetectionConfig {
  enabled: boolean;
  maxPlaylistPosition: number;
  /** Seconds the position must stay above the maximum. */
  triggerDetectionThreshold: number;
  /** Seconds between two corrections, at least. */
  minDurationBetweenCorrections: number;
}

/** SPEC §9: enabled where media source is unsupported (native HLS), disabled where it is. */
export const DRIFT_DETECTION_NATIVE: DriftDetectionConfig = {
  enabled: true,
  maxPlaylistPosition: 3,
  triggerDetectionThreshold: 10,
  minDurationBetweenCorrections: 60,
};
export const DRIFT_DETECTION_MSE: DriftDetectionConfig = { ...DRIFT_DETECTION_NATIVE, enabled: false };

export interface DriftState {
  /** When the position first went above the maximum (ms), null while it is not above. */
  aboveSinceMs: number | null;
  lastCorrectionMs: number | null;
}

export const INITIAL_DRIFT_STATE: DriftState = { aboveSinceMs: null, lastCorrectionMs: null };

export function evaluateDrift(
  state: DriftState,
  sample: { nowMs: number; playlistPosition: number },
  config: DriftDetectionConfig,
): { state: DriftState; correct: boolean } {
  if (!config.enabled || !Number.isFinite(sample.playlistPosition)) {
    return { state: { ...state, aboveSinceMs: null }, correct: false };
  }
  if (sample.playlistPosition <= config.maxPlaylistPosition) {
    return { state: { ...state, aboveSinceMs: null }, correct: false };
  }
  const aboveSinceMs = state.aboveSinceMs ?? sample.nowMs;
  const longEnough = sample.nowMs - aboveSinceMs > config.triggerDetectionThreshold * 1000;
  const spaced =
    state.lastCorrectionMs === null ||
    sample.nowMs - state.lastCorrectionMs >= config.minDurationBetweenCorrections * 1000;
  if (longEnough && spaced) {
    return { state: { aboveSinceMs: null, lastCorrectionMs: sample.nowMs }, correct: true };
  }
  return { state: { ...state, aboveSinceMs }, correct: false };
}
