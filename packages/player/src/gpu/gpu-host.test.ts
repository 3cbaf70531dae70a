import { describe, expect, it, vi } from 'vitest';
import { ExperimentId, type Experiment } from '../rules/experiments.ts';
import { GpuErrorCode } from './gpu-errors.ts';
import { GpuHost, type GpuHostHarness } from './gpu-host.ts';
import type { GpuConfig } from './gpu-options.ts';
import { GPU_NOT_REQUESTED } from '../types/gpu-surface.ts';

const configured = (config: unknown) => 'treatment_config_' + btoa(JSON.stringify(config));

const experiment = (id: string, assignment: string): Experiment => ({ id, assignment, version: 1, type: 'ab' });

const withSurface = (surfaceMode: unknown) => configured({ flags: { surfaceMode } });

function harness() {
  return {
    env: {
      timers: { setTimeout: vi.fn(), clearTimeout: vi.fn(), setInterval: vi.fn(), clearInterval: vi.fn() },
      logger: { warn: vi.fn(), error: vi.fn() },
    },
    onState: vi.fn(),
    onAnalytics: vi.fn(),
  } satisfies GpuHostHarness;
}

function host(config: GpuConfig | undefined, experiments: Experiment[] = []) {
  const h = harness();
  return { host: new GpuHost(config, experiments, h), harness: h };
}

/** Starts playing, which loads the session chunk and reads the experiment, and waits for that. */
async function play(gpu: GpuHost): Promise<void> {
  gpu.setPlaying(true);
  await vi.dynamicImportSettled();
}

const fakeVideo = () => ({}) as HTMLVideoElement;
const fakeCanvas = () => ({}) as HTMLCanvasElement;

describe('GpuHost: the state it starts in', () => {
  it("starts as plain video, status off, support 'not-requested', without config or experiment", () => {
    expect(host(undefined).host.state).toEqual({
      mode: 'video',
      status: 'off',
      support: GPU_NOT_REQUESTED,
      errorCode: null,
      capture: null,
    });
  });

  it("stays off for the page's video mode", () => {
    expect(host({ surfaceMode: 'video' }).host.state).toMatchObject({ mode: 'video', status: 'off' });
  });

  it("starts a canvas mode as starting, with support 'not-requested'", () => {
    const { state } = host({ surfaceMode: 'canvas' }).host;
    expect(state).toMatchObject({ mode: 'canvas', status: 'starting', errorCode: null, capture: null });
    expect(state.support.reason).toBe('not-requested');
    expect(host({ surfaceMode: 'debug_both' }).host.state).toMatchObject({ mode: 'debug_both', status: 'starting' });
  });

  it("is starting in the page's video mode when a GPU experiment is assigned, as it may change the mode", () => {
    const gpu = host({ surfaceMode: 'video' }, [experiment(ExperimentId.Gpu, 'treatment')]).host;
    expect(gpu.state).toMatchObject({ mode: 'video', status: 'starting' });
    const staff = host(undefined, [experiment(ExperimentId.GpuStaff, withSurface('canvas'))]).host;
    expect(staff.state).toMatchObject({ mode: 'video', status: 'starting' });
  });

  it('stays off when only experiments that are not about the GPU are assigned', () => {
    const gpu = host(undefined, [experiment(ExperimentId.Hevc, withSurface('canvas'))]).host;
    expect(gpu.state.status).toBe('off');
  });

  it('shows the video for a surfaceMode it does not know, but is starting so the bad parameter gets reported', () => {
    expect(host({ surfaceMode: 'webgl' }).host.state).toMatchObject({ mode: 'video', status: 'starting' });
  });

  it('sends no state, no analytics and no warning on construction', () => {
    const { harness: h } = host({ surfaceMode: 'canvas' }, [experiment(ExperimentId.Gpu, 'treatment_config_@@')]);
    expect(h.onState).not.toHaveBeenCalled();
    expect(h.onAnalytics).not.toHaveBeenCalled();
    expect(h.env.logger.warn).not.toHaveBeenCalled();
  });
});

