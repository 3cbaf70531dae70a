import { describe, expect, it } from 'vitest';
import type { GpuExperimentConfig } from './gpu-assignment.ts';
import { GPU_DEFAULTS } from './gpu-constants.ts';
import { resolveGpuOptions, type GpuConfig, type GpuOptionsResult, type ResolvedGpuOptions } from './gpu-options.ts';

const experiment = (parts: Partial<GpuExperimentConfig>): GpuExperimentConfig => ({
  flags: {},
  module: {},
  render: {},
  ...parts,
});

const pageModule = (module: Record<string, unknown>): GpuConfig => ({ module }) as GpuConfig;

function options(result: GpuOptionsResult): ResolvedGpuOptions {
  if (!result.ok) throw new Error(`expected options, got the problem: ${result.problem}`);
  return result.options;
}

function problem(result: GpuOptionsResult): string {
  if (result.ok) throw new Error('expected a problem, got options');
  return result.problem;
}

describe('resolveGpuOptions', () => {
  it('gives SPEC §9 defaults, the default allow-list and sharpness 0.5 without page or experiment', () => {
    expect(resolveGpuOptions(undefined, null)).toEqual({
      ok: true,
      options: {
        allowList: { vendors: ['nvidia'], architectures: ['ampere', 'lovelace'] },
        settings: GPU_DEFAULTS,
        sharpness: 0.5,
      },
    });
  });

  it('gives the defaults for an empty page config and an empty experiment', () => {
    expect(resolveGpuOptions({}, experiment({}))).toEqual(resolveGpuOptions(undefined, null));
  });

  it("merges the page's module and render parameters over the defaults", () => {
    const page: GpuConfig = {
      module: {
        minimumFramerate: 30,
        receiveDelayInBudget: false,
        captureQueue: 3,
        monitorEnabled: false,
        monitorIntervalMs: 2000,
        framerateTolerance: 0.1,
        frameCountTolerance: 0.2,
        statusIntervalMs: 1000,
      },
      render: { sharpness: 0.8 },
    };
    expect(options(resolveGpuOptions(page, null))).toEqual({
      allowList: { vendors: ['nvidia'], architectures: ['ampere', 'lovelace'] },
      settings: {
        minimumFramerate: 30,
        receiveDelayInBudget: false,
        captureQueue: 3,
        monitor: { enabled: false, intervalMs: 2000 },
        framerateTolerance: 0.1,
        frameCountTolerance: 0.2,
        statusIntervalMs: 1000,
        workgroup: GPU_DEFAULTS.workgroup,
      },
      sharpness: 0.8,
    });
  });

  it("lets the experiment's values win over the page's, and keeps the page's where the experiment is silent", () => {
    const page: GpuConfig = { module: { captureQueue: 3, statusIntervalMs: 1000 }, render: { sharpness: 0.2 } };
    const resolved = options(
      resolveGpuOptions(
        page,
        experiment({ module: { captureQueue: 4, monitorEnabled: false }, render: { sharpness: 1 } }),
      ),
    );
    expect(resolved.settings).toMatchObject({
      captureQueue: 4,
      statusIntervalMs: 1000,
      monitor: { enabled: false, intervalMs: GPU_DEFAULTS.monitor.intervalMs },
    });
    expect(resolved.sharpness).toBe(1);
  });

  it('adds vendors and architectures to the default allow-list, never removing the defaults', () => {
    const resolved = options(resolveGpuOptions(pageModule({ vendors: ['AMD'], architectures: ['rdna3'] }), null));
    expect(resolved.allowList).toEqual({ vendors: ['nvidia', 'amd'], architectures: ['ampere', 'lovelace', 'rdna3'] });
  });

  it("adds the experiment's allow-list entries too", () => {
    const resolved = options(resolveGpuOptions(undefined, experiment({ module: { architectures: ['turing'] } })));
    expect(resolved.allowList.architectures).toEqual(['ampere', 'lovelace', 'turing']);
  });

  it("adds the page's and the experiment's entries both: neither replaces the other", () => {
    const page = pageModule({ vendors: ['amd'] });
    const resolved = options(resolveGpuOptions(page, experiment({ module: { vendors: ['intel'] } })));
    expect(resolved.allowList.vendors).toEqual(['nvidia', 'amd', 'intel']);
  });

  it('keeps `*` in the allow-list', () => {
    const resolved = options(resolveGpuOptions(pageModule({ vendors: ['*'], architectures: ['*'] }), null));
    expect(resolved.allowList).toEqual({ vendors: ['nvidia', '*'], architectures: ['ampere', 'lovelace', '*'] });
  });

  it.each([
    ['module.captureQueue', pageModule({ captureQueue: 0 })],
    ['module.captureQueue', pageModule({ captureQueue: 1.5 })],
    ['module.captureQueue', pageModule({ captureQueue: '2' })],
    ['module.minimumFramerate', pageModule({ minimumFramerate: 0 })],
    ['module.minimumFramerate', pageModule({ minimumFramerate: Number.POSITIVE_INFINITY })],
    ['module.monitorIntervalMs', pageModule({ monitorIntervalMs: -5 })],
    ['module.statusIntervalMs', pageModule({ statusIntervalMs: Number.NaN })],
    ['module.framerateTolerance', pageModule({ framerateTolerance: 2 })],
    ['module.frameCountTolerance', pageModule({ frameCountTolerance: -0.1 })],
    ['module.receiveDelayInBudget', pageModule({ receiveDelayInBudget: 'yes' })],
    ['module.monitorEnabled', pageModule({ monitorEnabled: 1 })],
    ['module.vendors', pageModule({ vendors: 'nvidia' })],
    ['module.architectures', pageModule({ architectures: ['ampere', 7] })],
    ['render.sharpness', { render: { sharpness: -1 } }],
    ['render.sharpness', { render: { sharpness: 1.5 } }],
    ['render.sharpness', { render: { sharpness: '0.5' } } as unknown as GpuConfig],
  ])('refuses a wrong-kind %s in the page config, naming the key', (key, page) => {
    expect(problem(resolveGpuOptions(page, null))).toContain(key);
  });

  it.each([
    ['module.captureQueue', experiment({ module: { captureQueue: 0 } })],
    ['module.vendors', experiment({ module: { vendors: 'nvidia' } })],
    ['render.sharpness', experiment({ render: { sharpness: -1 } })],
  ])('refuses a wrong-kind %s in the experiment, naming the key', (key, config) => {
    expect(problem(resolveGpuOptions(undefined, config))).toContain(key);
  });

  it("refuses an experiment's wrong-kind value even where the page's own value is right", () => {
    const result = resolveGpuOptions(pageModule({ captureQueue: 2 }), experiment({ module: { captureQueue: 1.5 } }));
    expect(problem(result)).toContain('module.captureQueue');
  });

  it('accepts the edges of a fraction: 0 and 1', () => {
    const resolved = options(
      resolveGpuOptions(
        pageModule({ framerateTolerance: 0, frameCountTolerance: 1 }),
        experiment({ render: { sharpness: 0 } }),
      ),
    );
    expect(resolved.settings).toMatchObject({ framerateTolerance: 0, frameCountTolerance: 1 });
    expect(resolved.sharpness).toBe(0);
  });

  it('ignores keys it does not know', () => {
    const page = { surfaceMode: 'canvas', module: { shinyNewKnob: 'x' }, render: { gamma: 'wrong' } } as GpuConfig;
    const config = experiment({ flags: { other: 1 }, module: { futureSetting: [1] }, render: { tint: null } });
    expect(resolveGpuOptions(page, config)).toEqual(resolveGpuOptions(undefined, null));
  });
});
