import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http-error.ts';
import { injectConfig, publicConfigFor, requestOriginOf } from './public-config.ts';

/** Path prefixes of services and built files; any other GET path is an embed route (the SPA). */
const SERVICE_PREFIXES = ['/api/', '/hls/', '/images/', '/assets/', '/admin/', '/monitoring/', '/analytics/'];

/**
 * Serves the built embed on the same origin as the API (SPEC §7: paths are relative to the
 * product's own server). Any GET path that is not a service falls back to index.html so the
 * embed's router decides: `/{slug}`, `/{slug}/offline`, or its own 404 route error.
 */
export type EmbedPageHandler = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** Whether a GET path belongs to the embed (the SPA) rather than to a service. */
export function isEmbedPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return !SERVICE_PREFIXES.some((p) => pathname.startsWith(p));
}

export async function registerEmbed(app: FastifyInstance, distDir: string): Promise<EmbedPageHandler> {
  const indexPath = path.join(distDir, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // Wildcard, not a route per file found at start-up: a rebuild while the platform runs
      // (new hashed asset names) is served without a restart. Misses fall to the SPA handler.
      wildcard: true,
      index: false,
      // The embed build writes .br/.gz beside each asset; the smallest accepted one is sent.
      preCompressed: true,
      cacheControl: false,
      decorateReply: true,
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; everything else must be revalidated.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // index.html is re-read when a rebuild changes it, and gets the public configuration.
  let cached: { mtimeMs: number; html: string } | null = null;
  const indexHtml = (): string => {
    const { mtimeMs } = statSync(indexPath);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexPath, 'utf8') };
    return cached.html;
  };

  const servePage: EmbedPageHandler = (request, reply) => {
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The embed is not built yet: run `npm run build` (or `npm start`, which builds it).\n');
    }
    const html = injectConfig(indexHtml(), publicConfigFor(requestOriginOf(request)));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  app.get('/', servePage);
  app.get('/index.html', servePage);
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendError(reply, 404, 'Not found');
    if (!isEmbedPath(request.url)) return sendError(reply, 404, 'Not found');
    return servePage(request, reply);
  });
  return servePage;
}
