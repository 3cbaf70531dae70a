/**
 * The narrow slices of the browser the store touches, injected so tests run under node and the
 * embed can hand in whatever the page allows (a sandboxed iframe may have no storage at all).
 */

/** `localStorage` or `sessionStorage`; either may throw on every call (blocked, quota, private mode). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** `document.cookie` as two calls: read the visible "a=1; b=2" text, assign one cookie string. */
export interface CookieAccess {
  read(): string;
  write(cookie: string): void;
}

/** `console` fits. */
export interface ConsentLogger {
  warn(message: string, detail?: unknown): void;
}

export function documentCookieAccess(doc: { cookie: string }): CookieAccess {
  return {
    read: () => doc.cookie,
    write: (cookie) => {
      doc.cookie = cookie;
    },
  };
}

/**
 * Merely touching `window.localStorage` throws a SecurityError where storage is blocked (e.g. a
 * third-party iframe with cookies blocked), so the getter is called here and a failure means
 * "no storage" rather than a crash at start-up.
 */
export function safeStorage(get: () => StorageLike | null | undefined, logger: ConsentLogger): StorageLike | null {
  try {
    return get() ?? null;
  } catch (error) {
    logger.warn('[consent] storage unavailable; preferences persist only in the consent cookie, if at all', error);
    return null;
  }
}
