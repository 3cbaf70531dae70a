import { useEffect, useState, type RefObject } from 'react';

/** How long a tap keeps the overlay and controls up on a touch screen, which has no hover. */
export const TOUCH_REVEAL_MS = 3000;

/**
 * Touch screens have no hover: a tap on the player reveals the overlay and controls for a
 * few seconds (each tap starts the time again), as hover does for a mouse.
 */
export function useTouchReveal(target: RefObject<HTMLElement | null>): boolean {
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      setRevealed(true);
      clearTimeout(timer);
      timer = setTimeout(() => setRevealed(false), TOUCH_REVEAL_MS);
    };
    element.addEventListener('pointerdown', onPointerDown);
    return () => {
      element.removeEventListener('pointerdown', onPointerDown);
      clearTimeout(timer);
    };
  }, [target]);

  return revealed;
}
