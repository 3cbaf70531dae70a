/**
 * The embed page's early data (issue 36, "first frame at or below native"): the platform that
 * serves `/{slug}` already knows what the page's first requests would ask it (the channel's
 * info and playback URL) and what the stream's first one would (the multivariant playlist),
 * so it writes them into the page, where the early start takes them
 * (apps/embed/src/boot/early-data.ts) instead of asking. The bodies are exactly the API's and
 * the origin's answers, so the client validates them as it would those.
 *
 * Left out: a private channel (its playback URL carries a token minted per request for the
 * embed's own pages: the page asks for it), and the playlist of a stream played from
 * elsewhere (CHANNELS_FILE) or off air.
 */

import { isValidSlug } from '@onair/contracts';
import { CHANNEL_INFO_PATH, CHANNEL_PLAYBACK_URL_PATH, channelPath } from '@onair/contracts/channel-paths';
import type { ChannelStore } from './channels/channel-store.ts';
import { channelInfoView, playbackUrlOf } from './channels/channel-views.ts';
import { scriptSafeJson } from './public-config.ts';

export const EARLY_DATA_ELEMENT_ID = 'onair-early-data';

export interface EarlyData {
  answers: Record<string, unknown>;
  multivariant: { url: string; text: string } | null;
}

export interface EarlyDataSources {
  channels: Pick<ChannelStore, 'get'>;
  /** The own origin's multivariant playlist for a live channel, or null. */
  multivariantText(slug: string): string | null;
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
  const text = own && channel.live ? sources.multivariantText(channel.slug) : null;
  return { answers, multivariant: url && text ? { url, text } : null };
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
