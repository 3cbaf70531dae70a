import { DRIFT_DETECTION_MSE, DRIFT_DETECTION_NATIVE, type DriftDetectionConfig } from '../rules/drift.ts';

/**
 * SPEC §3 "Service-worker config": how the live-manifest service worker (live-sw/) treats the
 * native player's playlists. The worker sits between the browser's own HLS and the origin;
 * docs/player.md ("The live-manifest service worker") says what each switch does to a playlist.
 */
export interface LowLatencyModeConfig {
  /** Hold each playlist reload until a newer segment exists and start playback one segment from the edge. */
  enabled: boolean;
  /** Serve a segment the worker already holds (assembled from its parts) instead of fetching it again. */
  useLocalSegment: boolean;
  /** List the segment in progress as an ordinary segment; a request for it waits until it is whole. */
  convertPrefetchSegment: boolean;
  /** Fetch the parts of the segment in progress as they are published (preload hints), into the worker. */
  preloadPrefetchSegments: boolean;
}

export interface ServiceWorkerConfig {
  /** The worker's script, on the page's origin. Required: without it the worker is not used. */
  url: string;
  /** Use the worker (and so the passthrough sink) even where MediaSource plays (SPEC §5). */
  forceActivate: boolean;
  /** Keep the multivariant playlist, so a reload (drift correction) does not wait for it. */
  cacheMultivariant: boolean;
  /** Announce a target duration of 0, so the native player asks again as soon as an answer comes. */
  transformTargetDuration: boolean;
  lowLatencyMode: LowLatencyModeConfig;
  driftDetection: DriftDetectionConfig;
  /** The worker logs what it does to the console. */
  debug: boolean;
}

/** What a page may pass: any field, nested ones in part; `url` is checked, not defaulted. */
export type ServiceWorkerOptions = Partial<Omit<ServiceWorkerConfig, 'lowLatencyMode' | 'driftDetection'>> & {
  lowLatencyMode?: Partial<LowLatencyModeConfig>;
  driftDetection?: Partial<DriftDetectionConfig>;
};

/**
 * SPEC §9: multivariant cache, low latency and drift detection (3 / 10 s / 60 s) on where
 * MediaSource is missing, off where it plays (there the worker only runs when forced, and does
 * what the page turns on). The sub-switches of low latency and the target-duration transform
 * are not given by the spec: they follow low latency (docs/player.md says why).
 */
export function defaultServiceWorkerConfig(mediaSourceSupported: boolean): Omit<ServiceWorkerConfig, 'url'> {
  const on = !mediaSourceSupported;
  return {
    forceActivate: false,
    cacheMultivariant: on,
    transformTargetDuration: on,
    lowLatencyMode: { enabled: on, useLocalSegment: on, convertPrefetchSegment: false, preloadPrefetchSegments: on },
    driftDetection: { ...(on ? DRIFT_DETECTION_NATIVE : DRIFT_DETECTION_MSE) },
    debug: false,
  };
}

export type ConfigResult = { ok: true; config: ServiceWorkerConfig } | { ok: false; message: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Check = (value: unknown) => boolean;
const BOOLEAN: Check = (v) => typeof v === 'boolean';
const SECONDS: Check = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;

const TOP: Record<string, Check> = {
  forceActivate: BOOLEAN,
  cacheMultivariant: BOOLEAN,
  transformTargetDuration: BOOLEAN,
  debug: BOOLEAN,
};
const LOW_LATENCY: Record<string, Check> = {
  enabled: BOOLEAN,
  useLocalSegment: BOOLEAN,
  convertPrefetchSegment: BOOLEAN,
  preloadPrefetchSegments: BOOLEAN,
};
const DRIFT: Record<string, Check> = {
  enabled: BOOLEAN,
  maxPlaylistPosition: SECONDS,
  triggerDetectionThreshold: SECONDS,
  minDurationBetweenCorrections: SECONDS,
};

/** The first field of `value` that `checks` knows and refuses, as "path: reason"; unknown fields are ignored. */
function firstBadField(value: Record<string, unknown>, checks: Record<string, Check>, path: string): string | null {
  for (const [key, check] of Object.entries(checks)) {
    if (value[key] !== undefined && !check(value[key])) {
      const kind = check === BOOLEAN ? 'true or false' : 'a number of seconds, 0 or more';
      return `${path}${key} must be ${kind} (got ${JSON.stringify(value[key])?.slice(0, 40)})`;
    }
  }
  return null;
}

/**
 * The page's options over the defaults for this browser (SPEC §5: the config must be present
 * and have a url). A refusal names the field, so the page's log says what to fix.
 */
export function resolveServiceWorkerConfig(options: unknown, mediaSourceSupported: boolean): ConfigResult {
  if (!isObject(options)) return { ok: false, message: 'The service worker config is missing' };
  if (typeof options.url !== 'string' || options.url.trim() === '') {
    return { ok: false, message: 'The service worker config has no url' };
  }
  const nested = { lowLatencyMode: options.lowLatencyMode, driftDetection: options.driftDetection };
  for (const [key, value] of Object.entries(nested)) {
    if (value !== undefined && !isObject(value)) return { ok: false, message: `${key} must be an object` };
  }
  const bad =
    firstBadField(options, TOP, '') ??
    firstBadField(
      (nested.lowLatencyMode as Record<string, unknown> | undefined) ?? {},
      LOW_LATENCY,
      'lowLatencyMode.',
    ) ??
    firstBadField((nested.driftDetection as Record<string, unknown> | undefined) ?? {}, DRIFT, 'driftDetection.');
  if (bad) return { ok: false, message: `The service worker config is invalid: ${bad}` };

  const defaults = defaultServiceWorkerConfig(mediaSourceSupported);
  const pick = <T extends object>(base: T, over: unknown): T => {
    const result = { ...base };
    for (const key of Object.keys(base) as (keyof T)[]) {
      const value = (over as Partial<T> | undefined)?.[key];
      if (value !== undefined) result[key] = value as T[keyof T];
    }
    return result;
  };
  const { lowLatencyMode, driftDetection, ...top } = defaults;
  return {
    ok: true,
    config: {
      ...pick(top, options),
      url: options.url.trim(),
      lowLatencyMode: pick(lowLatencyMode, nested.lowLatencyMode),
      driftDetection: pick(driftDetection, nested.driftDetection),
    },
  };
}
