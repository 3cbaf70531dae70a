import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the screen around it has committed, as a transition (issue 36: no
 * long tasks). React renders a transition in slices of about 5 ms and yields to the browser
 * between them, where the first render of a whole player screen (about 30 hooks, the controls
 * and the settings menu) was one task of 60-130 ms on the 2-core machine, while the viewer was
 * already watching the early engine's frames. Nothing is lost in the wait: the early element
 * plays on until the screen adopts it.
 */
export function InTransition({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
