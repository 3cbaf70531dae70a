/**
 * The device-identification service's first-party paths (SPEC §7: the agent script and the
 * endpoint are proxied through the product's own host):
 *
 *   GET    /device-id/agent.js          the agent, an ES module (agent-script.ts)
 *   POST   /device-id/identify          {apiKey, url} → {requestId, visitorId}; errors in
 *                                       identify-error.ts's shape with a machine code; the
 *                                       requestId is signed (request-id.ts), for the viewer
 *                                       token endpoint to verify
 *   POST   /admin/device-id/faults      queue {status?, delayMs?, count?} → 201 { faults }
 *   GET    /admin/device-id/faults      → { faults: [{ status?, delayMs, remaining }] }
 *   DELETE /admin/device-id/faults      clear → 204
 *
 * A production deployment forwards the first two to the vendor; this stand-in answers itself.
 */

import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../http-error.ts';
import { AGENT_PATH, AGENT_SCRIPT } from './agent-script.ts';
import { codeForStatus, sendIdentifyError } from './identify-error.ts';
import { parseIdentifyFault, type IdentifyFaults } from './identify-faults.ts';
import { signRequestId } from './request-id.ts';
import { deviceCookieHeader, deviceCookieOf, visitorIdFor } from './visitor-id.ts';

export const IDENTIFY_PATH = '/device-id/identify';
export const FAULTS_PATH = '/admin/device-id/faults';

export interface IdentityRoutesOptions {
  apiKey: string;
  secret: string;
  faults: IdentifyFaults;
  now: () => number;
  admin: boolean;
}

/** Encapsulated, so the error handler (bodies in our shapes) stays local to these paths. */
export async function identityRoutes(scope: FastifyInstance, options: IdentityRoutesOptions): Promise<void> {
  const { faults, now } = options;

  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'device identification failed');
    if (request.url.startsWith('/admin/'))
      return sendError(reply, status, status === 500 ? 'Internal error' : error.message);
    return sendIdentifyError(reply, status, codeForStatus(status));
  });

  scope.get(AGENT_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(AGENT_SCRIPT),
  );

  scope.post(IDENTIFY_PATH, async (request, reply) => {
    const fault = faults.take();
    if (fault && fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.status !== undefined) return sendIdentifyError(reply, fault.status, codeForStatus(fault.status));

    // Browsers send Origin on every POST; a foreign one means another site embeds our agent with our key.
    const origin = request.headers.origin;
    if (origin !== undefined && hostOf(origin) !== hostOf(`${request.protocol}://${request.host}`)) {
      return sendIdentifyError(reply, 403, 'origin_not_available');
    }
    const apiKey = apiKeyOf(request.body);
    if (apiKey === undefined) return sendIdentifyError(reply, 401, 'api_key_missing');
    if (apiKey !== options.apiKey) return sendIdentifyError(reply, 403, 'api_key_invalid');

    const device = deviceCookieOf(request.headers.cookie);
    if (device.issued) reply.header('set-cookie', deviceCookieHeader(device.id, reachedOverHttps(request)));
    const visitorId = visitorIdFor(options.secret, device.id);
    return reply
      .header('cache-control', 'no-store')
      .send({ requestId: signRequestId(options.secret, { visitorId, issuedAt: now() }), visitorId });
  });

  if (!options.admin) return;

  scope.post(FAULTS_PATH, async (request, reply) => {
    const parsed = parseIdentifyFault(request.body);
    if (!parsed.ok) return sendError(reply, 400, parsed.message);
    faults.add(parsed.fault);
    return reply.code(201).send({ faults: faults.list() });
  });
  scope.get(FAULTS_PATH, async () => ({ faults: faults.list() }));
  scope.delete(FAULTS_PATH, async (_request, reply) => {
    faults.clear();
    return reply.code(204).send();
  });
}

/**
 * Whether the browser reached the platform over https, the condition for a cookie a cross-site
 * iframe keeps (visitor-id.ts). Behind a TLS-terminating proxy (nginx speaking http to us) the
 * request itself is plain http, so what counts is the origin the platform answers as: one of
 * its configured ORIGINS (self-origin.ts), https where the deployment is served over https. No
 * header is read for it (`X-Forwarded-Proto`): a stranger writes those as they like. selfOrigin
 * is unset only where these routes are mounted without registerSelfOrigin (their unit tests).
 */
function reachedOverHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.selfOrigin?.startsWith('https://') === true;
}

/** The key from a JSON body; a text/plain body (sendBeacon-style) is read as JSON too. */
function apiKeyOf(body: unknown): string | undefined {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const apiKey = typeof value === 'object' && value !== null ? (value as { apiKey?: unknown }).apiKey : undefined;
  return typeof apiKey === 'string' && apiKey !== '' ? apiKey : undefined;
}

/** Normalised (default port dropped), so `http://h:80` and `h` compare equal. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
