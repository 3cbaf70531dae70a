import type { PublicConfig } from '@onair/config';
import { documentCookieAccess } from '@onair/consent';
import { consentStore } from '../consent.ts';
import { createCaptionPreferences, type CaptionPreferencesStore } from './caption-preferences.ts';

let store: CaptionPreferencesStore | null = null;

/** The page's one caption preferences store, over its consent store (loaded on demand). */
export function captionPreferencesStore(config: PublicConfig): CaptionPreferencesStore {
  store ??= createCaptionPreferences(consentStore(config), documentCookieAccess(document));
  return store;
}
