import type { Sight } from './counted-viewer.ts';

/** Ratios the observer reports at: the counting rule's half, and enough around it to follow a scroll. */
const THRESHOLDS = [0, 0.25, 0.5, 0.75, 1];

/**
 * The browser's signals of whether `element` can be seen, as they change: the page's
 * visibility, the share of the element in the viewport (IntersectionObserver: for a frame on
 * another site, the top-level page's viewport, clipped by the iframe) and its size
 * (ResizeObserver: a frame the page enlarges does not change the share in view). The first
 * values are given at once. Where a browser lacks the observers, the element reads as fully in
 * view at its current size. Returns the stop.
 */
export function observeSight(
  element: HTMLElement,
  onSight: (patch: Partial<Omit<Sight, 'playing'>>) => void,
): () => void {
  const onVisibility = () => onSight({ pageVisible: document.visibilityState === 'visible' });
  const size = () => {
    const { width, height } = element.getBoundingClientRect();
    onSight({ width, height });
  };
  onVisibility();
  size();
  document.addEventListener('visibilitychange', onVisibility);
  const intersection =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            const entry = entries.at(-1);
            if (entry) onSight({ ratio: entry.isIntersecting ? entry.intersectionRatio : 0 });
          },
          { threshold: THRESHOLDS },
        )
      : null;
  if (intersection) intersection.observe(element);
  else onSight({ ratio: 1 });
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(size) : null;
  resize?.observe(element);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    intersection?.disconnect();
    resize?.disconnect();
  };
}
