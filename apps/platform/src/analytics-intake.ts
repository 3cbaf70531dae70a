import type { FastifyInstance } from 'fastify';
import { BoundedLog } from './bounded-log.ts';

/**
 * Where the embed sends the player's analytics events (the spec does not show the endpoint:
 * ours is `POST /analytics/events`, JSON `{name, properties}`). It records them so that tests
 * can prove the consent gate: events arrive only when targeting is allowed.
 */
const MAX_EVENTS = 500;
/** One event with its properties is well under 1 KiB; 16 KiB is room, not an invitation. */
export const ANALYTICS_BODY_LIMIT = 16 * 1024;
/** What all kept events may weigh together. */
export const ANALYTICS_KEPT_BYTES = 1024 * 1024;

export function registerAnalyticsIntake(app: FastifyInstance, options: { admin: boolean }): void {
  const events = new BoundedLog<{ receivedAt: number; event: unknown }>(MAX_EVENTS, ANALYTICS_KEPT_BYTES);

  app.post('/analytics/events', { bodyLimit: ANALYTICS_BODY_LIMIT }, async (request, reply) => {
    const body = request.body as { name?: unknown; properties?: unknown } | null;
    if (!body || typeof body.name !== 'string' || typeof body.properties !== 'object' || body.properties === null) {
      return reply
        .code(400)
        .send({ status: 400, statusText: 'Bad Request', data: { message: 'Expected {name, properties}' } });
    }
    events.push({ receivedAt: Date.now(), event: body }, Buffer.byteLength(JSON.stringify(body)));
    return reply.code(202).send();
  });

  if (!options.admin) return;
  app.get('/admin/analytics/events', async () => ({ events: events.values() }));
  app.delete('/admin/analytics/events', async (_request, reply) => {
    events.clear();
    return reply.code(204).send();
  });
}
