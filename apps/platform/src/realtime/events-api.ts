/**
 * The protocol's HTTP events API, what server SDKs (the official `pusher` package included)
 * call to publish:
 *
 *   POST /apps/:appId/events         → 200 {} (or {channels: {name: {subscription_count}}})
 *   POST /apps/:appId/batch_events   → 200 {} (or {batch: [{subscription_count}, ..]})
 *
 * 404 for another app id, 401 for a bad signature (events-api-auth.ts), 400/413 for a bad
 * body (event-request.ts). Errors are plain text, as the hosted service answers them and as
 * SDKs surface them (the body becomes the error's message), not the embed's error shape.
 *
 * Registered in its own plugin scope: the signature covers the body's MD5, so this scope
 * keeps JSON bodies as raw text and parses them itself, leaving the platform's parser alone.
 */

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChannelRegistry } from './channel-registry.ts';
import { parseQuery, verifySignedRequest } from './events-api-auth.ts';
import { parseBatchBody, parseTriggerBody, type EventDelivery } from './event-request.ts';
import type { RealtimeCredentials, RealtimeTimings } from './realtime-config.ts';

export interface EventsApiOptions {
  credentials: RealtimeCredentials;
  registry: ChannelRegistry;
  timings: Pick<RealtimeTimings, 'apiTimestampSkewS'>;
  /** Clock for the `auth_timestamp` window (ms since the epoch). */
  now: () => number;
}

type AppRequest = FastifyRequest<{ Params: { appId: string } }>;

function sendText(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(`${message}\n`);
}

export async function eventsApiRoutes(scope: FastifyInstance, options: EventsApiOptions): Promise<void> {
  const { credentials, registry } = options;

  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  scope.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    return sendText(reply, status, status === 500 ? 'Internal error' : error.message);
  });

  /** The request's JSON body once app id and signature are right; otherwise answers and gives undefined. */
  function authenticated(request: AppRequest, reply: FastifyReply): { body: unknown } | undefined {
    if (request.params.appId !== credentials.appId) {
      sendText(reply, 404, `Unknown app id ${JSON.stringify(request.params.appId)}`);
      return undefined;
    }
    const queryStart = request.url.indexOf('?');
    const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
    const query = parseQuery(queryStart < 0 ? '' : request.url.slice(queryStart + 1));
    if (!query) {
      sendText(reply, 400, 'A query parameter is repeated');
      return undefined;
    }
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const auth = verifySignedRequest(
      { method: request.method, path, query, rawBody },
      {
        key: credentials.key,
        secret: credentials.secret,
        nowMs: options.now(),
        maxSkewS: options.timings.apiTimestampSkewS,
      },
    );
    if (!auth.ok) {
      sendText(reply, 401, auth.message);
      return undefined;
    }
    try {
      return { body: JSON.parse(rawBody) as unknown };
    } catch {
      sendText(reply, 400, 'Body is not valid JSON');
      return undefined;
    }
  }

  function deliver(event: EventDelivery): void {
    for (const channel of event.channels) registry.publish(channel, event.name, event.data, event.socketId);
  }

  const wantsCount = (event: EventDelivery) => event.info.includes('subscription_count');

  scope.post<{ Params: { appId: string } }>('/apps/:appId/events', async (request, reply) => {
    const received = authenticated(request, reply);
    if (!received) return reply;
    const parsed = parseTriggerBody(received.body);
    if (!parsed.ok) return sendText(reply, parsed.status, parsed.message);
    const event = parsed.value;
    deliver(event);
    if (!wantsCount(event)) return {};
    const channels = Object.fromEntries(
      event.channels.map((channel) => [channel, { subscription_count: registry.subscriptionCount(channel) }]),
    );
    return { channels };
  });

  scope.post<{ Params: { appId: string } }>('/apps/:appId/batch_events', async (request, reply) => {
    const received = authenticated(request, reply);
    if (!received) return reply;
    const parsed = parseBatchBody(received.body);
    if (!parsed.ok) return sendText(reply, parsed.status, parsed.message);
    for (const event of parsed.value) deliver(event);
    if (!parsed.value.some(wantsCount)) return {};
    return {
      batch: parsed.value.map((event) =>
        wantsCount(event) ? { subscription_count: registry.subscriptionCount(event.channels[0] ?? '') } : {},
      ),
    };
  });
}
