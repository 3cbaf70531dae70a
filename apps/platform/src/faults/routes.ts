/**
 * Admin API of the fault injector (local testing only):
 *
 *   POST   /admin/channels/:slug/faults          add a fault → 201 with the stored fault
 *   GET    /admin/channels/:slug/faults          → { faults: [...] } with hits and remaining
 *   DELETE /admin/channels/:slug/faults          clear all → 204
 *   DELETE /admin/channels/:slug/faults/:id      remove one → 204 (404 when unknown)
 *   GET    /admin/channels/:slug/requests        → { requests: [...] } (?since=<seq>)
 *   DELETE /admin/channels/:slug/requests        forget the log → 204
 */

import { isValidSlug } from '@onair/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isActive, type Fault } from './fault-rules.ts';
import { parseFaultSpec, type FaultSpec } from './fault-spec.ts';
import type { FaultStore } from './fault-store.ts';
import { sendFaultError } from './reply-error.ts';

export interface FaultRoutesOptions {
  store: FaultStore;
  /** When given, slugs it rejects answer 404; without it any well-formed slug is accepted. */
  channelExists?: (slug: string) => boolean;
}

/** A fault as the admin API shows it. */
export type FaultView = { id: string } & FaultSpec & { remaining: number | null; hits: number; active: boolean };

export function faultView(fault: Fault): FaultView {
  const { id, remaining, hits, ...spec } = fault;
  return { id, ...spec, remaining, hits, active: isActive(fault) };
}

interface SlugParams {
  slug: string;
}
interface FaultParams extends SlugParams {
  id: string;
}

const SINCE_PATTERN = /^\d{1,15}$/;

/** Encapsulated, so its error handler (JSON parse errors in our shape) stays local. */
export async function faultAdminRoutes(scope: FastifyInstance, options: FaultRoutesOptions): Promise<void> {
  const { store, channelExists } = options;

  scope.setErrorHandler((error: FastifyError, _request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    return sendFaultError(reply, status, status === 500 ? 'Internal error' : error.message);
  });

  /** Answers 404 (and returns false) for a slug that names no channel. */
  function known(request: FastifyRequest<{ Params: SlugParams }>, reply: FastifyReply): boolean {
    const { slug } = request.params;
    if (isValidSlug(slug) && (channelExists?.(slug) ?? true)) return true;
    sendFaultError(reply, 404, `Channel ${JSON.stringify(slug)} not found`);
    return false;
  }

  scope.post<{ Params: SlugParams }>('/admin/channels/:slug/faults', async (request, reply) => {
    if (!known(request, reply)) return reply;
    const parsed = parseFaultSpec(request.body);
    if (!parsed.ok) return sendFaultError(reply, 400, parsed.message);
    const fault = store.add(request.params.slug, parsed.spec);
    return reply.code(201).header('cache-control', 'no-store').send(faultView(fault));
  });

  scope.get<{ Params: SlugParams }>('/admin/channels/:slug/faults', async (request, reply) => {
    if (!known(request, reply)) return reply;
    return reply.header('cache-control', 'no-store').send({ faults: store.list(request.params.slug).map(faultView) });
  });

  scope.delete<{ Params: SlugParams }>('/admin/channels/:slug/faults', async (request, reply) => {
    if (!known(request, reply)) return reply;
    store.clear(request.params.slug);
    return reply.code(204).send();
  });

  scope.delete<{ Params: FaultParams }>('/admin/channels/:slug/faults/:id', async (request, reply) => {
    if (!known(request, reply)) return reply;
    const { slug, id } = request.params;
    if (!store.remove(slug, id))
      return sendFaultError(reply, 404, `Channel ${slug} has no fault ${JSON.stringify(id)}`);
    return reply.code(204).send();
  });

  scope.get<{ Params: SlugParams; Querystring: Record<string, string | string[] | undefined> }>(
    '/admin/channels/:slug/requests',
    async (request, reply) => {
      if (!known(request, reply)) return reply;
      const { since, ...rest } = request.query;
      const unknown = Object.keys(rest)[0];
      if (unknown !== undefined) return sendFaultError(reply, 400, `Unknown query parameter "${unknown}"`);
      if (since !== undefined && (typeof since !== 'string' || !SINCE_PATTERN.test(since))) {
        return sendFaultError(reply, 400, `"since" must be a request sequence number (got ${JSON.stringify(since)})`);
      }
      const requests = store.requests(request.params.slug, since === undefined ? 0 : Number(since));
      return reply.header('cache-control', 'no-store').send({ requests });
    },
  );

  scope.delete<{ Params: SlugParams }>('/admin/channels/:slug/requests', async (request, reply) => {
    if (!known(request, reply)) return reply;
    store.clearRequests(request.params.slug);
    return reply.code(204).send();
  });
}
