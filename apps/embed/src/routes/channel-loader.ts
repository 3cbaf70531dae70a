import { isValidSlug, type ChannelVideo } from '@onair/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { replace, type LoaderFunctionArgs } from 'react-router';
import { channelInfoQuery, channelVideosQuery, playbackUrlQuery } from '../channel/queries.ts';
import { pagePlayers } from '../player/page-player.ts';
import { EmbedError } from '../lib/embed-error.ts';
import { parseEmbedParams } from '../lib/embed-params.ts';
import { isParsableQuery } from '../lib/embed-url.ts';
import { safeHttpUrl } from '../lib/safe-url.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';

/** How long the offline page waits for the latest video before it shows without one. */
const LATEST_VIDEO_WAIT_MS = 2000;

export function offlinePath(slug: string, search: string): string {
  return `/${encodeURIComponent(slug)}/offline${search}`;
}

/** The checks every channel route makes before any request: the embed URL, then the slug. */
function checkedSlug({ params, request }: LoaderFunctionArgs): string {
  if (!isParsableQuery(new URL(request.url).search)) throw new EmbedError('misconfigured');
  const slug = params.slug ?? '';
  if (!isValidSlug(slug)) throw new EmbedError('invalid-slug');
  return slug;
}

/**
 * `/{slug}` (SPEC §2): the URL and slug are checked first; then channel info and playback URL
 * are fetched in parallel (the spinner shows until both have settled). Failure or null of
 * either is its own error; a channel without a livestream replaces this entry with its offline
 * page (whose latest video is asked for already, so that page does not wait a round trip more).
 * A live channel's player starts here, as soon as the playback URL is known (SPEC §4), while
 * React is still to render the screen that adopts it.
 */
export function channelLoader(queryClient: QueryClient) {
  return async (args: LoaderFunctionArgs) => {
    const slug = checkedSlug(args);

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
    if (!info.value.livestream) {
      void queryClient.prefetchQuery(channelVideosQuery(slug));
      throw replace(offlinePath(slug, new URL(args.request.url).search));
    }
    // The answers' checks and the player's start are two tasks, not one long one (issue 36: the
    // viewer already watches the early engine's frames). A navigation that began meanwhile
    // owns the page now: this one starts nothing.
    await yieldToMain();
    if (args.request.signal.aborted) return null;
    const { muted, autoplay } = parseEmbedParams(new URL(args.request.url).search);
    pagePlayers.startEarly({ url: playbackUrl.value, muted, autoplay });
    return null;
  };
}

/**
 * `/{slug}/offline`: allowed only for a channel whose info this session has already fetched.
 * The spinner stays until the latest video has answered (or a short while has passed), so the
 * thumbnail does not pop in and push the screen's content around.
 */
export function offlineLoader(queryClient: QueryClient) {
  return async (args: LoaderFunctionArgs) => {
    const slug = checkedSlug(args);
    if (!queryClient.getQueryData(channelInfoQuery(slug).queryKey)) throw new EmbedError('offline-unfetched');
    await Promise.race([
      queryClient.prefetchQuery(channelVideosQuery(slug)),
      new Promise((resolve) => setTimeout(resolve, LATEST_VIDEO_WAIT_MS)),
    ]);
    return null;
  };
}

/** `/{slug}/videos/{id}`: the channel's past video with that id, or null. */
export function videoPath(slug: string, videoId: number, search: string): string {
  return `/${encodeURIComponent(slug)}/videos/${videoId}${search}`;
}

/** The past video a route names, when the platform gives it an http(s) playback URL. */
export function playableVideo(videos: readonly ChannelVideo[] | null | undefined, id: string | undefined) {
  const video = videos?.find((v) => String(v.id) === id);
  const source = video && safeHttpUrl(video.source, window.location.href);
  return video && source ? { ...video, source } : null;
}

/**
 * `/{slug}/videos/{id}` (beyond the spec: the offline screen's "latest stream" plays in the
 * embed): the channel's info and videos, then the video's own player, started here like a live
 * channel's (SPEC §4) so its first frame does not wait for React.
 */
export function videoLoader(queryClient: QueryClient) {
  return async (args: LoaderFunctionArgs) => {
    const slug = checkedSlug(args);
    const [info, videos] = await Promise.allSettled([
      queryClient.ensureQueryData(channelInfoQuery(slug)),
      queryClient.ensureQueryData(channelVideosQuery(slug)),
    ]);
    if (info.status === 'rejected' || info.value === null) {
      throw new EmbedError('channel-not-found', { cause: info.status === 'rejected' ? info.reason : null });
    }
    const video = playableVideo(videos.status === 'fulfilled' ? videos.value : null, args.params.videoId);
    if (!video) throw new EmbedError('video-not-found', { cause: videos.status === 'rejected' ? videos.reason : null });
    // The answers' checks and the player's start are two tasks, not one long one (issue 36: the
    // viewer already watches the early engine's frames). A navigation that began meanwhile
    // owns the page now: this one starts nothing.
    await yieldToMain();
    if (args.request.signal.aborted) return null;
    const { muted, autoplay } = parseEmbedParams(new URL(args.request.url).search);
    pagePlayers.startEarly({ url: video.source, muted, autoplay });
    return null;
  };
}
