import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * The schemas use zod/mini: the same validation as classic zod, as functions that a bundler
 * can tree-shake, so the embed ships a few KiB of zod before its first frame instead of all of
 * classic zod. zod/mini loads no locale; without English messages every issue would read
 * "Invalid input".
 */
z.config(en());

export { z };
