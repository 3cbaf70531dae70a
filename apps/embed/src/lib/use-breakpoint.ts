import { useSyncExternalStore } from 'react';
import { createBreakpointStore, type Breakpoint, type BreakpointStore } from './breakpoint.ts';

export type { Breakpoint } from './breakpoint.ts';
export { BREAKPOINTS, VIEWPORT_DEBOUNCE_MS } from './breakpoint.ts';

let store: BreakpointStore | null = null;

/**
 * The viewport's breakpoint ('mobile' | 'tablet' | 'desktop' | 'desktopLarge'), re-rendering
 * 150 ms after the last resize of a burst. Screens put it on their root as `data-breakpoint`
 * so CSS and tests read the same value the components do.
 */
export function useBreakpoint(): Breakpoint {
  store ??= createBreakpointStore(window);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
