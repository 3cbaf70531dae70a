import { useEffect, useRef, useState, type RefObject } from 'react';
import { CountedViewer } from './counted-viewer.ts';

/** Ratios the observer reports at: the rule's half, and enough around it to follow a scroll. */
const THRESHOLDS = [0, 0.25, 0.5, 0.75, 1];

/**
 * Whether the player counts as a viewer now (counted-viewer.ts has the rule): the page's
 * visibility, the share of `target` in the viewport (IntersectionObserver), its size
 * (ResizeObserver: a frame the page enlarges does not change the share in view), and `playing`.
 */
export function useCountedViewer(target: RefObject<HTMLElement | null>, playing: boolean): boolean {
  const [counted, setCounted] = useState(false);
  const viewer = useRef<CountedViewer | null>(null);
  const playingNow = useRef(playing);

  // Before the effect below, so that on mount it reads the value of this render.
  useEffect(() => {
    playingNow.current = playing;
    viewer.current?.update({ playing });
  }, [playing]);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const counting = new CountedViewer({
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
      onChange: setCounted,
    });
    viewer.current = counting;
    const onVisibility = () => counting.update({ pageVisible: document.visibilityState === 'visible' });
    const size = () => {
      const { width, height } = element.getBoundingClientRect();
      counting.update({ width, height });
    };
    counting.update({ playing: playingNow.current });
    onVisibility();
    size();
    document.addEventListener('visibilitychange', onVisibility);
    // Where a browser lacks the observers, the player counts by its page's visibility and size.
    const intersection =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              const entry = entries.at(-1);
              if (entry) counting.update({ ratio: entry.isIntersecting ? entry.intersectionRatio : 0 });
            },
            { threshold: THRESHOLDS },
          )
        : null;
    if (intersection) intersection.observe(element);
    else counting.update({ ratio: 1 });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(size) : null;
    resize?.observe(element);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      intersection?.disconnect();
      resize?.disconnect();
      counting.destroy();
      viewer.current = null;
      setCounted(false);
    };
  }, [target]);

  return counted;
}
