import { describe, expect, it, vi } from 'vitest';
import { createConsentStore } from './consent-store.ts';
import type { ConsentStoreOptions } from './consent-store.ts';
import type { CookieCategory } from './cookie-categories.ts';
import type { StorageLike } from './environment.ts';
import { createMemoryCookieJar } from './memory-cookie-jar.ts';
import type { MemoryCookieJar } from './memory-cookie-jar.ts';
import { watchPreferenceChanges } from './watch-preference-changes.ts';

const PAGE = 'https://player.onair.example/studio-live';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

function setup(overrides: Partial<ConsentStoreOptions> & { jar?: MemoryCookieJar } = {}) {
  const jar = overrides.jar ?? createMemoryCookieJar({ url: PAGE });
  const storage = memoryStorage();
  const logger = { warn: vi.fn() };
  const store = createConsentStore({
    storage,
    cookies: jar,
    logger,
    environment: 'production',
    mainSiteUrl: 'https://onair.example',
    location: new URL(PAGE),
    ...overrides,
  });
  const names = () => jar.all().map((cookie) => cookie.name);
  return { store, jar, storage, logger, names };
}

const stored = (preferences: Record<string, boolean>) => JSON.stringify(preferences);

describe('defaults', () => {
  it('allows nothing optional and records no choice', () => {
    const { store } = setup();
    expect(store.getPreferences()).toEqual({
      necessary: true,
      functional: false,
      performance: false,
      targeting: false,
      userHasMadeChoice: false,
    });
    expect(store.isAllowed('necessary')).toBe(true);
    expect(store.canSendAnalytics()).toBe(false);
  });

  it('writes no consent cookie before a choice', () => {
    const { names } = setup();
    expect(names()).not.toContain('cookie_preferences_set_v1');
  });
});

describe('update', () => {
  it('forces strictly necessary to true and marks the choice made', () => {
    const { store } = setup();
    const next = store.update({ necessary: false, functional: true });
    expect(next).toMatchObject({ necessary: true, functional: true, performance: false, userHasMadeChoice: true });
    expect(store.isAllowed('necessary')).toBe(true);
  });

  it("stores the preferences as JSON under 'cookie-preferences'", () => {
    const { store, storage } = setup();
    store.acceptAll();
    expect(JSON.parse(storage.data.get('cookie-preferences') ?? 'null')).toEqual({
      necessary: true,
      functional: true,
      performance: true,
      targeting: true,
      userHasMadeChoice: true,
    });
  });

  it('sets the consent cookie with the SPEC §9 attributes once a choice is made', () => {
    const now = Date.now();
    const jar = createMemoryCookieJar({ url: PAGE, now: () => now });
    const { store } = setup({ jar });
    store.rejectAll();
    const cookie = jar.all().find((entry) => entry.name === 'cookie_preferences_set_v1');
    expect(cookie).toMatchObject({
      domain: 'onair.example',
      hostOnly: false,
      path: '/',
      secure: true,
      sameSite: 'Lax',
    });
    expect(cookie?.expiresAt).toBe(now + 365 * 24 * 60 * 60 * 1000);
  });

  it('removes the consent cookie when the choice is reset', () => {
    const { store, names } = setup();
    store.acceptAll();
    store.update({ userHasMadeChoice: false });
    expect(names()).not.toContain('cookie_preferences_set_v1');
  });

  it('in development writes host-only, non-Secure cookies (plain http works)', () => {
    const jar = createMemoryCookieJar({ url: 'http://127.0.0.1:8080/studio-live' });
    const { store } = setup({ jar, environment: 'development', mainSiteUrl: 'http://127.0.0.1:8080' });
    store.acceptAll();
    expect(store.setCookie('player_volume', '0.6')).toBe(true);
    expect(jar.all().map((cookie) => [cookie.name, cookie.hostOnly, cookie.secure])).toEqual([
      ['cookie_preferences_set_v1', true, false],
      ['player_volume', true, false],
    ]);
  });
});

describe('analytics gate (SPEC §5)', () => {
  it('sends analytics only when targeting is allowed', () => {
    const { store } = setup();
    store.update({ performance: true, functional: true });
    expect(store.canSendAnalytics()).toBe(false);
    store.update({ targeting: true });
    expect(store.canSendAnalytics()).toBe(true);
    store.rejectAll();
    expect(store.canSendAnalytics()).toBe(false);
  });
});

