import { CountedViewer } from './counted-viewer.ts';
import { observeSight } from './sight-signals.ts';

export interface SightWatch {
  setPlaying(playing: boolean): void;
  stop(): void;
}

/**
 * Feeds counted-viewer.ts the browser's signals for `element` (sight-signals.ts). Loaded after
 * the first frame (use-counted-viewer.ts).
 */
export function watchSight(element: HTMLElement, playing: boolean, onChange: (counted: boolean) => void): SightWatch {
  const counting = new CountedViewer({
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    onChange,
  });
  counting.update({ playing });
  const stopObserving = observeSight(element, (patch) => counting.update(patch));
  return {
    setPlaying: (next) => counting.update({ playing: next }),
    stop() {
      stopObserving();
      counting.destroy();
    },
  };
}
