import { classifyCookie } from './cookie-categories.ts';
import type { CookieCategory } from './cookie-categories.ts';
import { probeCookieReach } from './cookie-reach.ts';
import { deletionAttributes, writeAttributes } from './cookie-scope.ts';
import type { CookieEnvironment, PageLocation } from './cookie-scope.ts';
import { parseCookies, serializeCookie } from './cookie-string.ts';
import type { ConsentLogger, CookieAccess, StorageLike } from './environment.ts';
import { readPreferences, writePreferences } from './preferences-persistence.ts';
import type { PersistenceIo } from './preferences-persistence.ts';
import { ACCEPT_ALL, REJECT_ALL, applyUpdate, isCategoryAllowed, samePreferences } from './preferences.ts';
import type { CookiePreferences, PreferencesUpdate } from './preferences.ts';

export interface ConsentStoreOptions {
  /** `null` where the page has no usable storage (see `safeStorage`). */
  readonly storage: StorageLike | null;
  readonly cookies: CookieAccess;
  readonly logger: ConsentLogger;
  readonly environment: CookieEnvironment;
  readonly mainSiteUrl: string;
  /** The page's host and path, so cookies written by other scripts can be found and deleted too. */
  readonly location?: PageLocation;
  /**
   * The page runs in a frame (`window.self !== window.top`). The store then tries which cookies
   * stick (`probeCookieReach`) and, where only partitioned ones do (a cross-site frame), writes
   * and deletes partitioned cookies. A top-level page writes with the §9 attributes unprobed.
   */
  readonly framed?: boolean;
}

export type ConsentListener = (preferences: CookiePreferences) => void;

export interface ConsentStore {
  /** Same object until the preferences change, as `useSyncExternalStore` needs. */
  getPreferences(): CookiePreferences;
  subscribe(listener: ConsentListener): () => void;
  /** A visitor's choice: marks the choice made unless the update says otherwise. */
  update(update: PreferencesUpdate): CookiePreferences;
  acceptAll(): CookiePreferences;
  rejectAll(): CookiePreferences;
  /** Re-reads a choice written elsewhere (another tab, the main site) and enforces it. */
  refresh(): CookiePreferences;
  isAllowed(category: CookieCategory): boolean;
  /** SPEC §5: analytics events are sent only when targeting is allowed. */
  canSendAnalytics(): boolean;
  /** Writes with the SPEC §9 attributes; refuses (false, logged) a cookie whose category is not allowed. */
  setCookie(name: string, value: string): boolean;
}

/**
 * The framework-free consent store. Invariants, kept by every path that changes preferences
 * (update, accept/reject, refresh, and start-up):
 * - strictly necessary is always allowed;
 * - no cookie of a category that is not allowed survives: existing cookies are swept and
 *   expired under every domain and path (and, in a cross-site frame, partition) they may have
 *   been written with.
 * Storage and cookie failures are logged and ignored; the store then runs on defaults, and a
 * choice made then lasts as long as the page (docs/consent.md).
 */
export function createConsentStore(options: ConsentStoreOptions): ConsentStore {
  const { cookies, logger } = options;
  const firstParty = { environment: options.environment, mainSiteUrl: options.mainSiteUrl };
  // Before anything is read: the probe's own cookie is gone by the time the store looks.
  const reach = options.framed === true ? probeCookieReach(cookies, firstParty) : 'first-party';
  const scope = { ...firstParty, partitioned: reach === 'partitioned' };
  const io: PersistenceIo = { storage: options.storage, cookies, logger, scope };
  const listeners = new Set<ConsentListener>();
  const warnedUnknown = new Set<string>();
  let preferences = readPreferences(io);

  const categoryOf = (name: string): CookieCategory => {
    const { category, known } = classifyCookie(name);
    if (!known && !warnedUnknown.has(name)) {
      warnedUnknown.add(name);
      logger.warn(`[consent] unknown cookie "${name}" treated as targeting`);
    }
    return category;
  };

  const writeCookie = (cookie: string): boolean => {
    try {
      cookies.write(cookie);
      return true;
    } catch (error) {
      logger.warn('[consent] could not write a cookie', error);
      return false;
    }
  };

  const sweep = () => {
    let header: string;
    try {
      header = cookies.read();
    } catch (error) {
      logger.warn('[consent] could not read cookies', error);
      return;
    }
    const names = new Set(parseCookies(header).map((pair) => pair.name));
    for (const name of names) {
      if (isCategoryAllowed(preferences, categoryOf(name))) continue;
      for (const attributes of deletionAttributes(scope, options.location)) {
        writeCookie(serializeCookie(name, '', attributes));
      }
    }
  };

  const notify = () => {
    for (const listener of [...listeners]) {
      try {
        listener(preferences);
      } catch (error) {
        // One broken subscriber must not keep the others on stale consent.
        logger.warn('[consent] a preferences listener threw', error);
      }
    }
  };

  const commit = (next: CookiePreferences, persist: boolean): CookiePreferences => {
    const changed = !samePreferences(preferences, next);
    if (changed) preferences = next;
    if (persist) writePreferences(io, preferences);
    sweep();
    if (changed) notify();
    return preferences;
  };

  const update = (change: PreferencesUpdate) =>
    commit(applyUpdate(preferences, { userHasMadeChoice: true, ...change }), true);

  // A withdrawal made elsewhere while this page was closed is enforced on the next load.
  sweep();

  return {
    getPreferences: () => preferences,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    update,
    acceptAll: () => update(ACCEPT_ALL),
    rejectAll: () => update(REJECT_ALL),
    refresh: () => commit(readPreferences(io), false),
    isAllowed: (category) => isCategoryAllowed(preferences, category),
    canSendAnalytics: () => preferences.targeting,
    setCookie(name, value) {
      const category = categoryOf(name);
      if (!isCategoryAllowed(preferences, category)) {
        logger.warn(`[consent] refused cookie "${name}": ${category} cookies are not allowed`);
        return false;
      }
      return writeCookie(serializeCookie(name, value, writeAttributes(scope)));
    },
  };
}