describe('setCookie', () => {
  it('refuses a cookie whose category is not allowed, and logs it', () => {
    const { store, names, logger } = setup();
    expect(store.setCookie('player_volume', '0.6')).toBe(false);
    expect(names()).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('player_volume'));
  });

  it('always allows strictly necessary cookies', () => {
    const { store, names } = setup();
    expect(store.setCookie('locale', 'en')).toBe(true);
    expect(names()).toEqual(['locale']);
  });

  it('treats an unknown cookie as targeting and warns once', () => {
    const { store, logger } = setup();
    expect(store.setCookie('mystery', '1')).toBe(false);
    store.setCookie('mystery', '1');
    const unknownWarnings = logger.warn.mock.calls.filter(([message]) => String(message).includes('unknown cookie'));
    expect(unknownWarnings).toHaveLength(1);
    store.update({ targeting: true });
    expect(store.setCookie('mystery', '1')).toBe(true);
  });

  it('reports a cookie write the browser refuses as false', () => {
    const { store, logger } = setup({
      cookies: {
        read: () => '',
        write: () => {
          throw new DOMException('sandboxed', 'SecurityError');
        },
      },
    });
    expect(store.setCookie('locale', 'en')).toBe(false);
    expect(logger.warn).toHaveBeenCalled();
  });
});

describe('deleting cookies that are no longer allowed', () => {
  const byCategory: Record<Exclude<CookieCategory, 'necessary'>, string> = {
    functional: 'player_volume',
    performance: '_ga_ABC123',
    targeting: '_fbp',
  };

  // No page location: only the exact domain and path the store wrote with can delete these.
  it.each(Object.entries(byCategory))('withdrawing %s deletes %s and nothing else', (category, name) => {
    const { store, names } = setup({ location: undefined });
    store.acceptAll();
    for (const cookie of [...Object.values(byCategory), 'locale']) expect(store.setCookie(cookie, 'v')).toBe(true);

    store.update({ [category]: false });

    expect(names()).not.toContain(name);
    expect(names()).toEqual(expect.arrayContaining(['locale', 'cookie_preferences_set_v1']));
    for (const other of Object.values(byCategory).filter((cookie) => cookie !== name)) expect(names()).toContain(other);
  });

  it('deletes cookies other scripts wrote under another domain, host-only or at a page path', () => {
    const offline = 'https://player.onair.example/studio-live/offline';
    const jar = createMemoryCookieJar({ url: offline });
    const { store, names } = setup({ jar, location: new URL(offline) });
    store.acceptAll();
    jar.write('_ga=GA1.1; Domain=player.onair.example; Path=/; Max-Age=1000');
    jar.write('_gid=GA1.2; Path=/; Max-Age=1000');
    jar.write('amplitude_id_x=1; Max-Age=1000');
    jar.write('_fbp=fb.1; Domain=onair.example; Path=/; Max-Age=1000');
    expect(jar.all().find((cookie) => cookie.name === 'amplitude_id_x')?.path).toBe('/studio-live');

    store.update({ performance: false, targeting: false });

    expect(names()).toEqual(['cookie_preferences_set_v1']);
  });

  it('deletes an unknown cookie when targeting is withdrawn', () => {
    const { store, jar, names } = setup();
    store.acceptAll();
    jar.write('mystery=1; Path=/');
    store.update({ targeting: false });
    expect(names()).not.toContain('mystery');
  });

  it('enforces a withdrawal stored elsewhere when the store starts', () => {
    const jar = createMemoryCookieJar({ url: PAGE });
    jar.write('player_volume=0.6; Path=/; Domain=onair.example');
    jar.write(
      `cookie_preferences_set_v1=${encodeURIComponent(stored({ functional: false, userHasMadeChoice: true }))}; Path=/; Domain=onair.example`,
    );
    setup({ jar });
    expect(jar.all().map((cookie) => cookie.name)).toEqual(['cookie_preferences_set_v1']);
  });
});

