import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { shouldRetry } from '../query-client.ts';

/** Query definitions shared by loaders (prefetch) and components (subscribe to the cache). */
export const channelInfoQuery = (slug: string) =>
  queryOptions({
    queryKey: ['channel', slug, 'info'],
    queryFn: ({ signal }) => api.channels.v2.info({ slug }, { signal }),
    // Imperative fetches (loaders) do not retry by default; ours should, the same way.
    retry: shouldRetry,
  });

export const playbackUrlQuery = (slug: string) =>
  queryOptions({
    queryKey: ['channel', slug, 'playback-url'],
    queryFn: async ({ signal }) => (await api.channels.v2.playbackUrl({ slug }, { signal }))?.data ?? null,
    retry: shouldRetry,
  });

export const channelVideosQuery = (slug: string) =>
  queryOptions({
    queryKey: ['channel', slug, 'videos'],
    queryFn: ({ signal }) => api.channels.v2.videos({ slug }, { signal }),
    retry: shouldRetry,
  });
