/**
 * Where the conformance run listens (playwright.conformance.config.ts and its tests both read
 * these, in the runner and in the workers): the platform on CONFORMANCE_PORT (18196), the
 * corpus's static server on CONFORMANCE_MEDIA_PORT (the next one), another origin than the
 * platform's, as a CDN is; a platform of a test's own, whose channel plays the corpus
 * (channel-platform.ts), on the one after.
 */
export const CONFORMANCE_PORT = Number(process.env.CONFORMANCE_PORT ?? 18196);
export const MEDIA_PORT = Number(process.env.CONFORMANCE_MEDIA_PORT ?? CONFORMANCE_PORT + 1);
export const MEDIA_ORIGIN = `http://127.0.0.1:${MEDIA_PORT}`;
export const CHANNEL_PLATFORM_PORT = Number(process.env.CONFORMANCE_CHANNEL_PORT ?? MEDIA_PORT + 1);
