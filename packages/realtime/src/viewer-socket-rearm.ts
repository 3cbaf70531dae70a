import type { ViewerSocket, ViewerSocketState } from './viewer-socket.ts';

/** How often a viewer socket that gave up tries again on its own (besides online and visible). */
export const VIEWER_SOCKET_REARM_MS = 5 * 60_000;

export interface RearmEnvironment {
  timers: {
    setInterval(callback: () => void, ms: number): unknown;
    clearInterval(handle: unknown): void;
  };
  /** `online` on window, `visibilitychange` on document (for a page that becomes visible). */
  onOnline(listener: () => void): () => void;
  onVisible(listener: () => void): () => void;
}

/** Closed for good after failures: not idle (never started), not closed by the page. */
export function hasGivenUp(state: ViewerSocketState): boolean {
  return state.status === 'closed' && !state.willReconnect && state.reason !== 'idle' && state.reason !== 'client';
}

/**
 * The viewer socket stops after its 10th failed retry (viewer-socket.ts); a viewer who stays
 * would then never be counted again. Once it has given up, it connects again when the browser
 * is back online, when the page becomes visible, and every VIEWER_SOCKET_REARM_MS; each of
 * those starts a fresh round of retries. Returns the stop.
 */
export function rearmViewerSocket(socket: ViewerSocket, env: RearmEnvironment): () => void {
  let timer: unknown = null;
  const retry = () => {
    if (hasGivenUp(socket.getState())) socket.connect();
  };
  const follow = (state: ViewerSocketState) => {
    if (hasGivenUp(state) && timer === null) timer = env.timers.setInterval(retry, VIEWER_SOCKET_REARM_MS);
    else if (!hasGivenUp(state) && timer !== null) {
      env.timers.clearInterval(timer);
      timer = null;
    }
  };
  const offState = socket.subscribe(follow);
  const offOnline = env.onOnline(retry);
  const offVisible = env.onVisible(retry);
  follow(socket.getState());
  return () => {
    offState();
    offOnline();
    offVisible();
    if (timer !== null) env.timers.clearInterval(timer);
    timer = null;
  };
}
