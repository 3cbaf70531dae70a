import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './http-error.ts';

/** Path prefixes of services and built files; any other GET path is an embed route (the SPA). */
const SERVICE_PREFIXES = ['/api/', '/hls/', '/images/', '/assets/'];

/**
 * Serves the built embed on the same origin as the API (SPEC §7: paths are relative to the
 * product's own server). Any GET path that is not a service falls back to index.html so the
 * embed's router decides: `/{slug}`, `/{slug}/offline`, or its own 404 route error.
 */
export async function registerEmbed(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // Wildcard, not a route per file found at start-up: a rebuild while the platform runs
      // (new hashed asset names) is served without a restart. Misses fall to the SPA handler.
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      decorateReply: true,
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; index.html must always be revalidated.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendError(reply, 404, 'Not found');
    if (SERVICE_PREFIXES.some((p) => url.startsWith(p))) return sendError(reply, 404, 'Not found');
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The embed is not built yet: run `npm run build` (or `npm start`, which builds it).\n');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir, { cacheControl: false });
  });
}
