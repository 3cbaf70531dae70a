import { classifyCookie, createConsentStore, createMemoryCookieJar } from '@onair/consent';
import type { CookieCategory } from '@onair/consent';
import { describe, expect, it, vi } from 'vitest';
import { MONITORING_SETTINGS } from './settings.ts';
import type { SessionPersistence } from './settings.ts';
import { storedOnDevice, trackingConsentFrom } from './tracking-consent.ts';

// The real consent store and cookie map: what the SDK stores is classified where every other
// cookie is, so this is the decision the embed makes.
function consentStore() {
  return createConsentStore({
    storage: null,
    cookies: createMemoryCookieJar({ url: 'https://player.onair.example/studio-live' }),
    logger: { warn: vi.fn() },
    environment: 'production',
    mainSiteUrl: 'https://onair.example',
  });
}

function sourceFor(sessionPersistence: SessionPersistence) {
  const store = consentStore();
  const source = trackingConsentFrom({
    consent: store,
    classify: classifyCookie,
    stored: storedOnDevice({ sessionPersistence }),
  });
  return { store, source };
}

describe('storedOnDevice, classified by the consent map', () => {
  const categories = (sessionPersistence: SessionPersistence): CookieCategory[] => [
    ...new Set(storedOnDevice({ sessionPersistence }).map((name) => classifyCookie(name).category)),
  ];

  it('the embed’s settings store only what is necessary', () => {
    expect(categories(MONITORING_SETTINGS.sessionPersistence)).toEqual(['necessary']);
  });

  it.each(['cookie', 'local-storage'] as const)('a %s session would be performance', (sessionPersistence) => {
    expect(categories(sessionPersistence)).toEqual(['necessary', 'performance']);
  });

  it('every name is one the map knows (none falls back to targeting)', () => {
    for (const sessionPersistence of ['memory', 'cookie', 'local-storage'] as const) {
      for (const name of storedOnDevice({ sessionPersistence })) expect(classifyCookie(name).known).toBe(true);
    }
  });
});

describe('trackingConsentFrom', () => {
  it('with the session in memory: granted before any choice and after everything is refused', () => {
    const { store, source } = sourceFor('memory');
    expect(source.current()).toBe('granted');
    store.rejectAll();
    expect(source.current()).toBe('granted');
  });

  it('with a cookie session: not granted until performance is allowed, and again once withdrawn', () => {
    const { store, source } = sourceFor('cookie');
    const heard = vi.fn();
    source.subscribe(heard);
    expect(source.current()).toBe('not-granted');
    store.update({ functional: true, targeting: true });
    expect(source.current()).toBe('not-granted');
    store.update({ performance: true });
    expect(source.current()).toBe('granted');
    store.update({ performance: false });
    expect(source.current()).toBe('not-granted');
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('stops hearing changes once unsubscribed', () => {
    const { store, source } = sourceFor('cookie');
    const heard = vi.fn();
    source.subscribe(heard)();
    store.acceptAll();
    expect(heard).not.toHaveBeenCalled();
  });
});
