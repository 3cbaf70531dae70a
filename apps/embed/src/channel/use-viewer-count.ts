import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

/** SPEC §9: the viewer count is refetched every 60 s. */
export const VIEWER_COUNT_REFETCH_MS = 60_000;

/**
 * Live viewers of a channel from `/current-viewers`, falling back to the count in the channel
 * info until (or if) that call answers.
 */
export function useViewerCount(channelId: number, fallback: number): number {
  const { data } = useQuery({
    queryKey: ['current-viewers', channelId],
    queryFn: ({ signal }) => api.viewers.current({ ids: [channelId] }, { signal }),
    refetchInterval: VIEWER_COUNT_REFETCH_MS,
    staleTime: VIEWER_COUNT_REFETCH_MS,
  });
  return data?.find((entry) => entry.channel_id === channelId)?.viewers ?? fallback;
}

const formatter = new Intl.NumberFormat('en-US');

/** en-US standard notation: 1,234. */
export function formatViewerCount(count: number): string {
  return formatter.format(count);
}
