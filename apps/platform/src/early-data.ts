/**
 * The embed page's early data (issue 36, "first frame at or below native"): the platform that
 * serves `/{slug}` already knows what the page's first requests would ask it (the channel's
 * info and playback URL) and what the stream's first ones would (the multivariant playlist
 * and the media playlists), so it writes them into the page, where the early start takes them
 * (apps/embed/src/boot/early-data.ts) instead of asking. The bodies are exactly the API's and
 * the origin's answers, so the client validates them as it would those.
 *
 * A stream played from elsewhere (CHANNELS_FILE) gets the copies of its playlists the platform
 * keeps while the channel is watched (external-playlists.ts): its multivariant playlist, and
 * the media playlists young enough to start from.
 *
 * Left out: a private channel (its playback URL carries a token minted per request for the
 * embed's own pages: the page asks for it), and the playlists of a stream off air or
 * DRM-protected (its playlists carry key tags the origin adds as it sends them).
 */

import { isValidSlug } from '@onair/contracts';
import { CHANNEL_INFO_PATH, CHANNEL_PLAYBACK_URL_PATH, channelPath } from '@onair/contracts/channel-paths';
import type { ChannelStore } from './channels/channel-store.ts';
import { channelInfoView, playbackUrlOf } from './channels/channel-views.ts';
import { scriptSafeJson } from './public-config.ts';

export const EARLY_DATA_ELEMENT_ID = 'onair-early-data';

/** A media playlist in the page: its absolute URL, text, and when what it lists was published (epoch ms). */
export interface EarlyMediaPlaylist {
  url: string;
  text: string;
  writtenAtMs: number;
}

export interface EarlyData {
  answers: Record<string, unknown>;
  multivariant: { url: string; text: string } | null;
  /**
   * The media playlist of each picture variant the multivariant lists, as the origin would
   * answer it now: the engine's start needs one, and the platform cannot tell which (the
   * viewer's size picks it), so all of them (four here, about 2 KiB each, alike enough to
   * compress to little).
   */
  media: EarlyMediaPlaylist[];
}

export interface EarlyDataSources {
  channels: Pick<ChannelStore, 'get'>;
  /** The own origin's multivariant playlist for a live channel, or null. */
  multivariantText(slug: string): string | null;
  /** The own origin's media playlists for a live channel, by the URI the multivariant lists. */
  mediaPlaylistsNow(slug: string): { uri: string; playlist: { text: string; writtenAtMs: number } }[];
  /** Copies of a stream's playlists played from elsewhere (external-playlists.ts), or null. */
  externalCopies?(url: string): { multivariant: string; media: EarlyMediaPlaylist[] } | null;
}

/** The early data of the page `/{slug}` served at `origin`, or null where there is none to give. */
export function earlyDataFor(slug: string, origin: string, sources: EarlyDataSources): EarlyData | null {
  const channel = sources.channels.get(slug);
  if (!channel || channel.playbackAuth) return null;
  const absolute = (path: string) => new URL(path, origin).href;
  const url = playbackUrlOf(channel, origin);
  const answers = {
    [channelPath(CHANNEL_INFO_PATH, slug)]: channelInfoView(channel, absolute),
    [channelPath(CHANNEL_PLAYBACK_URL_PATH, slug)]: { data: url },
  };
  const own = url !== null && new URL(url).origin === origin && new URL(url).pathname.startsWith('/hls/');
  // A protected stream's playlists leave the origin with its key tags (protection/index.ts
  // adds them as they are sent): the page asks for those, never a copy without them.
  const plain = own && channel.protection === undefined;
  if (url && !own && channel.live && channel.playbackUrl === url) {
    const copies = sources.externalCopies?.(url) ?? null;
    return copies
      ? { answers, multivariant: { url, text: copies.multivariant }, media: copies.media }
      : { answers, multivariant: null, media: [] };
  }
  const text = plain && channel.live ? sources.multivariantText(channel.slug) : null;
  if (!url || !text) return { answers, multivariant: null, media: [] };
  const media = sources
    .mediaPlaylistsNow(channel.slug)
    .map(({ uri, playlist }) => ({ url: new URL(uri, url).href, ...playlist }));
  return { answers, multivariant: { url, text }, media };
}

/** The data in the page's head, ahead of the early start that reads it. */
export function injectEarlyData(html: string, data: EarlyData): string {
  const element = `<script id="${EARLY_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(data)}</script>`;
  return html.includes('<head>') ? html.replace('<head>', () => `<head>\n    ${element}`) : element + html;
}

/** The channel slug of a page URL `/{slug}` (any query), or null for any other path. */
export function pageSlug(url: string): string | null {
  const raw = /^\/([^/?#]+)\/?(?:[?#]|$)/.exec(url)?.[1];
  if (!raw) return null;
  try {
    const slug = decodeURIComponent(raw);
    return isValidSlug(slug) ? slug : null;
  } catch {
    return null;
  }
}
