import { analyticsEvent, type AnalyticsEvent } from '../analytics/analytics.ts';
import type { PlayerEnvironment } from '../types/environment.ts';
import { ExperimentId, type Experiment } from '../rules/experiments.ts';
import type { FrameStatistics } from './frame-stats.ts';
import type { GpuConfig } from './gpu-options.ts';
import type * as SessionModuleExports from './gpu-session.ts';
import type { GpuPlan, GpuSession } from './gpu-session.ts';
import { GPU_NOT_REQUESTED, isSurfaceMode, SurfaceMode, type GpuSurfaceState } from '../types/gpu-surface.ts';

export interface GpuHostHarness {
  env: Pick<PlayerEnvironment, 'timers' | 'logger'>;
  onState(state: GpuSurfaceState): void;
  onAnalytics(event: AnalyticsEvent): void;
}

type SessionModule = typeof SessionModuleExports;

/** SPEC §8 -1600 (GpuErrorCode.Fetch), here without the codes' module (a start-up file). */
const FETCH_FAILED = -1600;

/**
 * The player's side of the GPU path (SPEC §4), small enough for start-up. Where the page asks
 * for the plain video and no GPU experiment is assigned, it is `off` and nothing more loads.
 * Otherwise the module's chunk loads once the player first plays (never competing with the
 * first frame): it reads the experiment (which may change the mode), and draws on the canvas
 * the page attached. The transformer runs while the player plays. An error anywhere leaves the
 * state `failed` (the page shows the video) for the rest of the session.
 */
export class GpuHost {
  #state: GpuSurfaceState;
  #plan: GpuPlan | null = null;
  #loading: Promise<SessionModule> | null = null;
  #session: GpuSession | null = null;
  #canvas: { video: HTMLVideoElement; canvas: HTMLCanvasElement } | null = null;
  #playing = false;
  #destroyed = false;

  constructor(
    private readonly config: GpuConfig | undefined,
    private readonly experiments: readonly Experiment[],
    private readonly harness: GpuHostHarness,
  ) {
    const requested = config?.surfaceMode ?? SurfaceMode.Video;
    const assigned = experiments.some((e) => e.id === ExperimentId.Gpu || e.id === ExperimentId.GpuStaff);
    // Until the experiment is read, the page's mode (a bad one shows the video, and is reported).
    const mode = isSurfaceMode(requested) ? requested : SurfaceMode.Video;
    const status = requested === SurfaceMode.Video && !assigned ? 'off' : 'starting';
    this.#state = { mode, status, support: GPU_NOT_REQUESTED, errorCode: null, capture: null };
  }

  get state(): GpuSurfaceState {
    return this.#state;
  }

  /** Whether init is under way on an attached canvas (it will report): video-play waits for it. */
  get initPending(): boolean {
    const { status, support } = this.#state;
    return this.#canvas !== null && status === 'starting' && support.reason === 'not-requested';
  }

  frameStatistics(): FrameStatistics | null {
    return this.#session?.frameStatistics() ?? null;
  }

  /** The canvas the GPU path draws on, over (or beside) `video`. */
  attach(video: HTMLVideoElement, canvas: HTMLCanvasElement): void {
    if (this.#destroyed || canvas === this.#canvas?.canvas) return;
    this.detach();
    this.#canvas = { video, canvas };
    this.#startSession();
  }

  /** SPEC §4: playing starts the transformer, anything else stops it. */
  setPlaying(playing: boolean): void {
    if (playing === this.#playing) return;
    this.#playing = playing;
    if (playing) this.#load();
    this.#session?.setPlaying(playing);
  }

  /** The page's canvas is going away: the module is freed. */
  detach(): void {
    this.#session?.destroy();
    this.#session = null;
    this.#canvas = null;
    if (this.#state.status === 'presenting') this.#set({ status: 'starting' });
  }

  destroy(): void {
    this.detach();
    this.#destroyed = true;
  }

  #load(): void {
    if (this.#loading || this.#state.status === 'off') return;
    const warn = (message: string) => this.harness.env.logger.warn(message);
    this.#loading = import('./gpu-session.ts');
    void this.#loading.then((session) => {
      if (this.#destroyed) return;
      const plan = session.planGpu(this.config, this.experiments, warn);
      this.#plan = plan;
      if (plan.problem !== null) {
        // Reported at once, with or without a canvas: the path will not start.
        this.#set({ mode: plan.mode });
        this.#session = new session.GpuSession(null, null, plan, this.#sessionHarness());
        return;
      }
      if (plan.mode === SurfaceMode.Video) return this.#set({ mode: plan.mode, status: 'off' });
      if (plan.mode !== this.#state.mode) this.#set({ mode: plan.mode });
      this.#startSession();
    }, this.#chunkFailed);
  }

  /** The module's chunk did not arrive (offline, a deploy removed it): SPEC §8 fetch, -1600. */
  #chunkFailed = (error: unknown): void => {
    if (this.#destroyed) return;
    const message = error instanceof Error ? error.message : String(error);
    this.harness.env.logger.warn(`The GPU module could not be loaded (${message}): showing the video`);
    this.#set({
      status: 'failed',
      errorCode: FETCH_FAILED,
      support: { supported: false, reason: 'Fetch', adapter: null },
    });
    this.harness.onAnalytics(
      analyticsEvent('onGpuError', {
        gpu_error_code: FETCH_FAILED,
        gpu_error_name: 'Fetch',
        gpu_error_message: message,
        surface_mode: this.#state.mode,
      }),
    );
  };

  /** Once both the plan and a canvas are there; never again after a failure (SPEC §4). */
  #startSession(): void {
    const plan = this.#plan;
    const target = this.#canvas;
    const { status } = this.#state;
    if (!plan || !target || this.#session || status === 'off' || status === 'failed' || status === 'unsupported') {
      return;
    }
    void this.#loading!.then(
      ({ GpuSession }) => {
        if (this.#destroyed || this.#canvas !== target || this.#session) return;
        this.#session = new GpuSession(target.video, target.canvas, plan, this.#sessionHarness());
      },
      () => {}, // reported once, by #load
    );
  }

  #sessionHarness() {
    return {
      env: this.harness.env,
      playing: () => this.#playing,
      onState: (patch: Partial<GpuSurfaceState>) => this.#set(patch),
      onAnalytics: (event: AnalyticsEvent) => this.harness.onAnalytics(event),
    };
  }

  #set(patch: Partial<GpuSurfaceState>): void {
    this.#state = { ...this.#state, ...patch };
    this.harness.onState(this.#state);
  }
}
