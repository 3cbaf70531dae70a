import { isValidSlug } from '@onair/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { replace, type LoaderFunctionArgs } from 'react-router';
import { channelInfoQuery, playbackUrlQuery } from '../channel/queries.ts';
import { EmbedError } from '../lib/embed-error.ts';

export function offlinePath(slug: string, search: string): string {
  return `/${encodeURIComponent(slug)}/offline${search}`;
}

/**
 * `/{slug}` (SPEC §2): the slug is checked first; then channel info and playback URL are
 * fetched in parallel (the spinner shows until both have settled). Failure or null of either
 * is its own error; a channel without a livestream replaces this entry with its offline page.
 */
export function channelLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const slug = params.slug ?? '';
    if (!isValidSlug(slug)) throw new EmbedError('invalid-slug');

    const [info, playbackUrl] = await Promise.allSettled([
      queryClient.ensureQueryData(channelInfoQuery(slug)),
      queryClient.ensureQueryData(playbackUrlQuery(slug)),
    ]);
    if (info.status === 'rejected' || info.value === null) {
      throw new EmbedError('channel-not-found', { cause: info.status === 'rejected' ? info.reason : null });
    }
    if (playbackUrl.status === 'rejected' || !playbackUrl.value) {
      throw new EmbedError('playback-not-found', {
        cause: playbackUrl.status === 'rejected' ? playbackUrl.reason : null,
      });
    }
    if (!info.value.livestream) throw replace(offlinePath(slug, new URL(request.url).search));
    return null;
  };
}

/** `/{slug}/offline`: allowed only for a channel whose info this session has already fetched. */
export function offlineLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    const slug = params.slug ?? '';
    if (!isValidSlug(slug)) throw new EmbedError('invalid-slug');
    if (!queryClient.getQueryData(channelInfoQuery(slug).queryKey)) throw new EmbedError('offline-unfetched');
    return null;
  };
}
