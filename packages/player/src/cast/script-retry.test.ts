import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FinalLoadError, loadWithRetries, retryDelays, SCRIPT_LOAD_RETRY, SDK_LOAD_ERROR } from './script-retry.ts';

const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('script-load retries (SPEC §9: 5 attempts, backoff from 100 ms capped at 3000 ms)', () => {
  it('waits 100, 200, 400 and 800 ms between the five attempts', () => {
    expect(SCRIPT_LOAD_RETRY.attempts).toBe(5);
    expect(retryDelays()).toEqual([100, 200, 400, 800]);
  });

  it('caps every wait at 3000 ms', () => {
    expect(retryDelays({ attempts: 8, firstDelayMs: 100, maxDelayMs: 3000 })).toEqual([
      100, 200, 400, 800, 1600, 3000, 3000,
    ]);
  });

  it('gives up after exactly five attempts with the SDK message, at the spec’s times', async () => {
    const at: number[] = [];
    const attempt = vi.fn(async () => {
      at.push(Date.now());
      throw new Error('404');
    });
    const start = Date.now();
    const result = loadWithRetries(attempt, timers).catch((error: Error) => error);
    await vi.runAllTimersAsync();
    const error = await result;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(SDK_LOAD_ERROR);
    expect(attempt).toHaveBeenCalledTimes(5);
    expect(at.map((t) => t - start)).toEqual([0, 100, 300, 700, 1500]);
  });

  it('passes a final failure on at once: no more attempts', async () => {
    const attempt = vi.fn(async () => {
      throw new FinalLoadError('not in this browser');
    });
    const result = loadWithRetries(attempt, timers).catch((error: Error) => error);
    await vi.runAllTimersAsync();
    expect(await result).toBeInstanceOf(FinalLoadError);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('stops at the first attempt that loads', async () => {
    const attempt = vi.fn(async (n: number) => {
      if (n < 3) throw new Error('network');
    });
    const result = loadWithRetries(attempt, timers);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBeUndefined();
    expect(attempt).toHaveBeenCalledTimes(3);
  });
});
