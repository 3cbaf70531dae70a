import { analyticsEvent, type AnalyticsEvent } from '../analytics/analytics.ts';
import type { PlayerEnvironment } from '../types/environment.ts';
import { ExperimentId, type Experiment } from '../rules/experiments.ts';
import { parseGpuAssignment, type GpuExperimentConfig } from './gpu-assignment.ts';
import { FRAME_COUNTERS, FRAME_TIMINGS, type FrameStatistics } from './frame-stats.ts';
import { gpuError, gpuErrorName, GpuErrorCode, type GpuError } from './gpu-errors.ts';
import { GpuModule, type GpuModuleEvent } from './gpu-module.ts';
import { resolveGpuOptions, type GpuConfig, type ResolvedGpuOptions } from './gpu-options.ts';
import {
  gpuAnalyticsFields,
  isSurfaceMode,
  SurfaceMode,
  type GpuSupport,
  type GpuSurfaceState,
} from '../types/gpu-surface.ts';

/**
 * The GPU experiment's configuration: the staff experiment's when a viewer is in both (it is the
 * one engineers use to try a configuration before it reaches everyone), else the GPU one's.
 */
export function gpuExperiment(
  experiments: readonly Experiment[],
  warn: (message: string) => void,
): GpuExperimentConfig | null {
  for (const id of [ExperimentId.GpuStaff, ExperimentId.Gpu]) {
    const experiment = experiments.find((e) => e.id === id);
    const config = experiment ? parseGpuAssignment(experiment.assignment, warn) : null;
    if (config) return config;
  }
  return null;
}

/** What the page and the experiment ask for: a mode, and the module's options or what is wrong with them. */
export interface GpuPlan {
  mode: SurfaceMode;
  options: ResolvedGpuOptions | null;
  /** A bad parameter (SPEC §8 -9999): the path does not start. */
  problem: string | null;
}

export function planGpu(
  config: GpuConfig | undefined,
  experiments: readonly Experiment[],
  warn: (message: string) => void,
): GpuPlan {
  const experiment = gpuExperiment(experiments, warn);
  const requested = experiment?.flags.surfaceMode ?? config?.surfaceMode ?? SurfaceMode.Video;
  if (!isSurfaceMode(requested)) {
    return { mode: SurfaceMode.Video, options: null, problem: 'surfaceMode must be video, canvas or debug_both' };
  }
  const resolved = resolveGpuOptions(config, experiment);
  if (!resolved.ok) return { mode: requested, options: null, problem: resolved.problem };
  return { mode: requested, options: resolved.options, problem: null };
}

export interface GpuSessionHarness {
  env: Pick<PlayerEnvironment, 'timers' | 'logger'>;
  playing(): boolean;
  onState(patch: Partial<GpuSurfaceState>): void;
  onAnalytics(event: AnalyticsEvent): void;
}

/**
 * One canvas's GPU path, in the module's chunk: runs the module's init (or reports the plan's
 * bad parameter, SPEC §8 -9999), and turns its events into the surface state and SPEC §7's
 * analytics (onGpuInit, onGpuStatus, onGpuError).
 */
export class GpuSession {
  #module: GpuModule | null = null;
  #support: GpuSupport | null = null;
  readonly #mode: SurfaceMode;

  constructor(
    video: HTMLVideoElement | null,
    canvas: HTMLCanvasElement | null,
    plan: GpuPlan,
    private readonly harness: GpuSessionHarness,
  ) {
    this.#mode = plan.mode;
    if (!plan.options || !video || !canvas) {
      this.#error(gpuError(GpuErrorCode.BadParameters, plan.problem ?? 'no canvas to draw on'));
      this.#initialized({ supported: false, reason: gpuErrorName(GpuErrorCode.BadParameters), adapter: null });
      return;
    }
    const timers = harness.env.timers;
    const now = () => performance.now();
    const module = new GpuModule(video, canvas, plan.options, { timers, now, onEvent: (e) => this.#on(e) });
    this.#module = module;
    void module.init().then(() => {
      if (this.#module === module && this.harness.playing()) module.start();
    });
  }

  frameStatistics(): FrameStatistics | null {
    return this.#module?.stats.total() ?? null;
  }

  setPlaying(playing: boolean): void {
    if (playing) this.#module?.start();
    else this.#module?.stop();
  }

  destroy(): void {
    this.#module?.destroy();
    this.#module = null;
  }

  #on(event: GpuModuleEvent): void {
    switch (event.type) {
      case 'init':
        return this.#initialized(event.support);
      case 'presenting':
        return this.harness.onState({ status: 'presenting', capture: this.#module?.capture ?? null });
      case 'status':
        this.harness.onState({ capture: event.capture });
        return this.harness.onAnalytics(statusEvent(event.interval, event.capture, this.#mode));
      case 'error':
        return this.#error(event.error);
    }
  }

  #initialized(support: GpuSupport): void {
    // An error already said `failed`; init's own report only adds what it found.
    const failed = this.#support !== null;
    this.#support = support;
    const status = failed ? 'failed' : support.supported ? 'starting' : 'unsupported';
    this.harness.onState({ support, status });
    this.harness.onAnalytics(analyticsEvent('onGpuInit', { ...gpuAnalyticsFields(support), surface_mode: this.#mode }));
  }

  #error(error: GpuError): void {
    const reason = gpuErrorName(error.code);
    this.#support = { supported: false, reason, adapter: this.#support?.adapter ?? null };
    this.harness.env.logger.warn(`${error.message}: showing the video`);
    this.harness.onState({ status: 'failed', errorCode: error.code, support: this.#support });
    this.harness.onAnalytics(
      analyticsEvent('onGpuError', {
        gpu_error_code: error.code,
        gpu_error_name: reason,
        gpu_error_message: error.message,
        surface_mode: this.#mode,
      }),
    );
  }
}

/** onGpuStatus: the SPEC §3 frame statistics of the last status interval. */
function statusEvent(interval: FrameStatistics, capture: string | null, mode: SurfaceMode): AnalyticsEvent {
  const properties: Record<string, number | string | null> = { surface_mode: mode, gpu_capture: capture };
  for (const counter of FRAME_COUNTERS) properties[`frames_${counter}`] = interval[counter];
  for (const timing of FRAME_TIMINGS) {
    properties[`${timing}_ms_avg`] = round(interval.timings[timing].mean);
    properties[`${timing}_ms_max`] = round(interval.timings[timing].max);
  }
  return analyticsEvent('onGpuStatus', properties);
}

const round = (ms: number) => Math.round(ms * 100) / 100;
