import { isValidSlug } from '@onair/contracts';

/**
 * The embed page's options (SPEC §2), read as the embed reads them (apps/embed/src/lib/
 * embed-params.ts): each is on only when its value is exactly 'true', any other value is off,
 * an absent one takes its default. The platform imports no app code, hence this copy of the rule.
 */
export interface EmbedOptions {
  muted: boolean;
  autoplay: boolean;
  allowfullscreen: boolean;
}

export const EMBED_OPTION_DEFAULTS: Readonly<EmbedOptions> = { muted: false, autoplay: true, allowfullscreen: true };

const OPTION_NAMES = ['muted', 'autoplay', 'allowfullscreen'] as const;

/** An embed page of this platform: `{origin}/{slug}` and its options. */
export interface EmbedPage {
  slug: string;
  options: EmbedOptions;
}

/**
 * The channel page `url` names, or null when it is not one of this platform's embed pages:
 * another origin (scheme, host and port compared as URLs compare them), credentials in it,
 * or a path other than one valid slug (`/{slug}`: not `/`, not `/{slug}/offline`). The
 * fragment and unknown parameters are ignored; the slug is percent-decoded before it is
 * checked, so `/%73tudio-live` names `studio-live`. Whether the channel exists is the caller's.
 */
export function parseEmbedPageUrl(url: string, selfOrigin: string): EmbedPage | null {
  let parsed: URL;
  let self: URL;
  try {
    parsed = new URL(url);
    self = new URL(selfOrigin);
  } catch {
    return null;
  }
  if (parsed.origin !== self.origin || parsed.username !== '' || parsed.password !== '') return null;
  const segment = /^\/([^/]+)$/.exec(parsed.pathname)?.[1];
  if (segment === undefined) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (!isValidSlug(slug)) return null;
  const read = (name: keyof EmbedOptions): boolean => {
    const value = parsed.searchParams.get(name);
    return value === null ? EMBED_OPTION_DEFAULTS[name] : value === 'true';
  };
  return {
    slug,
    options: { muted: read('muted'), autoplay: read('autoplay'), allowfullscreen: read('allowfullscreen') },
  };
}

/**
 * The canonical URL of an embed page: this platform's origin, the slug as given (the caller's
 * canonical spelling), and only the options that differ from their defaults, in a fixed order.
 * Nothing of the URL a consumer sent is copied into it.
 */
export function embedPageUrl(selfOrigin: string, page: EmbedPage): string {
  const url = new URL(`/${encodeURIComponent(page.slug)}`, new URL(selfOrigin).origin);
  for (const name of OPTION_NAMES) {
    if (page.options[name] !== EMBED_OPTION_DEFAULTS[name]) url.searchParams.set(name, String(page.options[name]));
  }
  return url.href;
}
