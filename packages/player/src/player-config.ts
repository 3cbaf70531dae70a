import type { DrmConfig } from './drm/drm-types.ts';
import type { CastConfig } from './cast/cast-types.ts';
import { MEDIA_RETRY, PLAYLIST_RETRY } from './engine/loader.ts';
import { GPU_DEFAULTS } from './gpu/gpu-constants.ts';
import type { GpuConfig } from './gpu/gpu-options.ts';
import { defaultServiceWorkerConfig, type ServiceWorkerOptions } from './live-sw/sw-config.ts';
import { BUFFERING_WATCHDOG_DEFAULTS, type BufferingWatchdogConfig } from './parts/buffering-watchdog.ts';
import type { PlayerConfig } from './player-api.ts';
import { CATCH_UP_DEFAULTS } from './rules/catch-up.ts';
import { DRIFT_DETECTION_MSE, DRIFT_DETECTION_NATIVE, type DriftDetectionConfig } from './rules/drift.ts';
import { codecPolicyFromExperiments, type Experiment } from './rules/experiments.ts';
import { DEFAULT_SINKS, type SinkFactories } from './sinks/registry.ts';
import { DEFAULT_SINK_ADJUSTMENTS, type SinkAdjustments } from './sinks/sink.ts';
import { NETWORK_RETRY } from './types/constants.ts';
import type { PlayerEnvironment } from './types/environment.ts';
import type { CodecPolicy } from './types/quality.ts';
import type { SinkType } from './types/sink-type.ts';

/**
 * Every default the player has, in one place to read (hls.js `hlsDefaultConfig`, Shaka's
 * `PlayerConfiguration.createDefault()`). Each constant still lives beside the rule it tunes,
 * where its reasons are written; this object is what a reader (or a page) consults, and what
 * resolvePlayerConfig merges the page's config over.
 *
 * Three groups are read-only here: the engine worker's retries (it runs in its own thread and
 * takes no config), catch-up (SPEC §9 gives no knob), and the live-manifest worker's, which
 * depend on whether MediaSource plays (SPEC §9).
 */
export const PLAYER_DEFAULTS = {
  sink: undefined as SinkType | undefined,
  sinks: DEFAULT_SINKS,
  sinkAdjustments: DEFAULT_SINK_ADJUSTMENTS,
  experiments: [] as readonly Experiment[],
  bufferingWatchdog: BUFFERING_WATCHDOG_DEFAULTS,
  driftDetection: { native: DRIFT_DETECTION_NATIVE, mse: DRIFT_DETECTION_MSE },
  catchUp: CATCH_UP_DEFAULTS,
  gpu: GPU_DEFAULTS,
  serviceWorker: defaultServiceWorkerConfig,
  retry: { network: NETWORK_RETRY, playlist: PLAYLIST_RETRY, media: MEDIA_RETRY },
} as const;

/** The config every part takes its slice from: the page's over PLAYER_DEFAULTS, checked. */
export interface ResolvedPlayerConfig {
  /** The sink the page asked for, if any (setSinkType may change it later). */
  sink: SinkType | undefined;
  sinks: SinkFactories;
  sinkAdjustments: SinkAdjustments;
  experiments: readonly Experiment[];
  codecPolicy: CodecPolicy;
  bufferingWatchdog: BufferingWatchdogConfig;
  /**
   * The page's changes to the drift rule. The rule's defaults depend on the sink (native or
   * MediaSource, or the live-manifest worker's own), so the load session lays these over the
   * defaults of the sink it has.
   */
  driftDetection: Partial<DriftDetectionConfig>;
  serviceWorker: ServiceWorkerOptions | undefined;
  gpu: GpuConfig | undefined;
  cast: CastConfig | undefined;
  drm: DrmConfig | undefined;
  environment: Partial<PlayerEnvironment>;
}

/**
 * Merges the page's config over the defaults. Pure: no browser is read (the environment's
 * overrides are passed on as given). A timeout that is not a positive number keeps its default
 * rather than disabling the watchdog.
 */
export function resolvePlayerConfig(config: PlayerConfig = {}): ResolvedPlayerConfig {
  const experiments = config.experiments ?? PLAYER_DEFAULTS.experiments;
  const firstTimeoutMs = config.bufferingTimeoutMs;
  return {
    sink: config.sink,
    sinks: { ...PLAYER_DEFAULTS.sinks, ...config.sinks },
    sinkAdjustments: { ...PLAYER_DEFAULTS.sinkAdjustments, ...config.sinkAdjustments },
    experiments,
    codecPolicy: codecPolicyFromExperiments(experiments),
    bufferingWatchdog: {
      ...PLAYER_DEFAULTS.bufferingWatchdog,
      ...(firstTimeoutMs !== undefined && firstTimeoutMs > 0 ? { firstTimeoutMs } : {}),
    },
    driftDetection: { ...config.driftDetection },
    drm: config.drm,
    serviceWorker: config.serviceWorker,
    gpu: config.gpu,
    cast: config.cast,
    environment: config.environment ?? {},
  };
}
