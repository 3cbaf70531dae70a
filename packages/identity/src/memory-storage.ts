import type { StorageLike } from './identity-cache.ts';

/** A Map-backed `StorageLike`, for tests and for pages where local storage is unavailable (a per-page cache). */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageLike & { readonly size: number } {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    get size() {
      return items.size;
    },
  };
}

/**
 * `window.localStorage`, or null where touching it throws (a SecurityError in a third-party
 * iframe with storage blocked) or where there is no window (workers, server rendering).
 */
export function browserLocalStorage(
  logger: { warn(message: string, detail?: unknown): void } = console,
): StorageLike | null {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
  } catch (error) {
    logger.warn('[identity] local storage unavailable; identifications will not be cached', error);
    return null;
  }
}
