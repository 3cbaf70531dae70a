import { describe, expect, it } from 'vitest';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, TooltipTiming } from './tooltip-timing.ts';

describe('TooltipTiming', () => {
  it('uses the spec defaults: open after 700 ms, skip window 300 ms', () => {
    expect(TOOLTIP_OPEN_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
    const timing = new TooltipTiming();
    expect(timing.delayAt(0)).toBe(700);
  });

  it('opens the next tooltip at once while another is showing', () => {
    const timing = new TooltipTiming();
    timing.opened();
    expect(timing.delayAt(5_000)).toBe(0);
  });

  it('opens at once within 300 ms of the last close, with the full delay after', () => {
    const timing = new TooltipTiming();
    timing.opened();
    timing.closed(1_000);
    expect(timing.delayAt(1_000)).toBe(0);
    expect(timing.delayAt(1_299)).toBe(0);
    expect(timing.delayAt(1_300)).toBe(700);
    expect(timing.delayAt(10_000)).toBe(700);
  });

  it('ignores a close without an open (a timer cancelled before it fired)', () => {
    const timing = new TooltipTiming();
    timing.closed(1_000);
    expect(timing.delayAt(1_100)).toBe(700);
  });

  it('takes other delays', () => {
    const timing = new TooltipTiming({ openDelayMs: 100, skipDelayMs: 50 });
    expect(timing.delayAt(0)).toBe(100);
    timing.opened();
    timing.closed(10);
    expect(timing.delayAt(59)).toBe(0);
    expect(timing.delayAt(60)).toBe(100);
  });
});
