import { embedRoutes } from './catalogue/embed.ts';
import { fillPath } from './route.ts';

/**
 * Shorthands for the embed's channel calls (SPEC §7 "Used by the embed"), derived from the
 * catalogue's embed routes so the client and the platform cannot drift apart.
 */
export const channelRoutes = {
  info: (slug: string) => fillPath(embedRoutes['channels.v2.info'].path, { slug }),
  playbackUrl: (slug: string) => fillPath(embedRoutes['channels.v2.playbackUrl'].path, { slug }),
  videos: (slug: string) => fillPath(embedRoutes['channels.v2.videos'].path, { slug }),
} as const;

/** Fastify-style patterns of the same routes, for the platform. */
export const channelRoutePatterns = {
  info: embedRoutes['channels.v2.info'].path,
  playbackUrl: embedRoutes['channels.v2.playbackUrl'].path,
  videos: embedRoutes['channels.v2.videos'].path,
} as const;