describe('storage errors are logged and ignored (SPEC §8)', () => {
  it.each([
    [
      'a throwing getItem',
      {
        getItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
        setItem: () => {},
      },
    ],
    ['malformed JSON', memoryStorage({ 'cookie-preferences': '{not json' })],
    ['an unexpected shape', memoryStorage({ 'cookie-preferences': '{"targeting":"yes"}' })],
  ])('falls back to defaults on %s', (_label, storage) => {
    const { store, logger } = setup({ storage });
    expect(store.getPreferences()).toMatchObject({ targeting: false, userHasMadeChoice: false });
    expect(logger.warn).toHaveBeenCalled();
  });

  it('keeps working in memory when setItem throws (quota)', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const { store, logger } = setup({ storage });
    expect(store.acceptAll().targeting).toBe(true);
    expect(store.canSendAnalytics()).toBe(true);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('could not store'), expect.any(DOMException));
  });

  it('works with no storage at all', () => {
    const { store } = setup({ storage: null });
    expect(store.acceptAll().functional).toBe(true);
  });

  it('survives unreadable cookies', () => {
    const { store, logger } = setup({
      cookies: {
        read: () => {
          throw new Error('blocked');
        },
        write: () => {},
      },
    });
    expect(store.rejectAll().userHasMadeChoice).toBe(true);
    expect(logger.warn).toHaveBeenCalled();
  });
});

describe('a choice made elsewhere', () => {
  it('reads the consent cookie the main site wrote on its domain', () => {
    const jar = createMemoryCookieJar({ url: 'https://www.onair.example/settings' });
    const mainSite = createConsentStore({
      storage: memoryStorage(),
      cookies: jar,
      logger: { warn: vi.fn() },
      environment: 'production',
      mainSiteUrl: 'https://onair.example',
    });
    mainSite.update({ functional: true, performance: true });

    jar.navigate(PAGE);
    const { store } = setup({ jar });
    expect(store.getPreferences()).toMatchObject({ functional: true, performance: true, userHasMadeChoice: true });
  });

  it('prefers the shared consent cookie over this origin’s storage', () => {
    const jar = createMemoryCookieJar({ url: PAGE });
    jar.write(`cookie_preferences_set_v1=${encodeURIComponent(stored({ targeting: true, userHasMadeChoice: true }))}`);
    const storage = memoryStorage({ 'cookie-preferences': stored({ targeting: false, userHasMadeChoice: true }) });
    const { store } = setup({ jar, storage });
    expect(store.canSendAnalytics()).toBe(true);
  });

  it('reads the storage key when there is no consent cookie', () => {
    const storage = memoryStorage({ 'cookie-preferences': stored({ functional: true, userHasMadeChoice: true }) });
    const { store } = setup({ storage });
    expect(store.getPreferences()).toMatchObject({ functional: true, userHasMadeChoice: true });
  });

  it('follows another tab through the storage event, notifying and deleting', () => {
    const target = new EventTarget();
    const { store, storage, jar } = setup();
    const stop = watchPreferenceChanges(target, store);
    const listener = vi.fn();
    store.subscribe(listener);
    store.acceptAll();
    store.setCookie('_fbp', '1');

    // The other tab shares this origin's storage and cookie jar.
    const otherTab = createConsentStore({
      storage,
      cookies: jar,
      logger: { warn: vi.fn() },
      environment: 'production',
      mainSiteUrl: 'https://onair.example',
    });
    otherTab.update({ targeting: false });
    jar.write('_fbp=again; Path=/');
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'cookie-preferences' }));

    expect(store.canSendAnalytics()).toBe(false);
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ targeting: false }));
    expect(jar.all().map((cookie) => cookie.name)).not.toContain('_fbp');

    stop();
    otherTab.update({ targeting: true });
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'cookie-preferences' }));
    expect(store.canSendAnalytics()).toBe(false);
  });
});

describe('subscribe', () => {
  it('notifies on change only and keeps the same snapshot otherwise', () => {
    const { store } = setup();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getPreferences();
    expect(store.refresh()).toBe(before);
    store.update({ functional: true });
    store.update({ functional: true });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.rejectAll();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a throwing listener is logged and does not starve the others', () => {
    const { store, logger } = setup();
    const second = vi.fn();
    store.subscribe(() => {
      throw new Error('boom');
    });
    store.subscribe(second);
    store.acceptAll();
    expect(second).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('listener threw'), expect.any(Error));
  });
});

