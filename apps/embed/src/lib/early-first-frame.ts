/**
 * The gate between index.html's early script and the app (main.tsx): the script leaves a
 * promise under `window.__onairFirstFrame` while it is bringing up the first frame on its own
 * element; it settles at that frame, when the early engine is discarded (the channel is not
 * live, the worker failed), when the element fails, or after EARLY_FIRST_FRAME_PATIENCE_MS
 * (the script's own timer: a slow network, a tab in the background, where frames are not
 * presented).
 */
export interface EarlyFirstFrameHolder {
  __onairFirstFrame?: Promise<unknown> | null;
}

declare global {
  interface Window {
    __onairFirstFrame?: Promise<unknown> | null;
  }
}

/** Kept in step with index.html: how long the app waits for the early first frame at most. */
export const EARLY_FIRST_FRAME_PATIENCE_MS = 1500;

/** Resolves when the app may run: at once, unless the early script is bringing up a frame. */
export async function untilEarlyFirstFrame(holder: EarlyFirstFrameHolder): Promise<void> {
  const pending = holder.__onairFirstFrame;
  if (!pending) return;
  // The script's gate only ever resolves; a failure of it must still let the app run.
  await pending.catch(() => undefined);
}
