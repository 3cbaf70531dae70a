import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ChannelStore } from '../channels/channel-store.ts';
import { isEmbedPath } from '../embed-static.ts';
import { errorBody } from '../http-error.ts';
import { mainSiteUrl, oembedChannel } from './channel-facts.ts';
import { embedPageUrl, parseEmbedPageUrl } from './embed-page-url.ts';
import type { ImageSize } from './image-size.ts';
import { oembedAnswer } from './oembed-answer.ts';
import { readOEmbedQuery } from './oembed-query.ts';

export const OEMBED_PATH = '/oembed';

/** How long a consumer or a shared cache may keep an answer: a live title changes, a frame does not. */
export const OEMBED_CACHE_CONTROL = 'public, max-age=300';

export interface OEmbedRouteOptions {
  channels: ChannelStore;
  /** The size of a channel image by its path (image-size.ts); none known: no thumbnail. */
  imageSize?: ImageSize;
}

const STATUS_TEXT = { 400: 'Bad Request', 404: 'Not Found', 501: 'Not Implemented' } as const;

/** Errors in the platform's one error shape (http-error.ts), never cached. */
function sendOEmbedError(reply: FastifyReply, status: 400 | 404 | 501, message: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ ...errorBody(status, message), statusText: STATUS_TEXT[status] });
}

/**
 * `GET /oembed?url=…&maxwidth=&maxheight=&format=json` (oEmbed 1.0): the iframe snippet and
 * facts of one of this platform's embed pages. Readable from any origin (consumers fetch it
 * cross-origin, with no credentials); JSON like the other services, so it gets their security
 * headers (security-headers.ts: nosniff, never framed). 404 for a URL that is not a page of an
 * existing channel on this platform's origin.
 */
export function registerOEmbedRoutes(app: FastifyInstance, options: OEmbedRouteOptions): void {
  const imageSize = options.imageSize ?? (() => undefined);
  app.get(OEMBED_PATH, async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    const query = readOEmbedQuery(request.query as Record<string, unknown>);
    if (!query.ok) return sendOEmbedError(reply, query.status, query.message);

    const page = parseEmbedPageUrl(query.url, request.selfOrigin);
    const record = page && isEmbedPath(new URL(query.url).pathname) ? options.channels.get(page.slug) : undefined;
    if (!page || !record) return sendOEmbedError(reply, 404, 'No embed page at this URL');

    const answer = oembedAnswer({
      channel: oembedChannel(record, request.selfOrigin, imageSize),
      src: embedPageUrl(request.selfOrigin, { slug: record.slug, options: page.options }),
      options: page.options,
      providerUrl: mainSiteUrl(request.selfOrigin),
      limits: query.limits,
    });
    return reply.header('cache-control', OEMBED_CACHE_CONTROL).type('application/json; charset=utf-8').send(answer);
  });
}
