import { describe, expect, it } from 'vitest';
import { FrameStats, overBudget } from './frame-stats.ts';

describe('GPU frame statistics (SPEC §3)', () => {
  it('counts every counter, in total and per interval', () => {
    const stats = new FrameStats();
    stats.count('source', 30);
    stats.count('captured', 29);
    stats.count('missed');
    stats.count('rendered', 28);
    const first = stats.interval();
    expect(first).toMatchObject({ source: 30, captured: 29, missed: 1, rendered: 28, blocked: 0, overBudget: 0 });

    stats.count('source', 30);
    stats.count('skipped', 2);
    // A new window: only what came after the previous interval.
    expect(stats.interval()).toMatchObject({ source: 30, captured: 0, skipped: 2, rendered: 0 });
    expect(stats.total()).toMatchObject({ source: 60, captured: 29, missed: 1, skipped: 2, rendered: 28 });
  });

  it('keeps the windows of the monitor and of the status report apart: reading one leaves the other whole', () => {
    const stats = new FrameStats();
    stats.count('rendered', 10);
    expect(stats.interval('monitor').rendered).toBe(10);
    stats.count('rendered', 5);
    expect(stats.interval('status').rendered).toBe(15);
    expect(stats.interval('monitor').rendered).toBe(5);
  });

  it('keeps count, mean and max of each timing, and ignores readings that are no durations', () => {
    const stats = new FrameStats();
    stats.time('transform', 2);
    stats.time('transform', 4);
    stats.time('transform', 9);
    stats.time('transform', Number.NaN);
    stats.time('transform', -1);
    stats.time('endToEnd', 20);
    const total = stats.total();
    expect(total.timings.transform).toEqual({ count: 3, mean: 5, max: 9 });
    expect(total.timings.endToEnd).toEqual({ count: 1, mean: 20, max: 20 });
    expect(total.timings.render).toEqual({ count: 0, mean: 0, max: 0 });

    stats.interval();
    stats.time('transform', 1);
    expect(stats.interval().timings.transform).toEqual({ count: 1, mean: 1, max: 1 });
    expect(stats.total().timings.transform).toEqual({ count: 4, mean: 4, max: 9 });
  });

  it('counts the receive delay into the budget only when the settings say so', () => {
    const frame = { receiveDelayMs: 8, transformMs: 6, renderMs: 4 };
    // 60 fps: a 16.7 ms budget.
    expect(overBudget(frame, 1000 / 60, true)).toBe(true);
    expect(overBudget(frame, 1000 / 60, false)).toBe(false);
    expect(overBudget({ ...frame, receiveDelayMs: 6 }, 1000 / 60, true)).toBe(false);
  });
});
