/**
 * SPEC §3 "Frame statistics" of the GPU frame-rendering path: counters and timings, pure
 * arithmetic (frame-stats.test.ts). What each one counts:
 * - source: frames the <video> presented (requestVideoFrameCallback);
 * - captured: frames taken into the capture queue; missed: frames the video presented that
 *   were never captured (its presentedFrames jumped); blocked: captures dropped because the
 *   queue (GpuSettings.captureQueue) was full;
 * - received: frames the transformer took from the queue; skipped: frames it dropped because a
 *   newer one was waiting;
 * - transformed: compute passes done; rendered: frames presented on the canvas; failed: frames a
 *   step threw on; overBudget: frames that took longer than the frame budget.
 * Timings (ms): capture delay (presented → captured), receive delay (captured → received),
 * transform, render, end-to-end (presented → rendered).
 */
export const FRAME_COUNTERS = [
  'source',
  'captured',
  'missed',
  'blocked',
  'received',
  'skipped',
  'transformed',
  'rendered',
  'failed',
  'overBudget',
] as const;
export type FrameCounter = (typeof FRAME_COUNTERS)[number];

export const FRAME_TIMINGS = ['captureDelay', 'receiveDelay', 'transform', 'render', 'endToEnd'] as const;
export type FrameTiming = (typeof FRAME_TIMINGS)[number];

export interface TimingSummary {
  count: number;
  /** ms; 0 without samples. */
  mean: number;
  max: number;
}

export type FrameStatistics = Record<FrameCounter, number> & { timings: Record<FrameTiming, TimingSummary> };

interface TimingTotals {
  count: number;
  sum: number;
  max: number;
}

const zeroCounters = () => Object.fromEntries(FRAME_COUNTERS.map((c) => [c, 0])) as Record<FrameCounter, number>;
const zeroTimings = () =>
  Object.fromEntries(FRAME_TIMINGS.map((t) => [t, { count: 0, sum: 0, max: 0 }])) as Record<FrameTiming, TimingTotals>;

/**
 * The window a reader consumes: the monitor's and the status report's run on their own
 * intervals, so each has its own (reading one does not empty the other).
 */
export type StatsWindow = 'monitor' | 'status';

interface Totals {
  counters: Record<FrameCounter, number>;
  timings: Record<FrameTiming, TimingTotals>;
}

const zeroTotals = (): Totals => ({ counters: zeroCounters(), timings: zeroTimings() });

/** Running totals since the module started, and per window the frames since it was last read. */
export class FrameStats {
  #total = zeroTotals();
  #windows: Record<StatsWindow, Totals> = { monitor: zeroTotals(), status: zeroTotals() };

  count(counter: FrameCounter, by = 1): void {
    for (const totals of this.#all()) totals.counters[counter] += by;
  }

  time(timing: FrameTiming, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    for (const { timings } of this.#all()) {
      const totals = timings[timing];
      totals.count += 1;
      totals.sum += ms;
      totals.max = Math.max(totals.max, ms);
    }
  }

  /** Everything since the start. */
  total(): FrameStatistics {
    return summarize(this.#total.counters, this.#total.timings);
  }

  /** Everything since this window was last read, then a new window. */
  interval(window: StatsWindow = 'monitor'): FrameStatistics {
    const { counters, timings } = this.#windows[window];
    this.#windows[window] = zeroTotals();
    return summarize(counters, timings);
  }

  #all(): Totals[] {
    return [this.#total, this.#windows.monitor, this.#windows.status];
  }
}

function summarize(
  counters: Record<FrameCounter, number>,
  timings: Record<FrameTiming, TimingTotals>,
): FrameStatistics {
  const summary = {} as Record<FrameTiming, TimingSummary>;
  for (const name of FRAME_TIMINGS) {
    const { count, sum, max } = timings[name];
    summary[name] = { count, mean: count > 0 ? sum / count : 0, max };
  }
  return { ...counters, timings: summary };
}

/** Whether a frame went over its budget (1000 / minimum fps ms), the receive delay counted as the settings say. */
export function overBudget(
  frame: { receiveDelayMs: number; transformMs: number; renderMs: number },
  budgetMs: number,
  receiveDelayInBudget: boolean,
): boolean {
  const spent = frame.transformMs + frame.renderMs + (receiveDelayInBudget ? frame.receiveDelayMs : 0);
  return spent > budgetMs;
}
