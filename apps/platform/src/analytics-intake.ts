import type { FastifyInstance } from 'fastify';

/**
 * Where the embed sends the player's analytics events (the spec does not show the endpoint:
 * ours is `POST /analytics/events`, JSON `{name, properties}`). It records them so that tests
 * can prove the consent gate: events arrive only when targeting is allowed.
 */
const MAX_EVENTS = 500;

export function registerAnalyticsIntake(app: FastifyInstance, options: { admin: boolean }): void {
  const events: { receivedAt: number; event: unknown }[] = [];

  app.post('/analytics/events', async (request, reply) => {
    const body = request.body as { name?: unknown; properties?: unknown } | null;
    if (!body || typeof body.name !== 'string' || typeof body.properties !== 'object' || body.properties === null) {
      return reply
        .code(400)
        .send({ status: 400, statusText: 'Bad Request', data: { message: 'Expected {name, properties}' } });
    }
    events.push({ receivedAt: Date.now(), event: body });
    if (events.length > MAX_EVENTS) events.splice(0, events.length - MAX_EVENTS);
    return reply.code(202).send();
  });

  if (!options.admin) return;
  app.get('/admin/analytics/events', async () => ({ events }));
  app.delete('/admin/analytics/events', async (_request, reply) => {
    events.length = 0;
    return reply.code(204).send();
  });
}
