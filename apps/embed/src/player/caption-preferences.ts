import { readCookie, type ConsentStore, type CookieAccess } from '@onair/consent';
import { parseCaptionPreferences } from './caption-options.ts';
import type { CaptionPreferences } from './caption-style.ts';

/** A functional cookie (packages/consent cookie-categories.ts), as `player_volume` is. */
export const CAPTION_COOKIE = 'player_captions';

export interface CaptionPreferencesStore {
  /** The same object until it changes (useSyncExternalStore). */
  get(): CaptionPreferences;
  set(next: CaptionPreferences): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The viewer's caption choices, kept by the consent store's rules: in a functional cookie only
 * where the viewer allowed functional cookies (the consent store writes it, partitioned in a
 * cross-site frame where the browser keeps one there, and deletes it when consent is
 * withdrawn); otherwise in memory for the page's life. A cookie that cannot be read or parsed
 * is the defaults, never an error.
 */
export function createCaptionPreferences(
  consent: Pick<ConsentStore, 'isAllowed' | 'setCookie'>,
  cookies: CookieAccess,
): CaptionPreferencesStore {
  let current = parseCaptionPreferences(readStored(cookies));
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      current = parseCaptionPreferences(next);
      if (consent.isAllowed('functional')) consent.setCookie(CAPTION_COOKIE, JSON.stringify(current));
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function readStored(cookies: CookieAccess): unknown {
  try {
    const value = readCookie(cookies.read(), CAPTION_COOKIE);
    // Percent-decoded by readCookie (serializeCookie encodes what setCookie writes).
    return value === undefined ? null : JSON.parse(value);
  } catch {
    // A cross-site frame's cookies throw; a value someone else wrote is not ours to trust.
    return null;
  }
}
