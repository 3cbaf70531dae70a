import { describe, expect, it, vi } from 'vitest';
import { ExperimentId, type Experiment } from '../rules/experiments.ts';
import { GPU_DEFAULTS } from './gpu-constants.ts';
import { gpuExperiment, planGpu } from './gpu-session.ts';

const configured = (config: unknown) => 'treatment_config_' + btoa(JSON.stringify(config));

const experiment = (id: string, assignment: string): Experiment => ({ id, assignment, version: 1, type: 'ab' });

const withSurface = (surfaceMode: unknown) => configured({ flags: { surfaceMode } });

describe('gpuExperiment', () => {
  it('takes the staff experiment over the GPU experiment when the viewer is in both', () => {
    const warn = vi.fn();
    const experiments = [
      experiment(ExperimentId.Gpu, configured({ module: { captureQueue: 3 } })),
      experiment(ExperimentId.GpuStaff, configured({ module: { captureQueue: 5 } })),
    ];
    expect(gpuExperiment(experiments, warn)).toEqual({ flags: {}, module: { captureQueue: 5 }, render: {} });
    expect(warn).not.toHaveBeenCalled();
  });

  it("takes the GPU experiment's configuration when there is no staff experiment", () => {
    const experiments = [experiment(ExperimentId.Gpu, configured({ render: { sharpness: 0.7 } }))];
    expect(gpuExperiment(experiments, vi.fn())).toEqual({ flags: {}, module: {}, render: { sharpness: 0.7 } });
  });

  it("warns about an invalid staff assignment and falls back to the GPU experiment's", () => {
    const warn = vi.fn();
    const experiments = [
      experiment(ExperimentId.GpuStaff, 'treatment_config_not*base64'),
      experiment(ExperimentId.Gpu, withSurface('canvas')),
    ];
    expect(gpuExperiment(experiments, warn)).toEqual({ flags: { surfaceMode: 'canvas' }, module: {}, render: {} });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('warns about an invalid GPU assignment and still gives the valid staff one', () => {
    const warn = vi.fn();
    const experiments = [
      experiment(ExperimentId.Gpu, configured([1, 2])),
      experiment(ExperimentId.GpuStaff, withSurface('debug_both')),
    ];
    expect(gpuExperiment(experiments, warn)?.flags).toEqual({ surfaceMode: 'debug_both' });
  });

  it('gives null, without a warning, for an assignment without `_config_`', () => {
    const warn = vi.fn();
    expect(gpuExperiment([experiment(ExperimentId.Gpu, 'treatment')], warn)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it("falls back to the GPU experiment when the staff one's assignment has no `_config_`", () => {
    const experiments = [
      experiment(ExperimentId.GpuStaff, 'control'),
      experiment(ExperimentId.Gpu, configured({ module: { captureQueue: 3 } })),
    ];
    expect(gpuExperiment(experiments, vi.fn())?.module).toEqual({ captureQueue: 3 });
  });

  it('gives null when both are invalid, warning about each', () => {
    const warn = vi.fn();
    const experiments = [
      experiment(ExperimentId.GpuStaff, 'treatment_config_%%%'),
      experiment(ExperimentId.Gpu, configured('just a string')),
    ];
    expect(gpuExperiment(experiments, warn)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('ignores experiments that are not about the GPU', () => {
    expect(gpuExperiment([experiment(ExperimentId.Hevc, withSurface('canvas'))], vi.fn())).toBeNull();
  });
});

describe('planGpu', () => {
  it('plans the plain video with default options without page config or experiment', () => {
    const plan = planGpu(undefined, [], vi.fn());
    expect(plan).toMatchObject({ mode: 'video', problem: null });
    expect(plan.options?.settings).toEqual(GPU_DEFAULTS);
  });

  it("takes the page config's surfaceMode", () => {
    expect(planGpu({ surfaceMode: 'canvas' }, [], vi.fn()).mode).toBe('canvas');
  });

  it("lets the experiment's flags.surfaceMode win over the page config's", () => {
    expect(planGpu({ surfaceMode: 'video' }, [experiment(ExperimentId.Gpu, withSurface('canvas'))], vi.fn()).mode).toBe(
      'canvas',
    );
    expect(planGpu({ surfaceMode: 'canvas' }, [experiment(ExperimentId.Gpu, withSurface('video'))], vi.fn()).mode).toBe(
      'video',
    );
  });

  it("keeps the page config's surfaceMode when the experiment sets none", () => {
    const experiments = [experiment(ExperimentId.Gpu, configured({ module: { captureQueue: 3 } }))];
    const plan = planGpu({ surfaceMode: 'debug_both' }, experiments, vi.fn());
    expect(plan.mode).toBe('debug_both');
    expect(plan.options?.settings.captureQueue).toBe(3);
  });

  it('plans the video with a bad-parameter problem for a surfaceMode it does not know', () => {
    expect(planGpu({ surfaceMode: 'webgl' }, [], vi.fn())).toEqual({
      mode: 'video',
      options: null,
      problem: 'surfaceMode must be video, canvas or debug_both',
    });
    expect(planGpu(undefined, [experiment(ExperimentId.Gpu, withSurface(3))], vi.fn())).toMatchObject({
      mode: 'video',
      options: null,
    });
  });

  it('keeps the requested mode but carries the problem of a wrong-kind option', () => {
    const experiments = [experiment(ExperimentId.Gpu, configured({ module: { captureQueue: 0 } }))];
    const plan = planGpu({ surfaceMode: 'canvas' }, experiments, vi.fn());
    expect(plan).toMatchObject({ mode: 'canvas', options: null });
    expect(plan.problem).toContain('module.captureQueue');
  });
});
