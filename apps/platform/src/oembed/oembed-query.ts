import type { SizeLimits } from './oembed-answer.ts';

/**
 * The query of `GET /oembed` (oEmbed 1.0, section 2.2), checked in this order: a malformed
 * request is 400 (no `url`, one that is not an absolute URL or is longer than 2048 characters,
 * a parameter given twice, a maxwidth or maxheight that is not a positive whole number), then a
 * format other than json is 501. An empty maxwidth or maxheight (`maxwidth=`, as a form sends
 * it) is no limit. Whether the URL is one of this platform's pages is the route's (404).
 */
export type OEmbedQuery =
  { ok: true; url: string; limits: SizeLimits } | { ok: false; status: 400 | 501; message: string };

export const MAX_URL_LENGTH = 2048;

const fail = (status: 400 | 501, message: string): OEmbedQuery => ({ ok: false, status, message });

export function readOEmbedQuery(query: Readonly<Record<string, unknown>>): OEmbedQuery {
  for (const name of ['url', 'maxwidth', 'maxheight', 'format']) {
    const value = query[name];
    if (value !== undefined && typeof value !== 'string') return fail(400, `${name} must be given once`);
  }
  const url = query.url as string | undefined;
  if (url === undefined || url === '') return fail(400, 'url is required');
  if (url.length > MAX_URL_LENGTH) return fail(400, `url must be at most ${MAX_URL_LENGTH} characters`);
  if (!URL.canParse(url)) return fail(400, 'url must be an absolute URL');

  const limits: SizeLimits = {};
  for (const name of ['maxwidth', 'maxheight'] as const) {
    const value = query[name] as string | undefined;
    if (value === undefined || value === '') continue;
    const pixels = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!(pixels > 0)) return fail(400, `${name} must be a positive whole number of pixels`);
    limits[name] = pixels;
  }

  const format = query.format as string | undefined;
  if (format !== undefined && format !== 'json') return fail(501, 'Only the json format is served');
  return { ok: true, url, limits };
}
