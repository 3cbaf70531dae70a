// Waiting for a page's first frame without running anything in the page while it starts.
//
// Playwright's waitForFunction evaluates its predicate in the page, and its first call there
// compiles Playwright's own page script on the renderer's main thread: a task of 40-65 ms in a
// trace, which lands in the middle of a player's start-up (page.goto resolves at the load
// event, before most first frames). Measured on the packagers' live streams, same run, 12 loads
// of each player with each way of waiting (medians):
//
// |                     | waitForFunction | nothing in the page |
// | ------------------- | --------------: | ------------------: |
// | native HLS, MPEG-TS |          199 ms |              160 ms |
// | native HLS, fMP4    |          244 ms |              203 ms |
// | embed, MPEG-TS      |          315 ms |              294 ms |
// | embed, fMP4         |          286 ms |              259 ms |
//
// So the probe (probe.mjs) tells Node itself, through a binding every page gets alike before
// it navigates, and the harness reads the page only once the frame is out.

/** The binding's name on `window`; probe.mjs calls it (a serialized function: spelled out there). */
export const FIRST_FRAME_BINDING = '__benchFirstFrame';

const watchers = new WeakMap();

/** The page's binding, exposed once (a second exposeBinding of a name throws). */
async function watcher(page) {
  let state = watchers.get(page);
  if (!state) {
    state = { waiting: null };
    watchers.set(page, state);
    await page.exposeBinding(FIRST_FRAME_BINDING, (_source, ms) => state.waiting?.(ms));
  }
  return state;
}

/**
 * Opens `url` in `page` and resolves with the probe's first presented frame (ms since the
 * navigation started); rejects when none comes within `timeoutMs`.
 */
export async function gotoFirstFrame(page, url, timeoutMs = 30_000) {
  const state = await watcher(page);
  let timer;
  const shown = new Promise((resolve, reject) => {
    state.waiting = resolve;
    timer = setTimeout(() => reject(new Error(`no first frame within ${timeoutMs} ms: ${url}`)), timeoutMs);
  });
  // A failed navigation is the error to report, not this one.
  shown.catch(() => undefined);
  try {
    await page.goto(url);
    return await shown;
  } finally {
    clearTimeout(timer);
    state.waiting = null;
  }
}
