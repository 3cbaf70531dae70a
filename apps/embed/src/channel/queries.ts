import { channelInfoV2Schema, channelRoutes, channelVideosSchema, playbackUrlSchema } from '@onair/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../lib/fetch-json.ts';
import { shouldRetry } from '../query-client.ts';

/** Query definitions shared by loaders (prefetch) and components (subscribe to the cache). */
export const channelInfoQuery = (slug: string) =>
  queryOptions({
    queryKey: ['channel', slug, 'info'],
    queryFn: ({ signal }) => getJson(channelRoutes.info(slug), channelInfoV2Schema.nullable(), signal),
    // Imperative fetches (loaders) do not retry by default; ours should, the same way.
    retry: shouldRetry,
  });

export const playbackUrlQuery = (slug: string) =>
  queryOptions({
    queryKey: ['channel', slug, 'playback-url'],
    queryFn: async ({ signal }) =>
      (await getJson(channelRoutes.playbackUrl(slug), playbackUrlSchema.nullable(), signal))?.data ?? null,
    retry: shouldRetry,
  });

export const channelVideosQuery = (slug: string) =>
  queryOptions({
    queryKey: ['channel', slug, 'videos'],
    queryFn: ({ signal }) => getJson(channelRoutes.videos(slug), channelVideosSchema, signal),
    retry: shouldRetry,
  });
