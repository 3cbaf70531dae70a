import { describe, expect, it, vi } from 'vitest';
import { FrameStats } from './frame-stats.ts';
import { GPU_DEFAULTS, type GpuSettings } from './gpu-constants.ts';
import { FrameTransformer } from './frame-transformer.ts';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type GpuTimes = { transformMs: number; renderMs: number };

function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no call ${index} yet`);
  return item;
}

/** Lets the steps' settled promises run their callbacks. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

function setup(settings: Partial<GpuSettings> = {}) {
  let clock = 0;
  const captures: Deferred<string>[] = [];
  const processing: { frame: string; done: Deferred<GpuTimes> }[] = [];
  const steps = {
    capture: vi.fn(() => {
      const capture = deferred<string>();
      captures.push(capture);
      return capture.promise;
    }),
    process: vi.fn((frame: string) => {
      const done = deferred<GpuTimes>();
      processing.push({ frame, done });
      return done.promise;
    }),
    release: vi.fn<(frame: string) => void>(),
  };
  const harness = { now: () => clock, onFailure: vi.fn(), onRendered: vi.fn() };
  const stats = new FrameStats();
  const transformer = new FrameTransformer(steps, stats, { ...GPU_DEFAULTS, ...settings }, harness);
  transformer.start();

  const at = (ms: number) => {
    clock = ms;
  };
  /** The `index`th capture yields `frame` at time `ms`. */
  const captured = async (index: number, frame: string, ms = clock) => {
    at(ms);
    nth(captures, index).resolve(frame);
    await settle();
  };
  /** The `index`th frame handed to process finishes at time `ms`. */
  const processed = async (index: number, times: GpuTimes = { transformMs: 1, renderMs: 1 }, ms = clock) => {
    at(ms);
    nth(processing, index).done.resolve(times);
    await settle();
  };
  const released = () => steps.release.mock.calls.map(([frame]) => frame);

  return { transformer, stats, steps, harness, captures, processing, at, captured, processed, released };
}

describe('FrameTransformer: counting what the video presents', () => {
  it('counts every presented frame as source, and the frames a jump in presentedFrames passes over as missed', () => {
    const { transformer, stats } = setup({ captureQueue: 10 });
    transformer.onVideoFrame(0, 1);
    transformer.onVideoFrame(16, 2);
    transformer.onVideoFrame(50, 4);
    transformer.onVideoFrame(100, 7);
    expect(stats.total()).toMatchObject({ source: 7, missed: 3 });
  });

  it('counts the first frame after a start as one frame, however far presentedFrames has got', () => {
    const { transformer, stats } = setup({ captureQueue: 10 });
    transformer.onVideoFrame(0, 120);
    expect(stats.total()).toMatchObject({ source: 1, missed: 0 });
  });

  it('counts no missed frames across a stop and a start (a pause is no loss)', () => {
    const { transformer, stats } = setup({ captureQueue: 10 });
    transformer.onVideoFrame(0, 1);
    transformer.stop();
    transformer.start();
    transformer.onVideoFrame(5000, 300);
    expect(stats.total()).toMatchObject({ source: 2, missed: 0 });
  });

  it('ignores a callback whose presentedFrames did not advance', () => {
    const { transformer, stats, steps } = setup({ captureQueue: 10 });
    transformer.onVideoFrame(0, 4);
    transformer.onVideoFrame(16, 4);
    transformer.onVideoFrame(32, 3);
    expect(stats.total().source).toBe(1);
    expect(steps.capture).toHaveBeenCalledTimes(1);
  });
});

describe('FrameTransformer: the capture queue', () => {
  it('blocks a frame presented while captureQueue captures are still under way, without capturing it', () => {
    const { transformer, stats, steps } = setup({ captureQueue: 2 });
    transformer.onVideoFrame(0, 1);
    transformer.onVideoFrame(16, 2);
    transformer.onVideoFrame(33, 3);
    expect(steps.capture).toHaveBeenCalledTimes(2);
    expect(stats.total()).toMatchObject({ source: 3, blocked: 1 });
  });

  it('blocks a frame while the queue holds captureQueue captured frames waiting for the transformer', async () => {
    const { transformer, stats, steps, captured } = setup({ captureQueue: 2 });
    transformer.onVideoFrame(0, 1);
    await captured(0, 'a');
    transformer.onVideoFrame(16, 2);
    transformer.onVideoFrame(33, 3);
    await captured(1, 'b');
    await captured(2, 'c');
    transformer.onVideoFrame(50, 4);
    expect(steps.capture).toHaveBeenCalledTimes(3);
    expect(stats.total()).toMatchObject({ captured: 3, blocked: 1 });
  });

  it('captures again once the queue has room', async () => {
    const { transformer, stats, steps, captured } = setup({ captureQueue: 1 });
    transformer.onVideoFrame(0, 1);
    transformer.onVideoFrame(16, 2);
    await captured(0, 'a');
    transformer.onVideoFrame(33, 3);
    expect(steps.capture).toHaveBeenCalledTimes(2);
    expect(stats.total().blocked).toBe(1);
  });

  it('takes the newest of several queued frames and skips (and releases) the older ones', async () => {
    const { transformer, stats, steps, captured, processed, released } = setup({ captureQueue: 3 });
    transformer.onVideoFrame(0, 1);
    await captured(0, 'a');
    transformer.onVideoFrame(16, 2);
    transformer.onVideoFrame(33, 3);
    transformer.onVideoFrame(50, 4);
    await captured(1, 'b');
    await captured(2, 'c');
    await captured(3, 'd');
    await processed(0);
    expect(steps.process.mock.calls.map(([frame]) => frame)).toEqual(['a', 'd']);
    expect(released()).toEqual(['a', 'b', 'c']);
    expect(stats.total()).toMatchObject({ captured: 4, received: 2, skipped: 2 });
  });

  it('captures the newest frame once the queue empties when it was blocked and none came after (a pause)', async () => {
    const { transformer, stats, steps, captured, processed } = setup({ captureQueue: 1 });
    transformer.onVideoFrame(0, 1);
    transformer.onVideoFrame(33, 2);
    await captured(0, 'a');
    expect(steps.capture).toHaveBeenCalledTimes(1);
    await processed(0);
    expect(steps.capture).toHaveBeenCalledTimes(2);
    await captured(1, 'paused picture');
    await processed(1);
    expect(steps.process.mock.calls.map(([frame]) => frame)).toEqual(['a', 'paused picture']);
    expect(stats.total()).toMatchObject({ source: 2, blocked: 1, captured: 2, rendered: 2 });
  });

  it('takes no blocked frame again once a later one was captured', async () => {
    const { transformer, steps, captured, processed } = setup({ captureQueue: 1 });
    transformer.onVideoFrame(0, 1);
    transformer.onVideoFrame(33, 2);
    await captured(0, 'a');
    await processed(0);
    await captured(1, 'b');
    transformer.onVideoFrame(66, 3);
    await processed(1);
    expect(steps.capture).toHaveBeenCalledTimes(3);
  });

  it('counts nothing for a capture that finds no frame (the video is reloading), and takes the next one', async () => {
    const { transformer, stats, steps, captures, captured } = setup({ captureQueue: 1 });
    transformer.onVideoFrame(0, 1);
    nth(captures, 0).resolve(null as unknown as string);
    await Promise.resolve();
    await Promise.resolve();
    expect(stats.total()).toMatchObject({ source: 1, captured: 0, received: 0 });
    transformer.onVideoFrame(33, 2);
    expect(steps.capture).toHaveBeenCalledTimes(2);
    await captured(1, 'b');
    expect(steps.process).toHaveBeenCalledTimes(1);
  });

  it('processes one frame at a time', async () => {
    const { transformer, steps, captured } = setup({ captureQueue: 3 });
    transformer.onVideoFrame(0, 1);
    transformer.onVideoFrame(16, 2);
    await captured(0, 'a');
    await captured(1, 'b');
    expect(steps.process).toHaveBeenCalledTimes(1);
  });
});

describe('FrameTransformer: frames drawn and their timings', () => {
  it('counts a processed frame as received, transformed and rendered, and tells the harness once per frame', async () => {
    const { transformer, stats, harness, captured, processed } = setup();
    transformer.onVideoFrame(0, 1);
    await captured(0, 'a');
    expect(stats.total()).toMatchObject({ received: 1, transformed: 0, rendered: 0 });
    expect(harness.onRendered).not.toHaveBeenCalled();
    await processed(0);
    transformer.onVideoFrame(16, 2);
    await captured(1, 'b');
    await processed(1);
    expect(stats.total()).toMatchObject({ captured: 2, received: 2, transformed: 2, rendered: 2 });
    expect(harness.onRendered).toHaveBeenCalledTimes(2);
  });

  it('times capture delay, receive delay, transform, render and end to end from the harness clock', async () => {
    const { transformer, stats, captured, processed } = setup();
    transformer.onVideoFrame(100, 1);
    await captured(0, 'a', 104);
    transformer.onVideoFrame(116, 2);
    await captured(1, 'b', 120);
    await processed(0, { transformMs: 6, renderMs: 3 }, 130);
    await processed(1, { transformMs: 2, renderMs: 1 }, 140);
    const { timings } = stats.total();
    expect(timings.captureDelay).toEqual({ count: 2, mean: 4, max: 4 });
    expect(timings.receiveDelay).toEqual({ count: 2, mean: 5, max: 10 });
    expect(timings.transform).toEqual({ count: 2, mean: 4, max: 6 });
    expect(timings.render).toEqual({ count: 2, mean: 2, max: 3 });
    expect(timings.endToEnd).toEqual({ count: 2, mean: 27, max: 30 });
  });
});

describe('FrameTransformer: the frame budget', () => {
  it('is 1000 / minimumFramerate before any frame interval is known', () => {
    const { transformer } = setup({ minimumFramerate: 60 });
    expect(transformer.budgetMs()).toBeCloseTo(1000 / 60);
  });

  it("is the source's frame interval when the source is slower: 33.3 ms for 30 fps", () => {
    const { transformer } = setup({ captureQueue: 100 });
    for (let frame = 1; frame <= 30; frame += 1) transformer.onVideoFrame((frame * 1000) / 30, frame);
    expect(transformer.budgetMs()).toBeCloseTo(1000 / 30);
  });

  it('stays 1000 / minimumFramerate for a source faster than the minimum', () => {
    const { transformer } = setup({ captureQueue: 100 });
    for (let frame = 1; frame <= 30; frame += 1) transformer.onVideoFrame((frame * 1000) / 120, frame);
    expect(transformer.budgetMs()).toBeCloseTo(1000 / 60);
  });

  it('spreads the time of a jump over the frames it passed', () => {
    const { transformer } = setup({ captureQueue: 100 });
    transformer.onVideoFrame(0, 1);
    transformer.onVideoFrame(100, 4);
    expect(transformer.budgetMs()).toBeCloseTo(100 / 3);
  });

  it('smooths the frame interval instead of following a single late frame', () => {
    const { transformer } = setup({ captureQueue: 100 });
    for (let frame = 1; frame <= 10; frame += 1) transformer.onVideoFrame((frame * 1000) / 30, frame);
    transformer.onVideoFrame(1000 / 3 + 200, 11);
    expect(transformer.budgetMs()).toBeCloseTo((1000 / 30) * 0.9 + 200 * 0.1);
  });

  it('counts a frame whose transform and render take longer than 1000 / 60 ms as over budget', async () => {
    const { transformer, stats, captured, processed } = setup({ receiveDelayInBudget: false });
    transformer.onVideoFrame(0, 1);
    await captured(0, 'a');
    await processed(0, { transformMs: 10, renderMs: 6 });
    expect(stats.total().overBudget).toBe(0);
    transformer.onVideoFrame(16, 2);
    await captured(1, 'b');
    await processed(1, { transformMs: 10, renderMs: 7 });
    expect(stats.total().overBudget).toBe(1);
  });

  it('counts the receive delay into the budget only when receiveDelayInBudget is set', async () => {
    const run = async (receiveDelayInBudget: boolean) => {
      const { transformer, stats, captured, processed } = setup({ receiveDelayInBudget });
      transformer.onVideoFrame(0, 1);
      await captured(0, 'a', 0);
      transformer.onVideoFrame(16, 2);
      await captured(1, 'b', 16);
      await processed(0, { transformMs: 1, renderMs: 1 }, 26);
      await processed(1, { transformMs: 5, renderMs: 5 }, 40);
      return stats.total().overBudget;
    };
    expect(await run(true)).toBe(1);
    expect(await run(false)).toBe(0);
  });

  it('gives the frames of a 30 fps source 33.3 ms each once its interval is known: 25 ms of work is within it', async () => {
    const { transformer, stats, captured, processed } = setup({ receiveDelayInBudget: false });
    const interval = 1000 / 30;
    transformer.onVideoFrame(interval, 1);
    await captured(0, 'f1');
    await processed(0, { transformMs: 20, renderMs: 5 });
    expect(stats.interval().overBudget).toBe(1);
    for (let frame = 2; frame <= 5; frame += 1) {
      transformer.onVideoFrame(frame * interval, frame);
      await captured(frame - 1, `f${frame}`);
      await processed(frame - 1, { transformMs: 20, renderMs: 5 });
    }
    expect(stats.interval()).toMatchObject({ rendered: 4, overBudget: 0 });
  });
});

describe('FrameTransformer: stopping and destroying', () => {
  it('takes one frame after stop when it is the last (the picture a pause presents)', async () => {
    const { transformer, stats, steps, captured, processed } = setup();
    transformer.onVideoFrame(0, 1);
    transformer.stop();
    transformer.onVideoFrame(33, 2, true);
    expect(steps.capture).toHaveBeenCalledTimes(2);
    await captured(0, 'a');
    await processed(0);
    await captured(1, 'paused');
    await processed(1);
    expect(stats.total()).toMatchObject({ source: 2, rendered: 2 });
  });

  it('takes no new frames after stop', () => {
    const { transformer, stats, steps } = setup();
    transformer.stop();
    transformer.onVideoFrame(0, 1);
    expect(transformer.running).toBe(false);
    expect(steps.capture).not.toHaveBeenCalled();
    expect(stats.total().source).toBe(0);
  });

  it('still processes and renders the frames captured before the stop', async () => {
    const { transformer, stats, harness, captured, processed } = setup();
    transformer.onVideoFrame(0, 1);
    transformer.stop();
    await captured(0, 'last');
    await processed(0);
    expect(stats.total()).toMatchObject({ captured: 1, rendered: 1 });
    expect(harness.onRendered).toHaveBeenCalledTimes(1);
  });

  it('releases the frames still queued at destroy, and processes nothing after', async () => {
    const { transformer, steps, captured, processed, released } = setup({ captureQueue: 3 });
    transformer.onVideoFrame(0, 1);
    await captured(0, 'a');
    transformer.onVideoFrame(16, 2);
    transformer.onVideoFrame(33, 3);
    await captured(1, 'b');
    await captured(2, 'c');
    transformer.destroy();
    expect(released()).toEqual(['b', 'c']);
    await processed(0);
    expect(released()).toEqual(['b', 'c', 'a']);
    expect(steps.process).toHaveBeenCalledTimes(1);
  });

  it('releases a frame whose capture ends after destroy', async () => {
    const { transformer, steps, captured, released } = setup();
    transformer.onVideoFrame(0, 1);
    transformer.destroy();
    await captured(0, 'late');
    expect(released()).toEqual(['late']);
    expect(steps.process).not.toHaveBeenCalled();
  });

  it('counts no rendered frame for a process that ends after destroy', async () => {
    const { transformer, stats, harness, captured, processed } = setup();
    transformer.onVideoFrame(0, 1);
    await captured(0, 'a');
    transformer.destroy();
    await processed(0);
    expect(stats.total().rendered).toBe(0);
    expect(harness.onRendered).not.toHaveBeenCalled();
  });

  it('releases every frame it captured: processed, skipped and left over', async () => {
    const { transformer, steps, captured, processed, released } = setup({ captureQueue: 3 });
    transformer.onVideoFrame(0, 1);
    await captured(0, 'a');
    transformer.onVideoFrame(16, 2);
    transformer.onVideoFrame(33, 3);
    await captured(1, 'b');
    await captured(2, 'c');
    await processed(0);
    transformer.onVideoFrame(50, 4);
    await captured(3, 'd');
    transformer.destroy();
    await processed(1);
    expect(steps.capture).toHaveBeenCalledTimes(4);
    expect([...released()].sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('FrameTransformer: failures', () => {
  it('reports a capture that throws once, as stage capture, and counts it failed', async () => {
    const { transformer, stats, harness, captures } = setup();
    const error = new Error('capture broke');
    transformer.onVideoFrame(0, 1);
    transformer.onVideoFrame(16, 2);
    nth(captures, 0).reject(error);
    nth(captures, 1).reject(new Error('again'));
    await settle();
    expect(harness.onFailure).toHaveBeenCalledTimes(1);
    expect(harness.onFailure).toHaveBeenCalledWith('capture', error);
    expect(stats.total().failed).toBe(1);
  });

  it('reports a process that throws once, as stage process, counts it failed and releases the frame', async () => {
    const { transformer, stats, harness, captured, processing, released } = setup();
    const error = new Error('device lost');
    transformer.onVideoFrame(0, 1);
    await captured(0, 'a');
    nth(processing, 0).done.reject(error);
    await settle();
    expect(harness.onFailure).toHaveBeenCalledTimes(1);
    expect(harness.onFailure).toHaveBeenCalledWith('process', error);
    expect(stats.total()).toMatchObject({ failed: 1, rendered: 0 });
    expect(released()).toEqual(['a']);
  });

  it('takes no frame after a failure, not even after a new start', async () => {
    const { transformer, steps, captures } = setup();
    transformer.onVideoFrame(0, 1);
    nth(captures, 0).reject(new Error('capture broke'));
    await settle();
    transformer.start();
    transformer.onVideoFrame(16, 2);
    expect(transformer.running).toBe(false);
    expect(steps.capture).toHaveBeenCalledTimes(1);
  });

  it('releases the frames queued when a step fails', async () => {
    const { transformer, captures, captured, released } = setup({ captureQueue: 3 });
    transformer.onVideoFrame(0, 1);
    await captured(0, 'a');
    transformer.onVideoFrame(16, 2);
    transformer.onVideoFrame(33, 3);
    await captured(1, 'b');
    nth(captures, 2).reject(new Error('capture broke'));
    await settle();
    expect(released()).toEqual(['b']);
  });
});
