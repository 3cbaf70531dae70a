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

/** The longest `ddforward` kept: the SDK's is its intake path and a short query (a few hundred bytes). */
export const MAX_FORWARD_LENGTH = 1024;

/**
 * What the SDK names as the provider's path (`/api/v2/rum?ddsource=browser&…`): a path on the
 * provider's own intake, never a URL of its own choosing (a production forwarder would send
 * there). Anything else is not kept.
 */
export function checkedForward(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_FORWARD_LENGTH) return null;
  if (!/^\/api\/v2\/[a-z]+(\?[\w.%&=,:~+-]*)?$/i.test(value)) return null;
  return value;
}

export function registerMonitoringIntake(app: FastifyInstance, options: { admin: boolean }): void {
  const events = new BoundedLog<IntakeEvent>(MAX_EVENTS, MONITORING_KEPT_BYTES);

  const limits = { bodyLimit: MONITORING_BODY_LIMIT };
  app.post<{ Querystring: { ddforward?: string } }>('/monitoring/intake', limits, async (request, reply) => {
    const forward = checkedForward(request.query.ddforward);
    const forwardBytes = forward === null ? 0 : Buffer.byteLength(forward);
    const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? '');
    for (const line of body.split('\n')) {
      if (line.trim() === '') continue;
      let event: unknown;
      try {
        event = JSON.parse(line);
      } catch {
        continue; // a torn batch line is dropped, the rest of the batch kept
      }
      // What is kept is weighed whole: the forward path counts against the bound too.
      events.push({ receivedAt: Date.now(), forward, event }, Buffer.byteLength(line) + forwardBytes);
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
