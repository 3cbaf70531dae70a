import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sendError } from './http-error.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The host SDK's stable URL: what sites put in `<script src>`, so it never changes name. */
export const SDK_PATH = '/sdk/onair-embed.js';

/** The SDK's script build (scripts/build-sdk.mjs, run by `npm start` and `npm test`). */
export const defaultSdkFile = path.resolve(here, '../../../packages/embed-sdk/dist/onair-embed.js');

interface Built {
  mtimeMs: number;
  size: number;
  body: Buffer;
  etag: string;
}

/**
 * Serves the SDK build at SDK_PATH. Read when it changes (a rebuild while the platform runs is
 * served without a restart), so a platform started before the build serves it once it exists.
 * - `cache-control: no-cache` with an ETag: a stable URL must be revalidated, never served
 *   stale for a day, and a 304 costs the host page almost nothing;
 * - `access-control-allow-origin: *`: public code any page may load, also with `crossorigin`
 *   (which a host page's CSP or its error reporting may ask for);
 * - not built: 404 with the platform's error shape.
 */
export function registerSdk(app: FastifyInstance, file: string = defaultSdkFile): void {
  let cached: Built | null = null;
  const load = (): Built | null => {
    try {
      const { mtimeMs, size } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs || cached.size !== size) {
        const body = readFileSync(file);
        cached = {
          mtimeMs,
          size,
          body,
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        };
      }
      return cached;
    } catch {
      // Missing, or removed mid-rebuild (the build empties its folder first).
      return null;
    }
  };

  app.get(SDK_PATH, (request, reply) => {
    const built = load();
    if (!built) {
      return sendError(reply, 404, 'The host SDK is not built: run `npm start` or `node scripts/build-sdk.mjs`');
    }
    reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*').header('etag', built.etag);
    const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (known.includes(built.etag)) return reply.code(304).send();
    return reply.type('text/javascript; charset=utf-8').send(built.body);
  });
}
