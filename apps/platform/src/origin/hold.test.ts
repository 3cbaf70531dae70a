import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdUntil } from './hold.ts';

describe('holdUntil', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const signal = () => new AbortController().signal;

  it('resolves at once when the instant has passed', async () => {
    await expect(holdUntil(1_000_000, { now: Date.now, limitMs: 100, signal: signal() })).resolves.toBe('ready');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wakes at the instant, with one timer aimed at it rather than polling', async () => {
    const held = holdUntil(1_000_250, { now: Date.now, limitMs: 3000, signal: signal() });
    // The wake-up and the upper bound.
    expect(vi.getTimerCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(249);
    let outcome: string | undefined;
    void held.then((o) => (outcome = o));
    await Promise.resolve();
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await held).toBe('ready');
    expect(Date.now()).toBe(1_000_250);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('re-aims when the timer fires before the instant on its clock, never answering early', async () => {
    // The origin's clock falls 50 ms behind the timers' while the hold runs.
    let lag = 0;
    const now = () => Date.now() - lag;
    const held = holdUntil(1_000_200, { now, limitMs: 3000, signal: signal() });
    lag = 50;
    await vi.advanceTimersByTimeAsync(200);
    // Woken, found 50 ms early, aimed again.
    expect(vi.getTimerCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(49);
    expect(vi.getTimerCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await held).toBe('ready');
    expect(now()).toBe(1_000_200);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up after limitMs', async () => {
    const frozen = () => 1_000_000;
    const held = holdUntil(1_000_200, { now: frozen, limitMs: 600, signal: signal() });
    await vi.advanceTimersByTimeAsync(600);
    expect(await held).toBe('timeout');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when aborted and leaves no timer behind', async () => {
    const controller = new AbortController();
    const held = holdUntil(1_002_000, { now: Date.now, limitMs: 3000, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await held).toBe('aborted');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not start when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(holdUntil(1_002_000, { now: Date.now, limitMs: 3000, signal: controller.signal })).resolves.toBe(
      'aborted',
    );
    expect(vi.getTimerCount()).toBe(0);
  });
});
