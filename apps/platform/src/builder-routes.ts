import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ChannelStore } from './channels/channel-store.ts';
import { renderBuilderPage } from './builder-page.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The builder's script and styles (plain browser files, no build step). */
export const builderAssetsDir = path.resolve(here, '../builder');
const ASSETS = new Set(['/builder.js', '/builder.css']);

/**
 * The builder page's own policy, stricter than the platform's default: its scripts and styles
 * only from the platform (the SDK and builder.js, no inline script, no inline style), frames
 * only of the platform (the embed preview), no connections (the channels come in the HTML),
 * no plugins, no <base>, no form posting, and never framed itself (clickjacking a page whose
 * buttons copy code to the clipboard).
 */
export const BUILDER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "frame-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** GET /builder (the page, rendered per request from the channel store) and its two files. */
export async function registerBuilder(app: FastifyInstance, channels: ChannelStore): Promise<void> {
  app.get('/builder', (request, reply) => {
    const page = renderBuilderPage({
      channels: channels.all().map((c) => ({ slug: c.slug, username: c.username, live: c.live !== null })),
      origin: request.selfOrigin,
    });
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', BUILDER_CSP)
      .header('x-frame-options', 'DENY')
      .type('text/html; charset=utf-8')
      .send(page);
  });

  await app.register(fastifyStatic, {
    root: builderAssetsDir,
    prefix: '/builder/',
    decorateReply: false,
    wildcard: true,
    index: false,
    // Paths under the prefix; anything else in the folder stays unserved.
    allowedPath: (pathname) => ASSETS.has(pathname),
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
  });
}
