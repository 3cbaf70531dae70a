import { describe, expect, it, vi } from 'vitest';
import type { MonitoringEvent } from './event-filter.ts';
import { PENDING_LOG_LIMIT, createMonitoring, initMonitoring, monitoringLogger } from './init-monitoring.ts';
import type { InitMonitoringOptions, MonitoringInitOptions, MonitoringSdk } from './init-monitoring.ts';
import { MONITORING_SETTINGS } from './settings.ts';
import type { TrackingConsent } from './settings.ts';
import type { TrackingConsentSource } from './tracking-consent.ts';

// A stand-in for `@datadog/browser-logs`: records what the module would be given.
function fakeSdk() {
  const inits: MonitoringInitOptions[] = [];
  const logged: unknown[][] = [];
  const consents: TrackingConsent[] = [];
  const sdk: MonitoringSdk = {
    init: (options) => {
      inits.push(options);
    },
    setTrackingConsent: (consent) => {
      consents.push(consent);
    },
    logger: {
      debug: (...args) => logged.push(['debug', ...args]),
      info: (...args) => logged.push(['info', ...args]),
      warn: (...args) => logged.push(['warn', ...args]),
      error: (...args) => logged.push(['error', ...args]),
    },
  };
  return { sdk, inits, logged, consents, load: vi.fn(async () => ({ datadogLogs: sdk })) };
}

const immediately = (task: () => void) => task();

function options(overrides: Partial<InitMonitoringOptions> = {}): InitMonitoringOptions {
  return {
    load: fakeSdk().load,
    clientToken: 'pub-token',
    pageOrigin: 'https://player.onair.example',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
    schedule: immediately,
    log: { warn: vi.fn() },
    ...overrides,
  };
}

describe('MONITORING_SETTINGS (SPEC §1, §9)', () => {
  it('holds the service label, version, environment, sampling, consent, site and capture options', () => {
    expect(MONITORING_SETTINGS).toEqual({
      service: 'frontend-embedded-player',
      version: '1.0.0',
      env: 'production',
      sessionSampleRate: 100,
      trackingConsent: 'granted',
      sessionPersistence: 'memory',
      trackAnonymousUser: false,
      site: 'datadoghq.com',
      forwardErrorsToLogs: true,
      forwardConsoleLogs: ['error'],
      proxy: '/monitoring/intake',
    });
  });
});

