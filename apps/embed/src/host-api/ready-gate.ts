/**
 * When a framed embed tells its host page `ready`. A host page acts on it (the SDK's
 * `await player.ready; await player.pause()`), so it must come when a player command reaches a
 * player, not while the app's start is still under way behind the early start's picture, when
 * the page would be told not-playing. The route settles it: its player attached, the offline
 * screen, an error screen. A route that never settles (a loader that hangs) still lets the page
 * talk after `latestMs`.
 */
export interface ReadyGate {
  /** The route has settled: say ready now (once). */
  settle(): void;
}

export interface ReadyGateTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function createReadyGate(sayReady: () => void, timers: ReadyGateTimers, latestMs: number): ReadyGate {
  let said = false;
  const settle = () => {
    if (said) return;
    said = true;
    timers.clearTimeout(latest);
    sayReady();
  };
  const latest = timers.setTimeout(settle, latestMs);
  return { settle };
}
