import { describe, expect, it } from 'vitest';
import { BUFFERING_WATCHDOG_DEFAULTS } from './parts/buffering-watchdog.ts';
import { PLAYER_DEFAULTS, resolvePlayerConfig } from './player-config.ts';
import { ExperimentId } from './rules/experiments.ts';
import type { SinkFactory } from './sinks/sink.ts';

const fakeFactory: SinkFactory = { type: 'mse-worker', supported: () => true, create: () => ({}) as never };

describe('resolvePlayerConfig', () => {
  it('is PLAYER_DEFAULTS when the page passes nothing', () => {
    const resolved = resolvePlayerConfig();
    expect(resolved.sink).toBeUndefined();
    expect(resolved.sinks).toEqual(PLAYER_DEFAULTS.sinks);
    expect(resolved.sinkAdjustments).toEqual(PLAYER_DEFAULTS.sinkAdjustments);
    expect(resolved.bufferingWatchdog).toEqual(BUFFERING_WATCHDOG_DEFAULTS);
    expect(resolved.experiments).toEqual([]);
    expect(resolved.driftDetection).toEqual({});
    expect(resolved.environment).toEqual({});
  });

  it('lays the page’s values over the defaults, key by key', () => {
    const resolved = resolvePlayerConfig({
      sink: 'mse',
      sinks: { 'mse-worker': fakeFactory },
      sinkAdjustments: { abrTranscodesOnly: true },
      bufferingTimeoutMs: 4000,
      driftDetection: { enabled: true },
    });
    expect(resolved.sink).toBe('mse');
    // The page's entry is added; the built-in ones stay.
    expect(resolved.sinks['mse-worker']).toBe(fakeFactory);
    expect(resolved.sinks.mse).toBe(PLAYER_DEFAULTS.sinks.mse);
    expect(resolved.sinkAdjustments).toEqual({ ...PLAYER_DEFAULTS.sinkAdjustments, abrTranscodesOnly: true });
    expect(resolved.bufferingWatchdog).toEqual({ ...BUFFERING_WATCHDOG_DEFAULTS, firstTimeoutMs: 4000 });
    expect(resolved.driftDetection).toEqual({ enabled: true });
  });

  it('keeps the watchdog’s default for a timeout that is not a positive number', () => {
    for (const bufferingTimeoutMs of [0, -5, Number.NaN]) {
      expect(resolvePlayerConfig({ bufferingTimeoutMs }).bufferingWatchdog.firstTimeoutMs).toBe(
        BUFFERING_WATCHDOG_DEFAULTS.firstTimeoutMs,
      );
    }
  });

  it('derives the codec policy from the experiments', () => {
    expect(resolvePlayerConfig().codecPolicy).toEqual({ disabled: new Set(), forced: new Set() });
    const experiments = [{ id: ExperimentId.Av1, assignment: 'holdback', version: 1, type: 'codec' }];
    expect(resolvePlayerConfig({ experiments }).codecPolicy.disabled).toEqual(new Set(['av1']));
  });

  it('never changes the defaults it merges over', () => {
    const before = JSON.stringify(PLAYER_DEFAULTS.sinkAdjustments);
    const resolved = resolvePlayerConfig({ sinkAdjustments: { rebuildMediaSinkOnDiscontinuity: true } });
    resolved.sinkAdjustments.abrTranscodesOnly = true;
    expect(JSON.stringify(PLAYER_DEFAULTS.sinkAdjustments)).toBe(before);
  });
});
