import type { FastifyInstance } from 'fastify';

/**
 * The monitoring intake the embed's SDK posts to (its `proxy`). Locally it records the events
 * (newline-delimited JSON batches) so tests and people can read what the embed reported;
 * a production deployment forwards them to the provider named by `ddforward`.
 */
export interface IntakeEvent {
  receivedAt: number;
  forward: string | null;
  event: unknown;
}

const MAX_EVENTS = 500;

export function registerMonitoringIntake(app: FastifyInstance, options: { admin: boolean }): void {
  const events: IntakeEvent[] = [];

  app.post<{ Querystring: { ddforward?: string } }>('/monitoring/intake', async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? '');
    for (const line of body.split('\n')) {
      if (line.trim() === '') continue;
      let event: unknown;
      try {
        event = JSON.parse(line);
      } catch {
        continue; // a torn batch line is dropped, the rest of the batch kept
      }
      events.push({ receivedAt: Date.now(), forward: request.query.ddforward ?? null, event });
    }
    if (events.length > MAX_EVENTS) events.splice(0, events.length - MAX_EVENTS);
    return reply.code(202).send();
  });

  if (!options.admin) return;
  app.get('/admin/monitoring/events', async () => ({ events }));
  app.delete('/admin/monitoring/events', async (_request, reply) => {
    events.length = 0;
    return reply.code(204).send();
  });
}
