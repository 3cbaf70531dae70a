import type { FastifyInstance } from 'fastify';
import { BoundedLog } from './bounded-log.ts';

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
/** A batch is a few KiB; more is not the SDK's (413, counted in bytes by the server). */
export const MONITORING_BODY_LIMIT = 64 * 1024;
/** What all kept events may weigh together. */
export const MONITORING_KEPT_BYTES = 2 * 1024 * 1024;

export function registerMonitoringIntake(app: FastifyInstance, options: { admin: boolean }): void {
  const events = new BoundedLog<IntakeEvent>(MAX_EVENTS, MONITORING_KEPT_BYTES);

  const limits = { bodyLimit: MONITORING_BODY_LIMIT };
  app.post<{ Querystring: { ddforward?: string } }>('/monitoring/intake', limits, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? '');
    for (const line of body.split('\n')) {
      if (line.trim() === '') continue;
      let event: unknown;
      try {
        event = JSON.parse(line);
      } catch {
        continue; // a torn batch line is dropped, the rest of the batch kept
      }
      events.push({ receivedAt: Date.now(), forward: request.query.ddforward ?? null, event }, Buffer.byteLength(line));
    }
    return reply.code(202).send();
  });

  if (!options.admin) return;
  app.get('/admin/monitoring/events', async () => ({ events: events.values() }));
  app.delete('/admin/monitoring/events', async (_request, reply) => {
    events.clear();
    return reply.code(204).send();
  });
}
