import { embedPageUrl, parseEmbedPageUrl } from './embed-page-url.ts';
import { escapeHtml } from './oembed-answer.ts';

/**
 * oEmbed discovery (oEmbed 1.0, section 4): a channel's embed page names its oEmbed URL in a
 * `<link rel="alternate">`, so a consumer given the page finds the endpoint without a list of
 * providers. Only `/{slug}` pages of channels that exist carry it.
 */

/** A channel by slug (as the store finds it: case-insensitively): its own slug and its title. */
export type DiscoveryLookup = (slug: string) => { slug: string; title: string } | undefined;

/** `{origin}/oembed?url=…&format=json` for an embed page URL. */
export function oembedEndpointUrl(selfOrigin: string, pageUrl: string): string {
  const url = new URL('/oembed', new URL(selfOrigin).origin);
  url.searchParams.set('url', pageUrl);
  url.searchParams.set('format', 'json');
  return url.href;
}

/**
 * The discovery element for the page at `requestUrl` (path and query, as the request names
 * it), or null when it is not a channel page or `lookup` knows no such channel. The page URL
 * it names is the canonical one (embed-page-url.ts, the channel's own slug): nothing of the
 * request is copied as sent, and every attribute value is escaped.
 */
export function oembedDiscoveryLink(requestUrl: string, selfOrigin: string, lookup: DiscoveryLookup): string | null {
  let absolute: string;
  try {
    absolute = new URL(requestUrl, selfOrigin).href;
  } catch {
    return null;
  }
  const page = parseEmbedPageUrl(absolute, selfOrigin);
  if (!page) return null;
  const channel = lookup(page.slug);
  if (!channel) return null;
  const href = oembedEndpointUrl(selfOrigin, embedPageUrl(selfOrigin, { ...page, slug: channel.slug }));
  return `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(href)}" title="${escapeHtml(channel.title)}">`;
}

/**
 * Puts `element` at the start of <head>, as the configuration is put (public-config.ts), with
 * a function replacer: a string one would read `$&` in a title as a replacement pattern. A
 * page without a <head> is left as it is: the link is optional, and markup before the
 * doctype would put the page in quirks mode.
 */
export function injectIntoHead(html: string, element: string): string {
  return html.replace('<head>', () => `<head>\n    ${element}`);
}
