import { describe, expect, it } from 'vitest';
import { defaultServiceWorkerConfig, resolveServiceWorkerConfig, type ConfigResult } from './sw-config.ts';

const URL_ = '/live-manifest-sw.js';

/** The message of a refusal; fails the test when the config was accepted. */
function refusal(result: ConfigResult): string {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.config)}`);
  return result.message;
}

function accepted(result: ConfigResult) {
  if (!result.ok) throw new Error(`expected a config, got "${result.message}"`);
  return result.config;
}

describe('defaultServiceWorkerConfig (SPEC §9)', () => {
  it('turns the multivariant cache, low latency and drift detection (3 / 10 s / 60 s) on without MediaSource', () => {
    expect(defaultServiceWorkerConfig(false)).toEqual({
      forceActivate: false,
      cacheMultivariant: true,
      transformTargetDuration: true,
      lowLatencyMode: {
        enabled: true,
        useLocalSegment: true,
        convertPrefetchSegment: false,
        preloadPrefetchSegments: true,
      },
      driftDetection: {
        enabled: true,
        maxPlaylistPosition: 3,
        triggerDetectionThreshold: 10,
        minDurationBetweenCorrections: 60,
      },
      debug: false,
    });
  });

  it('turns everything off where MediaSource plays (the worker runs only when forced)', () => {
    expect(defaultServiceWorkerConfig(true)).toEqual({
      forceActivate: false,
      cacheMultivariant: false,
      transformTargetDuration: false,
      lowLatencyMode: {
        enabled: false,
        useLocalSegment: false,
        convertPrefetchSegment: false,
        preloadPrefetchSegments: false,
      },
      driftDetection: {
        enabled: false,
        maxPlaylistPosition: 3,
        triggerDetectionThreshold: 10,
        minDurationBetweenCorrections: 60,
      },
      debug: false,
    });
  });

  it('hands out a fresh drift config each time (no shared object a page could change)', () => {
    const first = defaultServiceWorkerConfig(false);
    first.driftDetection.maxPlaylistPosition = 99;
    expect(defaultServiceWorkerConfig(false).driftDetection.maxPlaylistPosition).toBe(3);
  });
});

describe('resolveServiceWorkerConfig', () => {
  it('refuses a missing config', () => {
    for (const options of [undefined, null, 'sw.js', 42, ['sw.js']]) {
      expect(refusal(resolveServiceWorkerConfig(options, false))).toBe('The service worker config is missing');
    }
  });

  it('refuses a config without a usable url', () => {
    for (const options of [{}, { url: '' }, { url: '   ' }, { url: 42 }, { url: null }]) {
      expect(refusal(resolveServiceWorkerConfig(options, false))).toBe('The service worker config has no url');
    }
  });

  it('gives the defaults for the browser with only a url, trimmed', () => {
    expect(accepted(resolveServiceWorkerConfig({ url: `  ${URL_}\n` }, false))).toEqual({
      url: URL_,
      ...defaultServiceWorkerConfig(false),
    });
    expect(accepted(resolveServiceWorkerConfig({ url: URL_ }, true))).toEqual({
      url: URL_,
      ...defaultServiceWorkerConfig(true),
    });
  });

  it('merges nested partial overrides over the defaults', () => {
    const config = accepted(
      resolveServiceWorkerConfig(
        {
          url: URL_,
          debug: true,
          lowLatencyMode: { convertPrefetchSegment: true },
          driftDetection: { maxPlaylistPosition: 5, minDurationBetweenCorrections: 0 },
        },
        false,
      ),
    );
    expect(config.debug).toBe(true);
    expect(config.cacheMultivariant).toBe(true);
    expect(config.lowLatencyMode).toEqual({
      enabled: true,
      useLocalSegment: true,
      convertPrefetchSegment: true,
      preloadPrefetchSegments: true,
    });
    expect(config.driftDetection).toEqual({
      enabled: true,
      maxPlaylistPosition: 5,
      triggerDetectionThreshold: 10,
      minDurationBetweenCorrections: 0,
    });
  });

  it('lets a page turn things on where MediaSource plays', () => {
    const config = accepted(
      resolveServiceWorkerConfig({ url: URL_, forceActivate: true, driftDetection: { enabled: true } }, true),
    );
    expect(config.forceActivate).toBe(true);
    expect(config.driftDetection.enabled).toBe(true);
    expect(config.lowLatencyMode.enabled).toBe(false);
  });

  it('ignores unknown fields, top-level and nested', () => {
    const config = accepted(
      resolveServiceWorkerConfig(
        { url: URL_, scope: '/embed/', lowLatencyMode: { turbo: 'yes' }, driftDetection: { mode: 1 } },
        false,
      ),
    );
    expect(config).toEqual({ url: URL_, ...defaultServiceWorkerConfig(false) });
    expect('scope' in config).toBe(false);
    expect('turbo' in config.lowLatencyMode).toBe(false);
  });

  it('refuses wrong types, naming the field path', () => {
    const invalid = (options: Record<string, unknown>) =>
      refusal(resolveServiceWorkerConfig({ url: URL_, ...options }, false));
    expect(invalid({ cacheMultivariant: 'yes' })).toBe(
      'The service worker config is invalid: cacheMultivariant must be true or false (got "yes")',
    );
    expect(invalid({ lowLatencyMode: { enabled: 1 } })).toBe(
      'The service worker config is invalid: lowLatencyMode.enabled must be true or false (got 1)',
    );
    expect(invalid({ driftDetection: { maxPlaylistPosition: '3' } })).toBe(
      'The service worker config is invalid: driftDetection.maxPlaylistPosition must be a number of seconds, 0 or more (got "3")',
    );
    expect(invalid({ lowLatencyMode: true })).toBe('lowLatencyMode must be an object');
    expect(invalid({ driftDetection: [3, 10, 60] })).toBe('driftDetection must be an object');
  });

  it('refuses negative and non-finite numbers', () => {
    const drift = (driftDetection: Record<string, unknown>) =>
      refusal(resolveServiceWorkerConfig({ url: URL_, driftDetection }, false));
    expect(drift({ triggerDetectionThreshold: -1 })).toContain('driftDetection.triggerDetectionThreshold must be');
    expect(drift({ triggerDetectionThreshold: -1 })).toContain('(got -1)');
    expect(drift({ minDurationBetweenCorrections: Number.POSITIVE_INFINITY })).toContain(
      'driftDetection.minDurationBetweenCorrections must be a number of seconds, 0 or more',
    );
    expect(drift({ maxPlaylistPosition: Number.NaN })).toContain('driftDetection.maxPlaylistPosition must be');
  });

  it('treats an undefined field as absent', () => {
    const config = accepted(
      resolveServiceWorkerConfig({ url: URL_, debug: undefined, lowLatencyMode: { enabled: undefined } }, false),
    );
    expect(config.debug).toBe(false);
    expect(config.lowLatencyMode.enabled).toBe(true);
  });
});
