import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { usePublicConfig } from '../config-context.tsx';
import { DEFAULT_CAPTION_PREFERENCES, type CaptionPreferences } from './caption-style.ts';
import { deferredStore } from './deferred-store.ts';

/**
 * The viewer's caption choices (caption-preferences.ts). The store, and the consent store under
 * it, load after the first frame (neither is start-up code): until then the defaults apply
 * (captions off), and a choice made in that moment applies at once and is kept once the store
 * is there (deferred-store.ts).
 */
export function useCaptionPreferences(): [CaptionPreferences, (next: CaptionPreferences) => void] {
  const config = usePublicConfig();
  const [deferred] = useState(() => deferredStore<CaptionPreferences>(DEFAULT_CAPTION_PREFERENCES));
  useEffect(() => {
    let mounted = true;
    void import('./caption-preferences-store.ts').then(({ captionPreferencesStore }) => {
      if (mounted) deferred.attach(captionPreferencesStore(config));
    });
    return () => {
      mounted = false;
      deferred.destroy();
    };
  }, [config, deferred]);
  const current = useSyncExternalStore(deferred.subscribe, deferred.get);
  const set = useCallback((next: CaptionPreferences) => deferred.set(next), [deferred]);
  return [current, set];
}
