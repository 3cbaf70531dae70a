import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { playgroundContentSecurityPolicy } from './security-headers.ts';

/**
 * The player playground's path: a developer page (apps/embed/playground.html, its own build
 * into the embed's dist) where any HLS URL plays with the sink and low-latency settings chosen.
 * Not an embed route: `playground` is no channel's page (embed-static.ts keeps it out of the
 * embed's fallback).
 */
export const PLAYGROUND_PATH = '/playground';

/** Whether a request path is the playground's (with a trailing slash or below it too). */
export function isPlaygroundPath(pathname: string): boolean {
  return pathname === PLAYGROUND_PATH || pathname.startsWith(`${PLAYGROUND_PATH}/`);
}

/**
 * GET /playground: dist/playground.html under its own policy (security-headers.ts), re-read
 * when a rebuild changes it. No public configuration goes in: the playground plays only the
 * URL it is given. Its scripts and styles are built assets (dist/assets/playground/), served
 * with the embed's. Anything below the path is not a page: 404.
 */
export function registerPlayground(app: FastifyInstance, distDir: string): void {
  const file = path.join(distDir, 'playground.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  const html = (): string | null => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };

  app.get(PLAYGROUND_PATH, (_request, reply) => {
    const page = html();
    if (page === null) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The playground is not built yet: run `npm run build` (or `npm start`, which builds it).\n');
    }
    // Half a kilobyte of static HTML: sent as it is, where the embed's page is compressed.
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', playgroundContentSecurityPolicy(page))
      .header('x-frame-options', 'DENY')
      .type('text/html; charset=utf-8')
      .send(page);
  });
}
