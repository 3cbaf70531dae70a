/**
 * What the SDK puts on a host page: the embed's URL and the iframe's attributes. Pure, so the
 * embed builder's iframe snippet and the SDK's own frame are the same markup by construction.
 */

/** The embed's query parameters (the embed reads each as on only when it is exactly 'true'). */
export interface EmbedParams {
  muted: boolean;
  autoplay: boolean;
  allowfullscreen: boolean;
}

/** The query parameter of FrameOptions.audioOnlyWhenHidden (on only when exactly 'true'). */
export const AUDIO_ONLY_WHEN_HIDDEN_PARAM = 'audioonlywhenhidden';

/** The embed's own defaults, written out in every URL so a snippet says what it does. */
export const DEFAULT_PARAMS: Readonly<EmbedParams> = { muted: false, autoplay: true, allowfullscreen: true };

export interface FrameOptions extends Partial<EmbedParams> {
  /**
   * Out of sight for 30 s (scrolled away, a background tab), the embed plays the sound alone,
   * and the picture comes back at the live edge when it is in sight again. Off by default: the
   * page decides, since it knows whether a listener wants the sound without the picture.
   */
  audioOnlyWhenHidden?: boolean;
  /** The channel's slug, as in `https://player.example/{channel}`. */
  channel: string;
  /** Pixels (a number) or any CSS length the `width` attribute takes; default 640. */
  width?: number | string;
  /** Default 360 (16:9 with the default width). */
  height?: number | string;
  /** The frame's accessible name; default `OnAir player: {channel}`. */
  title?: string;
}

/**
 * The origin of an http(s) URL, or null: a `file:` page, `about:blank` or garbage has none the
 * embed could be served from.
 */
export function httpOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** `${origin}/${channel}?muted=…&autoplay=…&allowfullscreen=…`; a param is on only for a real `true`. */
export function embedUrl(
  origin: string,
  channel: string,
  params: Partial<EmbedParams> & { audioOnlyWhenHidden?: boolean } = {},
): string {
  const base = httpOrigin(origin);
  if (!base) throw new TypeError(`OnAir: the embed origin must be an http(s) origin (got "${origin}")`);
  if (!channel) throw new TypeError('OnAir: a channel is required');
  // An option given as undefined is not given (a React prop left out, `{ autoplay: undefined }`):
  // the default, as frameAttributes reads it, not "off". `=== true`: a script passing the text
  // 'false' must not switch a param on.
  const query = (Object.keys(DEFAULT_PARAMS) as (keyof EmbedParams)[])
    .map((name) => `${name}=${(params[name] ?? DEFAULT_PARAMS[name]) === true}`)
    .join('&');
  // Written only when on, so every URL without it stays as it was.
  const hidden = params.audioOnlyWhenHidden === true ? `&${AUDIO_ONLY_WHEN_HIDDEN_PARAM}=true` : '';
  return `${base}/${encodeURIComponent(channel)}?${query}${hidden}`;
}

/**
 * The iframe's attributes, in the order a snippet shows them. `allow` delegates autoplay,
 * picture-in-picture and EME (a DRM-protected channel's licenses: `encrypted-media`) to the
 * cross-origin frame, and fullscreen only when it is allowed (with
 * the older `allowfullscreen` attribute beside it for browsers without `allow`), so the
 * embed's control and what the frame may do agree.
 */
export function frameAttributes(origin: string, options: FrameOptions): Record<string, string> {
  const allowFullscreen = (options.allowfullscreen ?? DEFAULT_PARAMS.allowfullscreen) === true;
  const attributes: Record<string, string> = {
    src: embedUrl(origin, options.channel, options),
    title: options.title ?? `OnAir player: ${options.channel}`,
    width: String(options.width ?? 640),
    height: String(options.height ?? 360),
    allow: allowFullscreen
      ? 'autoplay; fullscreen; picture-in-picture; encrypted-media'
      : 'autoplay; picture-in-picture; encrypted-media',
  };
  if (allowFullscreen) attributes.allowfullscreen = '';
  return attributes;
}
