import type { ChannelInfoV2 } from '@onair/contracts';
import { safeHttpUrl } from '../lib/safe-url.ts';

export interface MediaSessionInit {
  title: string;
  artist: string;
  artwork: { src: string }[];
}

function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * What the OS media controls show for a live channel: title '{username} is streaming' (the
 * overlay's words), the channel as artist, and as artwork the first http(s) image among the
 * streamer's avatar, the stream thumbnail and the channel banner. The API objects are loose,
 * so the optional images are read defensively.
 */
export function mediaSessionMetadata(channel: ChannelInfoV2): MediaSessionInit {
  const username = channel.user.username;
  const candidates = [
    field(channel.user, 'profile_pic'),
    field(channel.livestream, 'thumbnail', 'src'),
    field(channel.banner_image, 'src'),
  ];
  const artwork = candidates.map((candidate) => safeHttpUrl(candidate)).find((src) => src !== null);
  return {
    title: `${username} is streaming`,
    artist: username,
    artwork: artwork ? [{ src: artwork }] : [],
  };
}
