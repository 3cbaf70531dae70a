/**
 * The page's early start, as the build inlines it into index.html's <head> (vite.config.ts,
 * earlyStartScript): a classic script that runs before the bundle has even been requested. The
 * build writes the engine worker's, the MPEG-TS remuxer's and the subtitle loop's hashed URLs in
 * place of the placeholders.
 */
import { captureEarlyErrors } from './early-errors.ts';
import { earlyStart } from './early-start.ts';

// First: what the page throws before monitoring runs is kept for it (early-errors.ts).
window.__onairErrors = captureEarlyErrors(window);
earlyStart(window, '%ONAIR_ENGINE_WORKER%', '%ONAIR_TS_REMUXER%', '%ONAIR_SUBTITLES%');
