/**
 * Paths of the calls the embed makes (SPEC §7 "Used by the embed"), one source for the client
 * and the platform. The full catalogue lands with the api package.
 */
export const channelRoutes = {
  info: (slug: string) => `/api/v2/channels/${encodeURIComponent(slug)}/info`,
  playbackUrl: (slug: string) => `/api/v2/channels/${encodeURIComponent(slug)}/playback-url`,
  videos: (slug: string) => `/api/v2/channels/${encodeURIComponent(slug)}/videos`,
} as const;

/** Fastify-style patterns of the same routes, for the platform. */
export const channelRoutePatterns = {
  info: '/api/v2/channels/:slug/info',
  playbackUrl: '/api/v2/channels/:slug/playback-url',
  videos: '/api/v2/channels/:slug/videos',
} as const;