describe('initMonitoring', () => {
  it('initialises the SDK with the settings, the token and the intake on the page origin', async () => {
    const { load, inits } = fakeSdk();
    await expect(createMonitoring().init(options({ load }))).resolves.toBe(true);
    expect(inits).toHaveLength(1);
    expect(inits[0]).toMatchObject({
      ...MONITORING_SETTINGS,
      clientToken: 'pub-token',
      proxy: 'https://player.onair.example/monitoring/intake',
    });
  });

  it('takes an explicit proxy URL and settings overrides', async () => {
    const { load, inits } = fakeSdk();
    await createMonitoring().init(
      options({ load, proxyUrl: 'https://intake.onair.example/logs', settings: { env: 'staging' } }),
    );
    expect(inits[0]).toMatchObject({ proxy: 'https://intake.onair.example/logs', env: 'staging' });
  });

  it('installs a beforeSend that applies the filter and keeps events when the filter breaks', async () => {
    const { load, inits } = fakeSdk();
    await createMonitoring().init(options({ load }));
    const beforeSend = inits[0]?.beforeSend ?? (() => undefined);
    const ours = 'Error: x\n    at f (https://player.onair.example/assets/a.js:1:1)';
    expect(beforeSend({ message: 'x', status: 'error', origin: 'source', error: { stack: ours } })).toBe(true);
    expect(beforeSend({ message: 'x', status: 'error', origin: 'network' })).toBe(false);
    expect(beforeSend({ message: 'x', status: 'error', error: { kind: 'AbortError' } })).toBe(false);
    expect(beforeSend(null as unknown as MonitoringEvent)).toBe(true);
  });

  it('does not load the SDK until the scheduler runs its task', async () => {
    const { load } = fakeSdk();
    let run: (() => void) | undefined;
    const started = createMonitoring().init(options({ load, schedule: (task) => (run = task) }));
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    run?.();
    await expect(started).resolves.toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is idempotent: one load and one init however often it is called', async () => {
    const { load, inits } = fakeSdk();
    const monitoring = createMonitoring();
    const first = monitoring.init(options({ load }));
    const second = monitoring.init(options({ load }));
    expect(second).toBe(first);
    await first;
    await monitoring.init(options({ load }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(inits).toHaveLength(1);
  });

  it('logs and swallows a loader failure, then tries again on the next call', async () => {
    const warn = vi.fn();
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ datadogLogs: fakeSdk().sdk });
    const monitoring = createMonitoring();
    await expect(monitoring.init(options({ load, log: { warn } }))).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not start'), expect.any(Error));
    await expect(monitoring.init(options({ load, log: { warn } }))).resolves.toBe(true);
  });

  it('swallows an SDK whose init throws', async () => {
    const { sdk } = fakeSdk();
    const broken: MonitoringSdk = {
      ...sdk,
      init: () => {
        throw new Error('bad config');
      },
    };
    const warn = vi.fn();
    await expect(
      createMonitoring().init(options({ load: async () => ({ datadogLogs: broken }), log: { warn } })),
    ).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('replays logger calls made before the SDK ran, up to the limit, then logs directly', async () => {
    const { load, logged } = fakeSdk();
    const monitoring = createMonitoring();
    const cause = new Error('early');
    monitoring.logger.error('before start', { slug: 'studio-live' }, cause);
    for (let index = 1; index < PENDING_LOG_LIMIT + 10; index += 1) monitoring.logger.info(`early ${index}`);
    await monitoring.init(options({ load }));
    expect(logged).toHaveLength(PENDING_LOG_LIMIT);
    expect(logged[0]).toEqual(['error', 'before start', { slug: 'studio-live' }, cause]);
    monitoring.logger.warn('after start');
    expect(logged.at(-1)).toEqual(['warn', 'after start', undefined, undefined]);
  });

  it('exposes a page-wide instance', async () => {
    const { load, logged } = fakeSdk();
    await expect(initMonitoring(options({ load }))).resolves.toBe(true);
    monitoringLogger.info('page-wide');
    expect(logged).toContainEqual(['info', 'page-wide', undefined, undefined]);
  });
});

/** A consent source the test flips by hand, as the consent store would on a choice. */
function switchableConsent(initial: TrackingConsent) {
  let value = initial;
  const listeners = new Set<() => void>();
  const source: TrackingConsentSource = {
    current: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    source,
    set(next: TrackingConsent) {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('tracking consent', () => {
  it('keeps the session in memory with no anonymous id, so a cross-site frame can keep one', async () => {
    const { load, inits } = fakeSdk();
    await createMonitoring().init(options({ load }));
    expect(inits[0]).toMatchObject({ sessionPersistence: 'memory', trackAnonymousUser: false });
  });

  it('starts the SDK with the consent the source gives at that moment', async () => {
    const { load, inits } = fakeSdk();
    const consent = switchableConsent('granted');
    let run: (() => void) | undefined;
    const started = createMonitoring().init(
      options({ load, consent: consent.source, schedule: (task) => (run = task) }),
    );
    // A choice made while the SDK was still loading is the one it starts with.
    consent.set('not-granted');
    run?.();
    await started;
    expect(inits[0]?.trackingConsent).toBe('not-granted');
  });

  it('passes each change on once, and nothing when nothing changed', async () => {
    const { load, consents } = fakeSdk();
    const consent = switchableConsent('not-granted');
    await createMonitoring().init(options({ load, consent: consent.source }));
    expect(consents).toEqual([]);
    consent.set('not-granted');
    consent.set('granted');
    consent.set('granted');
    consent.set('not-granted');
    expect(consents).toEqual(['granted', 'not-granted']);
  });

  it('without a source, uses the settings and follows nothing', async () => {
    const { load, inits } = fakeSdk();
    await createMonitoring().init(options({ load, settings: { trackingConsent: 'not-granted' } }));
    expect(inits[0]?.trackingConsent).toBe('not-granted');
  });

  it('logs an SDK that throws on a consent change and keeps following', async () => {
    const { sdk } = fakeSdk();
    const told: TrackingConsent[] = [];
    const flaky: MonitoringSdk = {
      ...sdk,
      setTrackingConsent: (next) => {
        told.push(next);
        if (told.length === 1) throw new Error('sdk bug');
      },
    };
    const warn = vi.fn();
    const consent = switchableConsent('granted');
    await createMonitoring().init(
      options({ load: async () => ({ datadogLogs: flaky }), consent: consent.source, log: { warn } }),
    );
    consent.set('not-granted');
    consent.set('granted');
    expect(told).toEqual(['not-granted', 'granted']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('tracking consent'), expect.any(Error));
  });
});
