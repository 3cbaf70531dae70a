import type { OEmbedResponse } from '@onair/contracts';
import type { EmbedOptions } from './embed-page-url.ts';

/**
 * What `GET /oembed` answers for an embed page (https://oembed.com, 1.0): a `video` whose html
 * is the embed's iframe. Pure: the route (routes.ts) finds the channel and hands its facts here.
 */

export const PROVIDER_NAME = 'OnAir';

export interface Size {
  width: number;
  height: number;
}

/** The player's frame when the consumer sets no limit: 640×360, 16:9 like the stream. */
export const DEFAULT_SIZE: Readonly<Size> = { width: 640, height: 360 };

/**
 * The smallest frame answered, 200×113: below it the player's controls no longer fit. A limit
 * smaller than that still gets this size (oEmbed has no error for "too small"), so it is the
 * one case where the answer exceeds maxwidth or maxheight.
 */
export const MIN_SIZE: Readonly<Size> = { width: 200, height: 113 };

export interface SizeLimits {
  maxwidth?: number;
  maxheight?: number;
}

/**
 * The largest 16:9 frame within the limits and the default size (never scaled up), in whole
 * pixels: the width is rounded down, the height rounded from it, which keeps it within
 * maxheight (w ≤ maxheight·16/9, so round(w·9/16) ≤ maxheight).
 */
export function fitSize(limits: SizeLimits = {}): Size {
  const byHeight = limits.maxheight === undefined ? Infinity : Math.floor((limits.maxheight * 16) / 9);
  const width = Math.max(
    MIN_SIZE.width,
    Math.floor(Math.min(DEFAULT_SIZE.width, limits.maxwidth ?? Infinity, byHeight)),
  );
  return { width, height: Math.round((width * 9) / 16) };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text that is safe as an HTML attribute value (quoted) or as element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

export interface IframeInput extends Size {
  src: string;
  title: string;
  allowFullscreen: boolean;
}

/**
 * The snippet a consumer pastes: every attribute value escaped. Fullscreen is granted (the
 * `allowfullscreen` attribute and `fullscreen` in the permissions list) only when the embed's
 * allowfullscreen option is on: `allow="fullscreen"` alone would grant it as well.
 */
export function embedIframeHtml(input: IframeInput): string {
  // encrypted-media: a DRM-protected channel's licenses are asked for from the frame (EME).
  const allow = [
    'autoplay',
    ...(input.allowFullscreen ? ['fullscreen'] : []),
    'picture-in-picture',
    'encrypted-media',
  ].join('; ');
  return [
    `<iframe src="${escapeHtml(input.src)}"`,
    ` width="${input.width}" height="${input.height}"`,
    ` title="${escapeHtml(input.title)}" frameborder="0" allow="${allow}"`,
    input.allowFullscreen ? ' allowfullscreen' : '',
    '></iframe>',
  ].join('');
}

/** The facts of one channel the answer is made of. */
export interface OEmbedChannel {
  username: string;
  /** The live session's title; null while offline. */
  sessionTitle: string | null;
  /** The channel's page on the main site, when there is one. */
  authorUrl: string | null;
  /** The channel's image with its size, when both are known. */
  thumbnail: ({ url: string } & Size) | null;
}

/** The answer's title: the live session's title while live, else the channel's name. */
export function oembedTitle(channel: Pick<OEmbedChannel, 'username' | 'sessionTitle'>): string {
  return channel.sessionTitle?.trim() ? channel.sessionTitle : channel.username;
}

export interface OEmbedAnswerInput {
  channel: OEmbedChannel;
  /** The canonical embed page URL (embed-page-url.ts), the iframe's src. */
  src: string;
  options: EmbedOptions;
  providerUrl: string;
  limits: SizeLimits;
}

/**
 * The whole answer. The thumbnail is left out when it would not fit the consumer's limits:
 * the spec asks thumbnails to respect maxwidth and maxheight, and this platform cannot resize.
 */
export function oembedAnswer(input: OEmbedAnswerInput): OEmbedResponse {
  const { channel, limits } = input;
  const size = fitSize(limits);
  const title = oembedTitle(channel);
  const thumbnail = channel.thumbnail;
  const thumbnailFits =
    thumbnail !== null &&
    thumbnail.width <= (limits.maxwidth ?? Infinity) &&
    thumbnail.height <= (limits.maxheight ?? Infinity);
  return {
    version: '1.0',
    type: 'video',
    provider_name: PROVIDER_NAME,
    provider_url: input.providerUrl,
    title,
    author_name: channel.username,
    ...(channel.authorUrl ? { author_url: channel.authorUrl } : {}),
    ...(thumbnailFits
      ? { thumbnail_url: thumbnail.url, thumbnail_width: thumbnail.width, thumbnail_height: thumbnail.height }
      : {}),
    html: embedIframeHtml({ src: input.src, title, allowFullscreen: input.options.allowfullscreen, ...size }),
    ...size,
  };
}
