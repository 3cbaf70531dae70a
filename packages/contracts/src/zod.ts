import * as z from 'zod/mini';

/**
 * The schemas use zod/mini: the same validation as classic zod, as functions that a bundler
 * can tree-shake, so the embed ships a few KiB of zod before its first frame instead of all of
 * classic zod. zod/mini loads no locale, and a library must not set zod's global
 * configuration: the application chooses how issues read (the embed: a compact English map in
 * apps/embed/src/lib/zod-messages.ts; the platform words its own errors and needs none).
 */
export { z };