describe('in a frame on another site (where every viewer meets the embed)', () => {
  const EMBED = 'http://127.0.0.1:8080/studio-live';
  const BLOG = 'http://localhost:9000/post';
  // As measured in Chromium: storage throws, so the embed hands the store none.
  const framedOn = (jar: MemoryCookieJar) =>
    setup({
      jar,
      storage: null,
      framed: true,
      environment: 'development',
      mainSiteUrl: 'http://127.0.0.1:8080',
      location: new URL(EMBED),
    });

  it('starts on the defaults and writes nothing before a choice (the probe leaves nothing)', () => {
    const jar = createMemoryCookieJar({ url: EMBED, topLevelUrl: BLOG });
    const { store, names } = framedOn(jar);
    expect(store.getPreferences()).toMatchObject({ functional: false, userHasMadeChoice: false });
    expect(names()).toEqual([]);
  });

  it('keeps a choice made in the frame in a partitioned consent cookie, in the framing site’s jar', () => {
    const jar = createMemoryCookieJar({ url: EMBED, topLevelUrl: BLOG });
    const { store } = framedOn(jar);
    store.update({ functional: true });
    expect(jar.all()).toEqual([
      expect.objectContaining({
        name: 'cookie_preferences_set_v1',
        sameSite: 'None',
        secure: true,
        path: '/',
        partitionKey: 'http://localhost',
      }),
    ]);
  });

  it('the choice holds across a reload of the frame, on that site only', () => {
    const jar = createMemoryCookieJar({ url: EMBED, topLevelUrl: BLOG });
    framedOn(jar).store.update({ functional: true, performance: true });

    expect(framedOn(jar).store.getPreferences()).toMatchObject({ performance: true, userHasMadeChoice: true });

    jar.navigate(EMBED, 'http://news.example/article');
    expect(framedOn(jar).store.getPreferences()).toMatchObject({ performance: false, userHasMadeChoice: false });
    jar.navigate(EMBED);
    const topLevel = setup({ jar, environment: 'development', mainSiteUrl: 'http://127.0.0.1:8080' });
    expect(topLevel.store.getPreferences().userHasMadeChoice).toBe(false);
  });

  it('writes allowed cookies partitioned and deletes withdrawn ones from the partition', () => {
    const jar = createMemoryCookieJar({ url: EMBED, topLevelUrl: BLOG });
    const { store, names } = framedOn(jar);
    expect(store.setCookie('player_volume', '0.6')).toBe(false);
    store.acceptAll();
    expect(store.setCookie('player_volume', '0.6')).toBe(true);
    jar.write('_fbp=fb.1; Path=/; SameSite=None; Secure; Partitioned');
    expect(names()).toEqual(['cookie_preferences_set_v1', 'player_volume', '_fbp']);

    store.update({ functional: false, targeting: false });

    expect(names()).toEqual(['cookie_preferences_set_v1']);
  });

  it('enforces nothing-before-consent at start-up: a partitioned targeting cookie is deleted', () => {
    const jar = createMemoryCookieJar({ url: EMBED, topLevelUrl: BLOG });
    jar.write('_fbp=fb.1; Path=/; SameSite=None; Secure; Partitioned');
    jar.write('locale=en; Path=/; SameSite=None; Secure; Partitioned');
    const { names } = framedOn(jar);
    expect(names()).toEqual(['locale']);
  });

  it('where no cookie sticks, a choice lasts as long as the frame', () => {
    const cookies = { read: () => '', write: () => {} };
    const first = setup({ cookies, storage: null, framed: true });
    expect(first.store.acceptAll().targeting).toBe(true);
    expect(first.store.canSendAnalytics()).toBe(true);
    const reloaded = setup({ cookies, storage: null, framed: true });
    expect(reloaded.store.canSendAnalytics()).toBe(false);
  });

  it('a frame on the same site writes with the §9 attributes, shared with the main site', () => {
    const jar = createMemoryCookieJar({ url: PAGE, topLevelUrl: 'https://www.onair.example/watch' });
    const { store } = setup({ jar, framed: true });
    store.rejectAll();
    expect(jar.all()).toEqual([
      expect.objectContaining({ name: 'cookie_preferences_set_v1', sameSite: 'Lax', partitionKey: undefined }),
    ]);
  });
});
