/**
 * The embed's query parameters (SPEC §2): each is on only when its value is exactly the text
 * 'true'; any other value ('TRUE', '1', '') is off; an absent parameter takes its default.
 */
export interface EmbedParams {
  muted: boolean;
  autoplay: boolean;
  allowfullscreen: boolean;
}

export const EMBED_PARAM_DEFAULTS: Readonly<EmbedParams> = {
  muted: false,
  autoplay: true,
  allowfullscreen: true,
};

export function parseEmbedParams(search: string | URLSearchParams): EmbedParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const read = (name: keyof EmbedParams): boolean => {
    // A repeated parameter is read by its first value, as URLSearchParams.get does.
    const value = params.get(name);
    return value === null ? EMBED_PARAM_DEFAULTS[name] : value === 'true';
  };
  return { muted: read('muted'), autoplay: read('autoplay'), allowfullscreen: read('allowfullscreen') };
}
