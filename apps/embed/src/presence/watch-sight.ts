import { CountedViewer } from './counted-viewer.ts';

/** Ratios the observer reports at: the rule's half, and enough around it to follow a scroll. */
const THRESHOLDS = [0, 0.25, 0.5, 0.75, 1];

export interface SightWatch {
  setPlaying(playing: boolean): void;
  stop(): void;
}

/**
 * Feeds counted-viewer.ts the browser's signals for `element`: the page's visibility, the share
 * of it in the viewport (IntersectionObserver) and its size (ResizeObserver: a frame the page
 * enlarges does not change the share in view). Loaded after the first frame (use-counted-viewer.ts).
 */
export function watchSight(element: HTMLElement, playing: boolean, onChange: (counted: boolean) => void): SightWatch {
  const counting = new CountedViewer({
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    onChange,
  });
  const onVisibility = () => counting.update({ pageVisible: document.visibilityState === 'visible' });
  const size = () => {
    const { width, height } = element.getBoundingClientRect();
    counting.update({ width, height });
  };
  counting.update({ playing });
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
  return {
    setPlaying: (next) => counting.update({ playing: next }),
    stop() {
      document.removeEventListener('visibilitychange', onVisibility);
      intersection?.disconnect();
      resize?.disconnect();
      counting.destroy();
    },
  };
}
