/**
 * The gate between the page's early start (boot/early-start.ts) and the app (main.tsx): the
 * early start's handle holds a promise in `firstFrame` while it is bringing up the first frame
 * on its own element; it settles at that frame, when the early engine is discarded (the channel
 * is not live, the worker failed), when the element fails, or after
 * EARLY_FIRST_FRAME_PATIENCE_MS of boot/early-start.ts (its own timer: a slow network, a tab in the
 * background, where frames are not presented).
 */
export interface EarlyFirstFrameHolder {
  firstFrame?: Promise<unknown> | null;
}

/** What a visitor reads when the app's code could not be loaded (a network failure, a deploy). */
export const APP_LOAD_FAILED = 'The player could not load. Reload to try again.';

/** Resolves when the app may run: at once, unless the early start is bringing up a frame. */
export async function untilEarlyFirstFrame(holder: EarlyFirstFrameHolder): Promise<void> {
  const pending = holder.firstFrame;
  if (!pending) return;
  // The script's gate only ever resolves; a failure of it must still let the app run.
  await pending.catch(() => undefined);
}

/**
 * Imports the app once the gate opens. An import that fails (its chunk unreachable) is no
 * uncaught error and no blank page: the root says so in words, and the console has the cause.
 */
export async function startApp(
  holder: EarlyFirstFrameHolder,
  page: Pick<Document, 'getElementById'>,
  importApp: () => Promise<unknown>,
): Promise<void> {
  await untilEarlyFirstFrame(holder);
  try {
    await importApp();
  } catch (error) {
    console.error(error);
    const root = page.getElementById('root');
    if (root) root.textContent = APP_LOAD_FAILED;
  }
}
