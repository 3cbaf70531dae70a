import * as z from 'zod/mini';
import type { CookieCategory } from './cookie-categories.ts';

/** SPEC §3 "Cookie preferences". Keyed by category so `preferences[category]` is the answer. */
export interface CookiePreferences {
  /** Strictly necessary cookies: always allowed, whatever was stored. */
  readonly necessary: true;
  readonly functional: boolean;
  readonly performance: boolean;
  readonly targeting: boolean;
  readonly userHasMadeChoice: boolean;
}

/** What a caller may change; `necessary` is accepted and ignored so a whole object can be passed back. */
export type PreferencesUpdate = Partial<Omit<CookiePreferences, 'necessary'>> & { readonly necessary?: boolean };

export const PREFERENCES_STORAGE_KEY = 'cookie-preferences';
export const CONSENT_COOKIE_NAME = 'cookie_preferences_set_v1';

/** Nothing optional is allowed until the visitor says so. */
export const DEFAULT_PREFERENCES: CookiePreferences = Object.freeze({
  necessary: true,
  functional: false,
  performance: false,
  targeting: false,
  userHasMadeChoice: false,
});

export const ACCEPT_ALL: PreferencesUpdate = { functional: true, performance: true, targeting: true };
export const REJECT_ALL: PreferencesUpdate = { functional: false, performance: false, targeting: false };

export function applyUpdate(current: CookiePreferences, update: PreferencesUpdate): CookiePreferences {
  return Object.freeze({
    necessary: true,
    functional: update.functional ?? current.functional,
    performance: update.performance ?? current.performance,
    targeting: update.targeting ?? current.targeting,
    userHasMadeChoice: update.userHasMadeChoice ?? current.userHasMadeChoice,
  });
}

export function isCategoryAllowed(preferences: CookiePreferences, category: CookieCategory): boolean {
  return category === 'necessary' || preferences[category];
}

export function samePreferences(a: CookiePreferences, b: CookiePreferences): boolean {
  return (
    a.functional === b.functional &&
    a.performance === b.performance &&
    a.targeting === b.targeting &&
    a.userHasMadeChoice === b.userHasMadeChoice
  );
}

// Lenient on absence (a missing category reads as "not allowed", the safe answer), strict on
// type: a value that is not a boolean means someone else's format, and guessing would be worse.
const storedSchema = z.object({
  necessary: z.optional(z.unknown()),
  functional: z.optional(z.boolean()),
  performance: z.optional(z.boolean()),
  targeting: z.optional(z.boolean()),
  userHasMadeChoice: z.optional(z.boolean()),
});

/** The one text format, shared by the storage key and the consent cookie's value. */
export function encodePreferences(preferences: CookiePreferences): string {
  return JSON.stringify({
    necessary: true,
    functional: preferences.functional,
    performance: preferences.performance,
    targeting: preferences.targeting,
    userHasMadeChoice: preferences.userHasMadeChoice,
  });
}

export type DecodeResult =
  | { readonly ok: true; readonly preferences: CookiePreferences }
  | { readonly ok: false; readonly reason: 'malformed_json' | 'unexpected_shape' };

export function decodePreferences(text: string): DecodeResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'malformed_json' };
  }
  const result = storedSchema.safeParse(parsed);
  if (!result.success) return { ok: false, reason: 'unexpected_shape' };
  const { functional, performance, targeting, userHasMadeChoice } = result.data;
  return {
    ok: true,
    preferences: applyUpdate(DEFAULT_PREFERENCES, { functional, performance, targeting, userHasMadeChoice }),
  };
}
