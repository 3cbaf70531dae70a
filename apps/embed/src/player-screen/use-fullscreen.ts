import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface FullscreenControl {
  /** Whether the document may go fullscreen at all (an iframe needs `allow="fullscreen"`). */
  supported: boolean;
  active: boolean;
  toggle(): void;
}

/** Fullscreen of the player's container (not the bare video, so our controls stay on top). */
export function useFullscreen(target: RefObject<HTMLElement | null>): FullscreenControl {
  const [active, setActive] = useState(false);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled;

  useEffect(() => {
    const onChange = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [target]);

  const toggle = useCallback(() => {
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch((error: unknown) => console.warn('Leaving fullscreen failed', error));
    } else {
      void target.current?.requestFullscreen().catch((error: unknown) => console.warn('Fullscreen refused', error));
    }
  }, [target]);

  return { supported, active, toggle };
}
