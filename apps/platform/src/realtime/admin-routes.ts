/**
 * Admin API to take a channel live or offline (local testing only, mounted with the other
 * admin endpoints under createPlatform's `admin` option):
 *
 *   POST /admin/channels/:slug/live     body (optional): {categories?, session_title?, viewer_count?}
 *        → 200 the StreamStarted payload plus `delivery`; 409 when already live
 *   POST /admin/channels/:slug/offline  → 200 the StreamEnded payload plus `delivery`; 409 when offline
 *   POST /admin/channels/:slug/update   body: {categories?, session_title?} (one at least)
 *        → 200 the StreamUpdated payload plus `delivery`; 409 when offline
 *
 * 404 for an unknown channel, 400 for a malformed body, all in the platform's error shape.
 * `delivery` is 'sdk' (published through the events API), 'in-process' (server not listening)
 * or 'failed' (the change stands; the event was lost; see stream-lifecycle.ts).
 */

import { STATUS_CODES } from 'node:http';
import { isValidSlug } from '@onair/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../http-error.ts';
import type { Category } from '../channels/channel-store.ts';
import type { StreamLifecycle, StreamStartInput } from './stream-lifecycle.ts';

interface SlugParams {
  slug: string;
}

function sendAdminError(reply: FastifyReply, status: 400 | 404 | 409 | 500, message: string): FastifyReply {
  const body = { ...errorBody(status, message), statusText: STATUS_CODES[status] ?? 'Error' };
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Parsed = { ok: true; input: StreamStartInput } | { ok: false; message: string };

function isCategory(value: unknown): value is Category {
  return (
    isRecord(value) &&
    typeof value.name === 'string' &&
    value.name !== '' &&
    typeof value.slug === 'string' &&
    value.slug !== ''
  );
}

export function parseStartBody(body: unknown): Parsed {
  if (body === undefined || body === null || body === '') return { ok: true, input: {} };
  if (!isRecord(body)) return { ok: false, message: 'Body must be a JSON object' };
  const input: StreamStartInput = {};
  const { categories, session_title: title, viewer_count: viewers } = body;
  if (categories !== undefined) {
    if (!Array.isArray(categories) || !categories.every(isCategory)) {
      return { ok: false, message: '"categories" must be a list of {name, slug} with non-empty strings' };
    }
    input.categories = categories.map(({ name, slug }) => ({ name, slug }));
  }
  if (title !== undefined) {
    if (typeof title !== 'string' || title.trim() === '') {
      return { ok: false, message: '"session_title" must be a non-empty string' };
    }
    input.session_title = title;
  }
  if (viewers !== undefined) {
    if (typeof viewers !== 'number' || !Number.isSafeInteger(viewers) || viewers < 0) {
      return { ok: false, message: '"viewer_count" must be a non-negative integer' };
    }
    input.viewer_count = viewers;
  }
  return { ok: true, input };
}

/** Encapsulated, so its error handler (malformed JSON in our shape) stays local. */
export async function streamAdminRoutes(
  scope: FastifyInstance,
  { streams: lifecycle }: { streams: StreamLifecycle },
): Promise<void> {
  scope.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? 400 : 500;
    return sendAdminError(reply, status, status === 500 ? 'Internal error' : error.message);
  });

  scope.post<{ Params: SlugParams }>('/admin/channels/:slug/live', async (request, reply) => {
    const { slug } = request.params;
    if (!isValidSlug(slug)) return sendAdminError(reply, 404, `Channel ${JSON.stringify(slug)} not found`);
    const parsed = parseStartBody(request.body);
    if (!parsed.ok) return sendAdminError(reply, 400, parsed.message);
    const outcome = await lifecycle.start(slug, parsed.input);
    switch (outcome.status) {
      case 'unknown-channel':
        return sendAdminError(reply, 404, `Channel ${JSON.stringify(slug)} not found`);
      case 'already-live':
        return sendAdminError(reply, 409, `Channel ${slug} is already live`);
      case 'started':
        return reply.header('cache-control', 'no-store').send({ ...outcome.payload, delivery: outcome.delivery });
    }
  });

  scope.post<{ Params: SlugParams }>('/admin/channels/:slug/update', async (request, reply) => {
    const { slug } = request.params;
    if (!isValidSlug(slug)) return sendAdminError(reply, 404, `Channel ${JSON.stringify(slug)} not found`);
    const parsed = parseStartBody(request.body);
    if (!parsed.ok) return sendAdminError(reply, 400, parsed.message);
    const { session_title, categories } = parsed.input;
    if (session_title === undefined && categories === undefined) {
      return sendAdminError(reply, 400, 'Give a "session_title" or "categories" to change');
    }
    const outcome = await lifecycle.update(slug, {
      ...(session_title !== undefined ? { session_title } : {}),
      ...(categories !== undefined ? { categories } : {}),
    });
    switch (outcome.status) {
      case 'unknown-channel':
        return sendAdminError(reply, 404, `Channel ${JSON.stringify(slug)} not found`);
      case 'offline':
        return sendAdminError(reply, 409, `Channel ${slug} is not live`);
      case 'updated':
        return reply.header('cache-control', 'no-store').send({ ...outcome.payload, delivery: outcome.delivery });
    }
  });

  scope.post<{ Params: SlugParams }>('/admin/channels/:slug/offline', async (request, reply) => {
    const { slug } = request.params;
    if (!isValidSlug(slug)) return sendAdminError(reply, 404, `Channel ${JSON.stringify(slug)} not found`);
    const outcome = await lifecycle.end(slug);
    switch (outcome.status) {
      case 'unknown-channel':
        return sendAdminError(reply, 404, `Channel ${JSON.stringify(slug)} not found`);
      case 'already-offline':
        return sendAdminError(reply, 409, `Channel ${slug} is not live`);
      case 'ended':
        return reply.header('cache-control', 'no-store').send({ ...outcome.payload, delivery: outcome.delivery });
    }
  });
}
