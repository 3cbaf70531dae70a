import { vodPath } from '../origin/vod-routes.ts';
import type { ChannelRecord } from './channel-store.ts';

/** Wire shapes of SPEC §3 ("Channel info (v2)", "Channel videos"), built from a record. */
export interface ChannelInfoV2 {
  id: number;
  slug: string;
  user: { username: string };
  banner_image: { src: string } | null;
  livestream: {
    id: number;
    is_live: boolean;
    session_title: string;
    categories: { name: string; slug: string }[];
    viewer_count: number;
    viewers: number;
  } | null;
}

export interface ChannelVideo {
  id: number;
  title: string;
  thumbnail: { src: string };
  created_at: string;
  duration: number;
  /** Its playback URL (the platform's VOD rendering, or the channel file's own URL). */
  source: string;
}

/** Real APIs hand out absolute CDN URLs; ours point back at this server's origin. */
export type Absolutize = (path: string) => string;

export function channelInfoView(channel: ChannelRecord, absolute: Absolutize): ChannelInfoV2 {
  return {
    id: channel.id,
    slug: channel.slug,
    user: { username: channel.username },
    banner_image: channel.banner ? { src: absolute(channel.banner) } : null,
    livestream: channel.live
      ? {
          id: channel.live.id,
          is_live: true,
          session_title: channel.live.session_title,
          categories: channel.live.categories.map((c) => ({ name: c.name, slug: c.slug })),
          viewer_count: channel.live.viewer_count,
          viewers: channel.live.viewer_count,
        }
      : null,
  };
}

export function channelVideosView(channel: ChannelRecord, absolute: Absolutize): ChannelVideo[] {
  // Newest first: the embed uses the first item as "{username}'s latest stream".
  return [...channel.videos]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map((v) => ({
      id: v.id,
      title: v.title,
      thumbnail: { src: absolute(v.thumbnail) },
      created_at: v.created_at,
      duration: v.duration,
      source: v.source ?? absolute(vodPath(v.id)),
    }));
}

/**
 * The playback-url call's URL. It exists whether or not the channel is live (the origin 404s
 * while offline), as a real platform's does; only a channel without one answers null. A
 * private channel's gets its token from the call itself (routes.ts).
 */
export function playbackUrlOf(channel: ChannelRecord, origin: string): string | null {
  if (!channel.playback) return null;
  if (channel.playbackUrl) return channel.playbackUrl;
  const prefix = channel.packaging === 'mpegts' ? '/hls-ts' : '/hls';
  return new URL(`${prefix}/${encodeURIComponent(channel.slug)}/master.m3u8`, origin).href;
}
