import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './http-error.ts';

/** The platform's testing hooks (`/admin/...`): mounted only with one, and only for its bearer. */
export interface AdminAccess {
  token: string;
}

/** Bodies the admin routes read are JSON; a form or text post is refused before any route runs. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Whether a request was routed to a testing hook (by the route matched, not by the raw URL). */
export function isAdminRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/admin/') ?? false;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether an Authorization header carries `token` as a bearer (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(header ?? '');
  if (!match) return false;
  // Digests: equal lengths for timingSafeEqual, and the token's length is not leaked either.
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Every route under `/admin/` ends streams, corrupts media or reads other visitors' events, so
 * it answers only a request that carries the token (401 otherwise) and, when it sends a body, a
 * JSON one (415 otherwise). A page on another site can send neither without a CORS preflight,
 * which the platform never grants: no cross-site form or `fetch` reaches a hook (CSRF).
 * Registered on the root instance before any route, so every scope inherits it.
 */
export function registerAdminGate(app: FastifyInstance, access: AdminAccess): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isAdminRoute(request)) return;
    if (!bearerMatches(request.headers.authorization, access.token)) {
      reply.header('www-authenticate', 'Bearer realm="onair-admin"');
      return sendError(reply, 401, 'The testing hooks need the admin token (Authorization: Bearer …)');
    }
    if (WITH_BODY.has(request.method) && !/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      return sendError(reply, 415, 'The testing hooks take JSON bodies (Content-Type: application/json)');
    }
  });
}
