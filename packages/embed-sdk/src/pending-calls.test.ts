import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OnAirCommandError } from './command-error.ts';
import { PendingCalls } from './pending-calls.ts';

const timers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as number),
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PendingCalls', () => {
  it('resolves a call with its reply value, once', async () => {
    const calls = new PendingCalls(timers);
    const result = calls.open('a', 'getStats', 1000, 'timeout');
    const value = { latency: 1, buffer: 2, rebuffers: 0, rebufferTime: 0, droppedFrames: 0, rendition: '720p' };
    expect(calls.settle({ onair: 1, type: 'reply', id: 'a', ok: true, value })).toBe(true);
    await expect(result).resolves.toEqual(value);
    expect(calls.settle({ onair: 1, type: 'reply', id: 'a', ok: true })).toBe(false);
  });

  it('rejects a refused call with an error naming the command and the reason', async () => {
    const calls = new PendingCalls(timers);
    const result = calls.open('a', 'setQuality', 1000, 'timeout');
    calls.settle({ onair: 1, type: 'reply', id: 'a', ok: false, reason: 'unknown-quality' });
    await expect(result).rejects.toThrow('OnAir setQuality: unknown-quality');
    await expect(result).rejects.toMatchObject({ command: 'setQuality', reason: 'unknown-quality' });
  });

  it('fails a call at its deadline, not before, and ignores its late reply', async () => {
    const calls = new PendingCalls(timers);
    const result = calls.open('a', 'play', 5000, 'timeout');
    const outcome = vi.fn();
    result.then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(4999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(new OnAirCommandError('play', 'timeout'));
    expect(calls.settle({ onair: 1, type: 'reply', id: 'a', ok: true })).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('replaces a deadline and its reason', async () => {
    const calls = new PendingCalls(timers);
    const failure = calls.open('a', 'pause', 1000, 'not-ready').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(900);
    calls.deadline('a', 5000, 'timeout');
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls.has('a')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await failure).toMatchObject({ reason: 'timeout' });
  });

  it('fails every call at once and leaves no timer behind', async () => {
    const calls = new PendingCalls(timers);
    const results = [calls.open('a', 'play', 1000, 'timeout'), calls.open('b', 'goLive', 1000, 'timeout')];
    calls.failAll('destroyed');
    for (const result of results) await expect(result).rejects.toMatchObject({ reason: 'destroyed' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
