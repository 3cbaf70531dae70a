import type { ConsentStore } from './consent-store.ts';
import { PREFERENCES_STORAGE_KEY } from './preferences.ts';

/** `window` fits; only what is needed so tests can pass a plain EventTarget. */
export interface WindowEvents {
  addEventListener(type: 'storage' | 'focus', listener: (event: Event) => void): void;
  removeEventListener(type: 'storage' | 'focus', listener: (event: Event) => void): void;
}

/**
 * Keeps the store in step with choices made elsewhere while this page is open:
 * - another tab of the same origin writes the storage key, which fires `storage` here
 *   (`key` null means the storage was cleared);
 * - the main site writes the shared consent cookie, which fires nothing, so the store re-reads
 *   when the page regains focus (the visitor has been elsewhere to change it).
 * Returns the function that removes both listeners.
 */
export function watchPreferenceChanges(target: WindowEvents, store: ConsentStore): () => void {
  const onStorage = (event: Event) => {
    const key = (event as Partial<StorageEvent>).key;
    if (key === PREFERENCES_STORAGE_KEY || key === null) store.refresh();
  };
  const onFocus = () => {
    store.refresh();
  };
  target.addEventListener('storage', onStorage);
  target.addEventListener('focus', onFocus);
  return () => {
    target.removeEventListener('storage', onStorage);
    target.removeEventListener('focus', onFocus);
  };
}
