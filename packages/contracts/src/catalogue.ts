import { channelsV1Routes } from './catalogue/channels-v1.ts';
import { channelsV2Routes } from './catalogue/channels-v2.ts';
import { embedRoutes } from './catalogue/embed.ts';
import { internalRoutes } from './catalogue/internal.ts';
import { unversionedRoutes } from './catalogue/unversioned.ts';
import { videoRoutes } from './catalogue/videos.ts';
import type { RouteDef } from './route.ts';

/**
 * Every HTTP call of SPEC §7, keyed by a stable dotted name (`channels.v2.info`). The typed
 * client turns the dots into nesting (`client.channels.v2.info(...)`), so no name is a prefix
 * of another; the platform registers the `site` routes it serves from the same table.
 * `response` is the 2xx body; every non-OK answer has the one error shape of SPEC §3
 * (`errorResponseSchema`).
 */
export const catalogue = {
  ...embedRoutes,
  ...channelsV1Routes,
  ...videoRoutes,
  ...channelsV2Routes,
  ...unversionedRoutes,
  ...internalRoutes,
} as const;

export type Catalogue = typeof catalogue;
export type RouteName = keyof Catalogue;

/** The catalogue as `[name, route]` pairs, for code that walks every call. */
export function catalogueEntries(): [RouteName, RouteDef][] {
  return Object.entries(catalogue) as [RouteName, RouteDef][];
}

export { embedRoutes } from './catalogue/embed.ts';
export { communityMemberBodySchema, type CommunityMemberBody } from './catalogue/internal.ts';
