import type { ChannelRecord, ChannelStore } from '../channels/channel-store.ts';
import { publicConfigFor } from '../public-config.ts';
import type { DiscoveryLookup } from './discovery.ts';
import type { ImageSize } from './image-size.ts';
import { oembedTitle, type OEmbedChannel } from './oembed-answer.ts';

/** An absolute http(s) URL, or null. */
function httpUrl(value: string | undefined, base?: string): URL | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The main site the embed links to (the public configuration's PUBLIC_MAIN_SITE_URL, which is
 * this platform's own origin unless the deployment names another): the oEmbed provider_url.
 */
export function mainSiteUrl(selfOrigin: string, env: NodeJS.ProcessEnv = process.env): string {
  return httpUrl(publicConfigFor(selfOrigin, env).PUBLIC_MAIN_SITE_URL)?.href ?? new URL(selfOrigin).origin + '/';
}

/** `{mainSite}/{slug}`, a path prefix of the main site kept, as the embed's overlay links it. */
export function channelPageUrl(mainSite: string, slug: string): string {
  const url = new URL(mainSite);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodeURIComponent(slug)}`;
  url.search = '';
  url.hash = '';
  return url.href;
}

/** What the oEmbed answer says of a stored channel: names, main-site page, image and its size. */
export function oembedChannel(
  record: ChannelRecord,
  selfOrigin: string,
  imageSize: ImageSize,
  env: NodeJS.ProcessEnv = process.env,
): OEmbedChannel {
  const image = record.banner ? httpUrl(record.banner, selfOrigin) : null;
  const size = record.banner ? imageSize(record.banner) : undefined;
  return {
    username: record.username,
    sessionTitle: record.live?.session_title ?? null,
    authorUrl: channelPageUrl(mainSiteUrl(selfOrigin, env), record.slug),
    thumbnail: image && size ? { url: image.href, ...size } : null,
  };
}

/** The discovery link's lookup over the store: the channel's slug and its oEmbed title. */
export function discoveryLookup(store: ChannelStore): DiscoveryLookup {
  return (slug) => {
    const record = store.get(slug);
    return record
      ? {
          slug: record.slug,
          title: oembedTitle({ username: record.username, sessionTitle: record.live?.session_title ?? null }),
        }
      : undefined;
  };
}
