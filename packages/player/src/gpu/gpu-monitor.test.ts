import { describe, expect, it } from 'vitest';
import { FrameStats, type FrameStatistics } from './frame-stats.ts';
import { GPU_DEFAULTS } from './gpu-constants.ts';
import { evaluateInterval, MonitorCode, requiredFramerate } from './gpu-monitor.ts';

const INTERVAL = GPU_DEFAULTS.monitor.intervalMs;

/** Five seconds of a path: `fps` presented by the video, and what the path made of them. */
function interval(
  counts: Partial<
    Record<'source' | 'captured' | 'blocked' | 'received' | 'rendered' | 'skipped' | 'overBudget', number>
  >,
): FrameStatistics {
  const stats = new FrameStats();
  for (const [name, value] of Object.entries(counts)) stats.count(name as 'source', value);
  return stats.interval();
}

describe('GPU monitor (SPEC §8 -2001 … -2011, §9 tolerances)', () => {
  it('requires the smaller of 60 fps and what the video presents: a 30 fps stream is no failure by itself', () => {
    expect(requiredFramerate(150, INTERVAL, 60)).toBe(30);
    expect(requiredFramerate(300, INTERVAL, 60)).toBe(60);
    expect(requiredFramerate(600, INTERVAL, 60)).toBe(60);
    const thirty = interval({ source: 150, captured: 150, received: 150, rendered: 150 });
    expect(evaluateInterval(thirty, INTERVAL, GPU_DEFAULTS)).toBeNull();
  });

  it('allows 25 % below the required rate, and no further', () => {
    // 30 fps required: 22.5 fps is the floor, 113 frames in 5 s pass and 112 do not.
    const atFloor = interval({ source: 150, captured: 150, received: 150, rendered: 113 });
    expect(evaluateInterval(atFloor, INTERVAL, GPU_DEFAULTS)).toBeNull();
    const below = interval({ source: 150, captured: 150, received: 150, rendered: 112 });
    expect(evaluateInterval(below, INTERVAL, GPU_DEFAULTS)).toMatchObject({ code: MonitorCode.LowRenderFramerate });
  });

  it('reports a starved capture before the low render rate it causes', () => {
    const starved = interval({ source: 300, captured: 100, received: 100, rendered: 100 });
    expect(evaluateInterval(starved, INTERVAL, GPU_DEFAULTS)).toMatchObject({
      code: MonitorCode.LowCaptureFramerate,
      message: expect.stringContaining('captured 20.0 fps'),
    });
  });

  it('blames a slow transformer, not the capture, for frames blocked by a full queue', () => {
    // SwiftShader's case: 150 presented, 20 captured and drawn, 130 refused by the full queue.
    const slow = interval({ source: 150, captured: 20, blocked: 130, received: 20, rendered: 20 });
    expect(evaluateInterval(slow, INTERVAL, GPU_DEFAULTS)).toMatchObject({
      code: MonitorCode.LowRenderFramerate,
      message: expect.stringContaining('rendered 4.0 fps'),
    });
  });

  it('counts over-budget and skipped frames against 25 % of those received', () => {
    const slow = interval({ source: 150, captured: 150, received: 100, rendered: 150, overBudget: 26 });
    expect(evaluateInterval(slow, INTERVAL, GPU_DEFAULTS)).toMatchObject({ code: MonitorCode.TooManyOverBudget });
    const justSlow = interval({ source: 150, captured: 150, received: 100, rendered: 150, overBudget: 25 });
    expect(evaluateInterval(justSlow, INTERVAL, GPU_DEFAULTS)).toBeNull();
    const skipping = interval({ source: 150, captured: 150, received: 100, rendered: 150, skipped: 26 });
    expect(evaluateInterval(skipping, INTERVAL, GPU_DEFAULTS)).toMatchObject({ code: MonitorCode.TooManySkipped });
  });

  it('says nothing for an interval in which the video presented nothing (paused, hidden)', () => {
    expect(evaluateInterval(interval({}), INTERVAL, GPU_DEFAULTS)).toBeNull();
  });
});
