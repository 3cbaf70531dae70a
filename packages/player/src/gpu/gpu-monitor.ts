import type { FrameStatistics } from './frame-stats.ts';
import type { GpuSettings } from './gpu-constants.ts';

/** SPEC §8 performance codes the monitor raises; each disables the GPU path (gpu-errors.ts). */
export const MonitorCode = {
  LowRenderFramerate: -2001,
  LowCaptureFramerate: -2002,
  TooManyOverBudget: -2010,
  TooManySkipped: -2011,
} as const;
export type MonitorCode = (typeof MonitorCode)[keyof typeof MonitorCode];

export interface MonitorVerdict {
  code: MonitorCode;
  message: string;
}

/**
 * The frame rate the path must keep up with in one interval. SPEC §9's minimum is 60 fps, but no
 * path can render more frames than the video presents: a 30 fps stream would fail a 60 fps
 * minimum by itself. So the requirement is the smaller of the minimum and the rate the video
 * actually presented in that interval (our fixture: 30 fps, so 30 is required of it).
 */
export function requiredFramerate(sourceFrames: number, intervalMs: number, minimum: number): number {
  if (!(intervalMs > 0)) return 0;
  return Math.min(minimum, (sourceFrames * 1000) / intervalMs);
}

/**
 * The monitor's rule for one interval (every 5000 ms by default; pure). Rates may fall short of
 * the requirement by the frame-rate tolerance, counts may miss by the frame-count tolerance (25 %
 * each). The capture rate is judged before the render rate: a path starved of frames renders few,
 * and the cause is what is reported. A frame blocked by a full queue counts as kept pace with by
 * the capture: the queue is full because the transformer is slow, and the render rate (or the
 * budget) says so. An interval where the video presented nothing (paused, hidden) says nothing.
 */
export function evaluateInterval(
  stats: FrameStatistics,
  intervalMs: number,
  settings: Pick<GpuSettings, 'minimumFramerate' | 'framerateTolerance' | 'frameCountTolerance'>,
): MonitorVerdict | null {
  const required = requiredFramerate(stats.source, intervalMs, settings.minimumFramerate);
  if (required <= 0) return null;
  const floor = required * (1 - settings.framerateTolerance);
  const rate = (frames: number) => (frames * 1000) / intervalMs;
  const fps = (value: number) => `${value.toFixed(1)} fps`;
  const captureRate = rate(stats.captured + stats.blocked);
  if (captureRate < floor) {
    const message = `captured ${fps(captureRate)}, below ${fps(floor)} (${fps(required)} less 25 %)`;
    return { code: MonitorCode.LowCaptureFramerate, message };
  }
  if (rate(stats.rendered) < floor) {
    const message = `rendered ${fps(rate(stats.rendered))}, below ${fps(floor)} (${fps(required)} less 25 %)`;
    return { code: MonitorCode.LowRenderFramerate, message };
  }
  const allowed = stats.received * settings.frameCountTolerance;
  if (stats.overBudget > allowed) {
    return {
      code: MonitorCode.TooManyOverBudget,
      message: `${stats.overBudget} of ${stats.received} frames over budget`,
    };
  }
  if (stats.skipped > allowed) {
    return { code: MonitorCode.TooManySkipped, message: `${stats.skipped} of ${stats.received} frames skipped` };
  }
  return null;
}
