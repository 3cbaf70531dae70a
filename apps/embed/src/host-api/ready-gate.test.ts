import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReadyGate } from './ready-gate.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const timers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe('createReadyGate', () => {
  it('says ready when the route settles, once, and not again at the latest', () => {
    const said = vi.fn();
    const gate = createReadyGate(said, timers, 10_000);
    vi.advanceTimersByTime(9_999);
    expect(said).not.toHaveBeenCalled();
    gate.settle();
    gate.settle();
    vi.advanceTimersByTime(60_000);
    expect(said).toHaveBeenCalledTimes(1);
  });

  it('says ready at the latest where the route never settles, and a late settle adds nothing', () => {
    const said = vi.fn();
    const gate = createReadyGate(said, timers, 10_000);
    vi.advanceTimersByTime(9_999);
    expect(said).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(said).toHaveBeenCalledTimes(1);
    gate.settle();
    expect(said).toHaveBeenCalledTimes(1);
  });
});
