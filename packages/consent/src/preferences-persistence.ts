import { writeAttributes } from './cookie-scope.ts';
import type { CookieScope } from './cookie-scope.ts';
import { readCookie, serializeCookie } from './cookie-string.ts';
import type { ConsentLogger, CookieAccess, StorageLike } from './environment.ts';
import {
  CONSENT_COOKIE_NAME,
  DEFAULT_PREFERENCES,
  PREFERENCES_STORAGE_KEY,
  decodePreferences,
  encodePreferences,
} from './preferences.ts';
import type { CookiePreferences } from './preferences.ts';

export interface PersistenceIo {
  readonly storage: StorageLike | null;
  readonly cookies: CookieAccess;
  readonly logger: ConsentLogger;
  readonly scope: CookieScope;
}

/**
 * Where a stored choice is read from, first match wins:
 * 1. the consent cookie `cookie_preferences_set_v1`, whose value is the same JSON as the storage
 *    key. In production it is written on the main site's domain, so a choice made on the main
 *    site (or any of its subdomains) reaches an embed served under that domain;
 * 2. the storage key `cookie-preferences`, which is per origin: it carries a choice made in
 *    another tab of the same origin (see `watchPreferenceChanges` for live updates);
 * 3. the defaults: nothing optional allowed, no choice made.
 * A value that cannot be read is logged and skipped (SPEC §8 'Cookie storage errors').
 */
export function readPreferences(io: PersistenceIo): CookiePreferences {
  return fromCookie(io) ?? fromStorage(io) ?? DEFAULT_PREFERENCES;
}

/** Writes both places; the cookie only once a choice is made (SPEC §3), and is removed otherwise. */
export function writePreferences(io: PersistenceIo, preferences: CookiePreferences): void {
  const text = encodePreferences(preferences);
  try {
    io.storage?.setItem(PREFERENCES_STORAGE_KEY, text);
  } catch (error) {
    io.logger.warn('[consent] could not store cookie preferences', error);
  }
  const attributes = writeAttributes(io.scope);
  const cookie = preferences.userHasMadeChoice
    ? serializeCookie(CONSENT_COOKIE_NAME, text, attributes)
    : serializeCookie(CONSENT_COOKIE_NAME, '', { ...attributes, maxAgeSeconds: 0, expires: new Date(0) });
  try {
    io.cookies.write(cookie);
  } catch (error) {
    io.logger.warn('[consent] could not write the consent cookie', error);
  }
}

function fromCookie(io: PersistenceIo): CookiePreferences | undefined {
  let value: string | undefined;
  try {
    value = readCookie(io.cookies.read(), CONSENT_COOKIE_NAME);
  } catch (error) {
    io.logger.warn('[consent] could not read cookies', error);
    return undefined;
  }
  if (value === undefined || value === '') return undefined;
  const decoded = decodePreferences(value);
  if (decoded.ok) return decoded.preferences;
  io.logger.warn(`[consent] ignoring unreadable ${CONSENT_COOKIE_NAME} cookie (${decoded.reason})`);
  return undefined;
}

function fromStorage(io: PersistenceIo): CookiePreferences | undefined {
  let text: string | null;
  try {
    text = io.storage?.getItem(PREFERENCES_STORAGE_KEY) ?? null;
  } catch (error) {
    io.logger.warn('[consent] could not read stored cookie preferences', error);
    return undefined;
  }
  if (text === null) return undefined;
  const decoded = decodePreferences(text);
  if (decoded.ok) return decoded.preferences;
  io.logger.warn(`[consent] ignoring unreadable ${PREFERENCES_STORAGE_KEY} (${decoded.reason})`);
  return undefined;
}
