import { STATUS_CODES } from 'node:http';
import { catalogueEntries, type RouteName } from '@onair/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChannelStore } from '../channels/channel-store.ts';
import { requestOrigin } from '../channels/routes.ts';
import { sendError, type ErrorBody } from '../http-error.ts';
import { publicReads } from './public-reads.ts';

/**
 * Catalogue routes answered elsewhere: the embed's channel calls (channels/routes.ts) and the
 * viewer counts, which the viewer service serves from presence (viewers/routes.ts). Routes of
 * other origins (viewer token, realtime authorisation) are not the product server's and are
 * skipped by origin.
 */
const SERVED_ELSEWHERE: ReadonlySet<RouteName> = new Set([
  'channels.v2.info',
  'channels.v2.playbackUrl',
  'channels.v2.videos',
  'viewers.current',
  'livestreams.viewers',
]);

function sendStatus(reply: FastifyReply, status: 401 | 501, message: string): FastifyReply {
  const body: ErrorBody = { status, statusText: STATUS_CODES[status] ?? 'Error', data: { message } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

const hasBearer = (request: FastifyRequest) => /^Bearer \S/.test(request.headers.authorization ?? '');

/**
 * The stand-in has no accounts and keeps no writes. Any call it does not model is an account
 * call: anonymous callers are asked to sign in (401, as the platform answers them), and a
 * bearer token, which no stand-in account can match, learns the call is not modelled (501).
 */
function answerAccountCall(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return hasBearer(request)
    ? sendStatus(reply, 501, 'Not implemented by the local platform')
    : sendStatus(reply, 401, 'Unauthenticated.');
}

/**
 * Registers every `site` route of the contracts' catalogue not served elsewhere: the public
 * reads in public-reads.ts from the channel seed, the rest with the error shape. Inside its
 * own plugin scope, so the multipart parser it needs for `channels.update` (whose form body
 * it never reads) stays out of the rest of the platform.
 */
export function registerCatalogueRoutes(app: FastifyInstance, store: ChannelStore): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, _body, done) => done(null));
    for (const [name, route] of catalogueEntries()) {
      if (route.origin !== 'site' || SERVED_ELSEWHERE.has(name)) continue;
      const read = route.method === 'GET' ? publicReads[name] : undefined;
      scope.route({
        method: route.method,
        url: route.path,
        handler: (request, reply) => {
          if (!read) return answerAccountCall(request, reply);
          const origin = requestOrigin(request);
          const body = read.answer({
            params: request.params as Record<string, string>,
            store,
            absolute: (path) => new URL(path, origin).href,
          });
          return body === undefined ? sendError(reply, 404, read.missing) : reply.send(body);
        },
      });
    }
  });
}
