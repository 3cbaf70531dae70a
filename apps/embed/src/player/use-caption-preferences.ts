import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { usePublicConfig } from '../config-context.tsx';
import type { CaptionPreferencesStore } from './caption-preferences.ts';
import { DEFAULT_CAPTION_PREFERENCES, type CaptionPreferences } from './caption-style.ts';

const noSubscription = () => () => undefined;
const defaults = () => DEFAULT_CAPTION_PREFERENCES;

/**
 * The viewer's caption choices (caption-preferences.ts). The store, and the consent store under
 * it, load after the first frame (neither is start-up code): until then the defaults apply
 * (captions off), and a choice made in that moment applies at once and is kept once the store
 * is there.
 */
export function useCaptionPreferences(): [CaptionPreferences, (next: CaptionPreferences) => void] {
  const config = usePublicConfig();
  const [store, setStore] = useState<CaptionPreferencesStore | null>(null);
  const [early, setEarly] = useState<CaptionPreferences | null>(null);
  const pending = useRef<CaptionPreferences | null>(null);
  useEffect(() => {
    let mounted = true;
    void import('./caption-preferences-store.ts').then(({ captionPreferencesStore }) => {
      if (!mounted) return;
      const loaded = captionPreferencesStore(config);
      if (pending.current) loaded.set(pending.current);
      pending.current = null;
      setStore(loaded);
    });
    return () => {
      mounted = false;
    };
  }, [config]);
  const current = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? defaults);
  const set = useCallback(
    (next: CaptionPreferences) => {
      if (store) return store.set(next);
      pending.current = next;
      setEarly(next);
    },
    [store],
  );
  return [store ? current : (early ?? current), set];
}
