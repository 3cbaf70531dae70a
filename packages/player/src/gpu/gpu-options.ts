import { withOverrides, type GpuAllowList } from './allow-list.ts';
import { GPU_DEFAULTS, type GpuSettings } from './gpu-constants.ts';
import type { GpuExperimentConfig } from './gpu-assignment.ts';

/**
 * The GPU path's parameters, as the page passes them (`PlayerConfig.gpu`) and as the GPU
 * experiment's assignment carries them (SPEC §5: `_config_` + base64 JSON of flags, module and
 * render). The spec does not show their keys; ours, one shape for both:
 * - flags: `surfaceMode` (video, canvas, debug_both);
 * - module: `vendors`, `architectures` (added to the allow-list; `*` allows all), and any of the
 *   SPEC §9 settings: `minimumFramerate`, `receiveDelayInBudget`, `captureQueue`,
 *   `monitorEnabled`, `monitorIntervalMs`, `framerateTolerance`, `frameCountTolerance`,
 *   `statusIntervalMs`;
 * - render: `sharpness` (0 … 1, default 0.5).
 * The experiment's values win over the page's (it is the later, targeted decision); allow-list
 * entries of both are added.
 */
export interface GpuModuleParams {
  vendors?: string[];
  architectures?: string[];
  minimumFramerate?: number;
  receiveDelayInBudget?: boolean;
  captureQueue?: number;
  monitorEnabled?: boolean;
  monitorIntervalMs?: number;
  framerateTolerance?: number;
  frameCountTolerance?: number;
  statusIntervalMs?: number;
}

export interface GpuRenderParams {
  sharpness?: number;
}

export interface GpuConfig {
  surfaceMode?: string;
  module?: GpuModuleParams;
  render?: GpuRenderParams;
}

export interface ResolvedGpuOptions {
  allowList: GpuAllowList;
  settings: GpuSettings;
  sharpness: number;
}

export const DEFAULT_SHARPNESS = 0.5;

export type GpuOptionsResult = { ok: true; options: ResolvedGpuOptions } | { ok: false; problem: string };

type Check = (value: unknown) => boolean;
const positive: Check = (v) => typeof v === 'number' && Number.isFinite(v) && v > 0;
const fraction: Check = (v) => typeof v === 'number' && v >= 0 && v <= 1;
const wholePositive: Check = (v) => Number.isInteger(v) && (v as number) > 0;
const flag: Check = (v) => typeof v === 'boolean';
const names: Check = (v) => Array.isArray(v) && v.every((e) => typeof e === 'string');

const MODULE_CHECKS: Record<keyof GpuModuleParams, [Check, string]> = {
  vendors: [names, 'a list of strings'],
  architectures: [names, 'a list of strings'],
  minimumFramerate: [positive, 'a positive number'],
  receiveDelayInBudget: [flag, 'true or false'],
  captureQueue: [wholePositive, 'a whole number above 0'],
  monitorEnabled: [flag, 'true or false'],
  monitorIntervalMs: [positive, 'a positive number'],
  framerateTolerance: [fraction, 'a fraction between 0 and 1'],
  frameCountTolerance: [fraction, 'a fraction between 0 and 1'],
  statusIntervalMs: [positive, 'a positive number'],
};

/**
 * Merges the page's parameters and the experiment's over SPEC §9's defaults. A value of the
 * wrong kind is a bad parameter (SPEC §8 -9999: the path does not start), never guessed at;
 * keys we do not know are left alone (a newer assignment may carry more).
 */
export function resolveGpuOptions(
  page: GpuConfig | undefined,
  experiment: GpuExperimentConfig | null,
): GpuOptionsResult {
  const fromExperiment = experiment?.module as GpuModuleParams | undefined;
  const module = { ...page?.module, ...fromExperiment };
  const render = { ...page?.render, ...(experiment?.render as GpuRenderParams | undefined) };
  for (const [key, [check, expected]] of Object.entries(MODULE_CHECKS)) {
    const value = module[key as keyof GpuModuleParams];
    if (value !== undefined && !check(value)) return { ok: false, problem: `module.${key} must be ${expected}` };
  }
  if (render.sharpness !== undefined && !fraction(render.sharpness)) {
    return { ok: false, problem: 'render.sharpness must be a fraction between 0 and 1' };
  }
  const d = GPU_DEFAULTS;
  const settings: GpuSettings = {
    ...d,
    minimumFramerate: module.minimumFramerate ?? d.minimumFramerate,
    receiveDelayInBudget: module.receiveDelayInBudget ?? d.receiveDelayInBudget,
    captureQueue: module.captureQueue ?? d.captureQueue,
    monitor: {
      enabled: module.monitorEnabled ?? d.monitor.enabled,
      intervalMs: module.monitorIntervalMs ?? d.monitor.intervalMs,
    },
    framerateTolerance: module.framerateTolerance ?? d.framerateTolerance,
    frameCountTolerance: module.frameCountTolerance ?? d.frameCountTolerance,
    statusIntervalMs: module.statusIntervalMs ?? d.statusIntervalMs,
  };
  // Allow-list entries add up: the page's and the experiment's both (SPEC §5: overrides add).
  const allowList = withOverrides({
    vendors: [...(page?.module?.vendors ?? []), ...(fromExperiment?.vendors ?? [])],
    architectures: [...(page?.module?.architectures ?? []), ...(fromExperiment?.architectures ?? [])],
  });
  return { ok: true, options: { allowList, settings, sharpness: render.sharpness ?? DEFAULT_SHARPNESS } };
}
