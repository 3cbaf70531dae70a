/**
 * SPEC §9: "Device-identification cache: 86400 s (1 day) in local storage." One entry per API
 * key, so a change of key (another environment, a rotated key) never returns the old key's
 * visitor. Only successes are stored: a failure is retried on the next `identify()`.
 *
 * Storage is best effort. Local storage can be missing or throw on every call (blocked cookies
 * in a third-party iframe, private mode, quota full); each failure is logged and the adapter
 * goes on as if the cache were empty.
 */

/** `localStorage` fits; tests pass an in-memory one. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** `console` fits. */
export interface IdentityLogger {
  error(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
}

export interface Identification {
  requestId: string;
  visitorId: string;
}

interface CacheEntry extends Identification {
  /** Schema version: a later shape change reads an old entry as a miss instead of misreading it. */
  v: 1;
  storedAt: number;
}

export const CACHE_KEY_PREFIX = 'onair:device-id:';
/** The spec's lifetime, also its upper bound: a longer one would outlive what the service vouches for. */
export const MAX_CACHE_SECONDS = 86_400;

export function cacheKeyFor(apiKey: string): string {
  return CACHE_KEY_PREFIX + apiKey;
}

export interface IdentityCache {
  /** A fresh entry, or null (miss, expired, unreadable, no storage). */
  read(): Identification | null;
  write(identification: Identification): void;
}

export interface IdentityCacheOptions {
  storage: StorageLike | null;
  apiKey: string;
  cacheSeconds: number;
  now: () => number;
  logger: IdentityLogger;
}

export function createIdentityCache(options: IdentityCacheOptions): IdentityCache {
  const { storage, logger, now } = options;
  const key = cacheKeyFor(options.apiKey);
  const lifetimeMs = Math.min(Math.max(options.cacheSeconds, 0), MAX_CACHE_SECONDS) * 1000;

  return {
    read() {
      if (!storage || lifetimeMs === 0) return null;
      let text: string | null;
      try {
        text = storage.getItem(key);
      } catch (error) {
        logger.warn('[identity] could not read the identification cache; identifying again', error);
        return null;
      }
      const entry = text === null ? null : parseEntry(text);
      if (!entry) return null;
      const age = now() - entry.storedAt;
      // A negative age means the clock went back (or the entry was forged): not trustworthy as fresh.
      if (age < 0 || age >= lifetimeMs) return null;
      return { requestId: entry.requestId, visitorId: entry.visitorId };
    },
    write(identification) {
      if (!storage || lifetimeMs === 0) return;
      const entry: CacheEntry = { v: 1, ...identification, storedAt: now() };
      try {
        storage.setItem(key, JSON.stringify(entry));
      } catch (error) {
        logger.warn('[identity] could not store the identification; it will not be cached', error);
      }
    },
  };
}

function parseEntry(text: string): CacheEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Partial<CacheEntry>;
  if (
    entry.v !== 1 ||
    !isNonEmptyString(entry.requestId) ||
    !isNonEmptyString(entry.visitorId) ||
    typeof entry.storedAt !== 'number' ||
    !Number.isFinite(entry.storedAt)
  ) {
    return null;
  }
  return entry as CacheEntry;
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}
