import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WORKER_LOAD_FAILED, loadRealtimeClient } from './worker-loader.ts';
import { recordingLogger } from './testing/logger.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loadRealtimeClient', () => {
  it('returns the worker build when it loads at once', async () => {
    const logger = recordingLogger();
    const load = vi.fn().mockResolvedValue('worker');
    await expect(loadRealtimeClient(load, 'bundled', { logger })).resolves.toBe('worker');
    expect(load).toHaveBeenCalledOnce();
  });

  it('retries 3 times one second apart, then logs the failure and falls back', async () => {
    const logger = recordingLogger();
    const load = vi.fn().mockRejectedValue(new Error('chunk failed'));
    const result = loadRealtimeClient(load, 'bundled', { logger });

    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(logger.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);

    await expect(result).resolves.toBe('bundled');
    expect(load).toHaveBeenCalledTimes(4);
    expect(logger.messages('error')).toEqual([WORKER_LOAD_FAILED]);
    expect(WORKER_LOAD_FAILED).toBe('Failed worker load');
  });

  it('stops retrying once a retry succeeds', async () => {
    const logger = recordingLogger();
    const load = vi.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValue('worker');
    const result = loadRealtimeClient(load, 'bundled', { logger });
    await vi.advanceTimersByTimeAsync(1_000);

    await expect(result).resolves.toBe('worker');
    expect(load).toHaveBeenCalledTimes(2);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('uses an injected sleep', async () => {
    const logger = recordingLogger();
    const sleep = vi.fn().mockResolvedValue(undefined);
    const load = vi.fn().mockRejectedValue(new Error('no'));

    await expect(loadRealtimeClient(load, 'bundled', { logger, sleep })).resolves.toBe('bundled');
    expect(sleep.mock.calls).toEqual([[1_000], [1_000], [1_000]]);
  });
});
