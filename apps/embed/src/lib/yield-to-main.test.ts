import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main.ts';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("uses the browser's scheduler.yield where it has one", async () => {
    const yieldSpy = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldSpy });
    await yieldToMain();
    expect(yieldSpy).toHaveBeenCalledTimes(1);
  });

  it('otherwise resumes in a task of its own, after work already queued as tasks', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const queued = new MessageChannel();
    queued.port1.onmessage = () => {
      order.push('queued task');
      queued.port1.close();
    };
    queued.port2.postMessage(null);
    const resumed = yieldToMain().then(() => order.push('resumed'));
    // Not in this task, nor in its microtasks.
    await Promise.resolve();
    expect(order).toEqual([]);
    await resumed;
    expect(order).toEqual(['queued task', 'resumed']);
  });
});
