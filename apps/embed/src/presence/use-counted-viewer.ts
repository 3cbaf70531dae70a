import { useEffect, useRef, useState, type RefObject } from 'react';
import { afterFirstFrame } from '../start-up.ts';
import type { SightWatch } from './watch-sight.ts';

/**
 * Whether the player counts as a viewer now (counted-viewer.ts has the rule, watch-sight.ts
 * watches the signals). Its code loads after the first frame, as presence needs it no sooner:
 * the start-up bundle does not carry it.
 */
export function useCountedViewer(target: RefObject<HTMLElement | null>, playing: boolean): boolean {
  const [counted, setCounted] = useState(false);
  const watch = useRef<SightWatch | null>(null);
  const playingNow = useRef(playing);

  // Before the effect below, so that on mount it reads the value of this render.
  useEffect(() => {
    playingNow.current = playing;
    watch.current?.setPlaying(playing);
  }, [playing]);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let active = true;
    void afterFirstFrame()
      .then(() => import('./watch-sight.ts'))
      .then(({ watchSight }) => {
        if (active) watch.current = watchSight(element, playingNow.current, setCounted);
      });
    return () => {
      active = false;
      watch.current?.stop();
      watch.current = null;
      setCounted(false);
    };
  }, [target]);

  return counted;
}