describe('GpuHost: once the player plays', () => {
  it("takes the experiment's flags.surfaceMode over the page config's", async () => {
    const { host: gpu, harness: h } = host({ surfaceMode: 'video' }, [
      experiment(ExperimentId.Gpu, withSurface('canvas')),
    ]);
    await play(gpu);
    expect(gpu.state).toMatchObject({ mode: 'canvas', status: 'starting' });
    expect(h.onState).toHaveBeenLastCalledWith(expect.objectContaining({ mode: 'canvas' }));
  });

  it("turns off when the experiment's flags.surfaceMode is video", async () => {
    const { host: gpu } = host({ surfaceMode: 'canvas' }, [experiment(ExperimentId.Gpu, withSurface('video'))]);
    await play(gpu);
    expect(gpu.state).toMatchObject({ mode: 'video', status: 'off' });
  });

  it('warns about an invalid experiment assignment through the logger and goes on with the page config', async () => {
    const { host: gpu, harness: h } = host({ surfaceMode: 'canvas' }, [
      experiment(ExperimentId.Gpu, 'treatment_config_@@'),
    ]);
    await play(gpu);
    expect(h.env.logger.warn).toHaveBeenCalledTimes(1);
    expect(gpu.state).toMatchObject({ mode: 'canvas', status: 'starting' });
  });

  it('reports a surfaceMode it does not know as -9999 and fails, without a canvas', async () => {
    const { host: gpu, harness: h } = host({ surfaceMode: 'webgl' });
    await play(gpu);
    expect(gpu.state).toMatchObject({ mode: 'video', status: 'failed', errorCode: GpuErrorCode.BadParameters });
    expect(h.onAnalytics).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'onGpuError',
        properties: expect.objectContaining({ gpu_error_code: GpuErrorCode.BadParameters }),
      }),
    );
  });

  it("reports an experiment's wrong-kind option as -9999", async () => {
    const experiments = [experiment(ExperimentId.Gpu, configured({ module: { captureQueue: 1.5 } }))];
    const { host: gpu } = host({ surfaceMode: 'canvas' }, experiments);
    await play(gpu);
    expect(gpu.state).toMatchObject({ status: 'failed', errorCode: GpuErrorCode.BadParameters });
  });

  it('loads nothing and sends no state in the video mode', async () => {
    const { host: gpu, harness: h } = host({ surfaceMode: 'video' });
    await play(gpu);
    expect(gpu.state.status).toBe('off');
    expect(h.onState).not.toHaveBeenCalled();
  });

  it('sends no state when destroyed before the chunk has loaded', async () => {
    const { host: gpu, harness: h } = host({ surfaceMode: 'webgl' });
    gpu.setPlaying(true);
    gpu.destroy();
    await vi.dynamicImportSettled();
    expect(h.onState).not.toHaveBeenCalled();
    expect(gpu.state.status).toBe('starting');
  });
});

describe('GpuHost without a session', () => {
  it('does nothing on attach in the video mode', async () => {
    const { host: gpu, harness: h } = host({ surfaceMode: 'video' });
    const before = gpu.state;
    gpu.attach(fakeVideo(), fakeCanvas());
    await vi.dynamicImportSettled();
    expect(gpu.state).toBe(before);
    expect(gpu.frameStatistics()).toBeNull();
    expect(h.onState).not.toHaveBeenCalled();
    expect(h.env.timers.setTimeout).not.toHaveBeenCalled();
  });

  it('takes setPlaying, detach and destroy without a session, and sends no state', () => {
    const { host: gpu, harness: h } = host({ surfaceMode: 'video' });
    expect(() => {
      gpu.setPlaying(true);
      gpu.setPlaying(false);
      gpu.detach();
      gpu.destroy();
    }).not.toThrow();
    expect(gpu.state).toMatchObject({ mode: 'video', status: 'off' });
    expect(h.onState).not.toHaveBeenCalled();
  });

  it('does nothing on attach after destroy', async () => {
    const { host: gpu, harness: h } = host({ surfaceMode: 'video' });
    gpu.destroy();
    gpu.attach(fakeVideo(), fakeCanvas());
    await vi.dynamicImportSettled();
    expect(h.onState).not.toHaveBeenCalled();
    expect(gpu.frameStatistics()).toBeNull();
  });
});
