/**
 * SPEC §9 "GPU defaults": the GPU frame-rendering path's constants, one typed object the page's
 * configuration and the experiment assignment (experiments.ts parseGpuAssignment) merge over.
 */
export interface GpuSettings {
  /** Frames per second the path must sustain (SPEC: 60); gpu-monitor.ts says how a slower source counts. */
  minimumFramerate: number;
  /** Whether the time a frame waits before the transformer receives it counts into its budget. */
  receiveDelayInBudget: boolean;
  /** Frames captured ahead of the transformer, at most; a full queue drops (counts as blocked). */
  captureQueue: number;
  monitor: { enabled: boolean; intervalMs: number };
  /** Fractions: a rate may fall this far below its minimum, and this share of frames may miss. */
  framerateTolerance: number;
  frameCountTolerance: number;
  statusIntervalMs: number;
  /** The compute pass's workgroup (SPEC: 16 × 16). */
  workgroup: { x: number; y: number };
}

export const GPU_DEFAULTS: GpuSettings = {
  minimumFramerate: 60,
  receiveDelayInBudget: true,
  captureQueue: 2,
  monitor: { enabled: true, intervalMs: 5000 },
  framerateTolerance: 0.25,
  frameCountTolerance: 0.25,
  statusIntervalMs: 5000,
  workgroup: { x: 16, y: 16 },
};
