/**
 * Responsive breakpoints (SPEC §2): tablet 768 px, desktop 1024 px, desktopLarge 1280 px; below
 * 768 is mobile. Viewport changes are debounced by 150 ms so a drag-resize of the host page (or
 * of the iframe) re-renders the screens once it settles, not on every pixel.
 */
export const BREAKPOINTS = { tablet: 768, desktop: 1024, desktopLarge: 1280 } as const;
export type Breakpoint = 'mobile' | keyof typeof BREAKPOINTS;
export const VIEWPORT_DEBOUNCE_MS = 150;

export function classifyBreakpoint(width: number): Breakpoint {
  if (width >= BREAKPOINTS.desktopLarge) return 'desktopLarge';
  if (width >= BREAKPOINTS.desktop) return 'desktop';
  if (width >= BREAKPOINTS.tablet) return 'tablet';
  return 'mobile';
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface Debounced {
  (): void;
  cancel(): void;
}

/** Trailing-edge debounce: `fn` runs once, `ms` after the last call of a burst. */
export function debounce(fn: () => void, ms: number, timers: Timers = globalTimers): Debounced {
  let handle: unknown = null;
  const debounced = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = timers.setTimeout(() => {
      handle = null;
      fn();
    }, ms);
  };
  debounced.cancel = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  return debounced;
}

/** What the store needs of a window: its width and its resize event. */
export interface ViewportSource {
  readonly innerWidth: number;
  addEventListener(type: 'resize', listener: () => void): void;
  removeEventListener(type: 'resize', listener: () => void): void;
}

export interface BreakpointStore {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): Breakpoint;
}

/**
 * An external store (for `useSyncExternalStore`) of the current breakpoint. It listens to the
 * viewport only while someone subscribes; the first subscriber reads the width at once (the
 * first render must not wait 150 ms), later changes arrive debounced.
 */
export function createBreakpointStore(
  source: ViewportSource,
  options: { delayMs?: number; timers?: Timers } = {},
): BreakpointStore {
  let current = classifyBreakpoint(source.innerWidth);
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const update = () => {
    const next = classifyBreakpoint(source.innerWidth);
    if (next === current) return;
    current = next;
    notify();
  };
  const onResize = debounce(update, options.delayMs ?? VIEWPORT_DEBOUNCE_MS, options.timers);

  return {
    subscribe(onChange) {
      if (listeners.size === 0) {
        current = classifyBreakpoint(source.innerWidth);
        source.addEventListener('resize', onResize);
      }
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
        if (listeners.size > 0) return;
        source.removeEventListener('resize', onResize);
        onResize.cancel();
      };
    },
    getSnapshot: () => current,
  };
}
