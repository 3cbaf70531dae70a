import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../http-error.ts';
import { publicConfigFor } from '../public-config.ts';
import { workerContentSecurityPolicy } from '../security-headers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const client = path.resolve(here, '../../cast-client');
const root = path.resolve(here, '../../../..');

/** The stand-in's scripts, bundled from source on first request (esbuild, Vite's own), then kept. */
export const CAST_SCRIPTS: Record<string, string> = {
  /** In place of Google's cast_sender.js?loadCastFramework=1: what the embed's public config points at locally. */
  '/cast/sender.js': path.join(client, 'sender-framework.ts'),
  '/cast/receiver.js': path.join(client, 'receiver-page.ts'),
  /** The receiver plays with our worker engine, as the embed does in Chromium. */
  '/cast/engine-worker.js': path.join(root, 'packages/player/src/engine/engine-worker.ts'),
};

export const CAST_RECEIVER_PATH = '/cast/receiver';
const CAST_WORKER_PATH = '/cast/engine-worker.js';

const RECEIVER_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>OnAir cast receiver (stand-in)</title>
    <style>
      html, body { margin: 0; height: 100%; background: #000; color: #fff; font: 16px system-ui, sans-serif; }
      video { width: 100%; height: 100%; object-fit: contain; }
      p { position: fixed; top: 8px; left: 8px; margin: 0; }
    </style>
  </head>
  <body>
    <main>
      <p data-testid="receiver-status" role="status">Starting…</p>
      <video playsinline muted aria-label="Cast playback"></video>
    </main>
    <script type="module" src="/cast/receiver.js"></script>
  </body>
</html>
`;

/**
 * The stand-in Chromecast's pages: the sender framework a page loads in place of Google's, and
 * the receiver page (a tab playing the part of the TV; `?name=` is what senders see).
 */
export function registerCastPages(app: FastifyInstance): void {
  const built = new Map<string, Promise<string>>();
  const bundle = (entry: string) => {
    let result = built.get(entry);
    if (!result) {
      result = import('esbuild').then(async ({ build }) => {
        const output = await build({
          entryPoints: [entry],
          bundle: true,
          format: 'iife',
          target: 'es2022',
          write: false,
          logLevel: 'silent',
        });
        return output.outputFiles[0]!.text;
      });
      // A failed build is tried again on the next request, not kept.
      result.catch(() => built.delete(entry));
      built.set(entry, result);
    }
    return result;
  };

  for (const [route, entry] of Object.entries(CAST_SCRIPTS)) {
    app.get(route, async (request, reply) => {
      try {
        const code = await bundle(entry);
        // The receiver's engine runs as a worker: it carries the reach of an embed page.
        if (route === CAST_WORKER_PATH) {
          const config = publicConfigFor(request.selfOrigin, process.env, { castStandIn: true });
          reply.header('content-security-policy', workerContentSecurityPolicy({ config }));
        }
        return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(code);
      } catch (error) {
        app.log.error({ err: error }, `building ${route}`);
        return sendError(reply, 500, 'The cast stand-in could not be built');
      }
    });
  }
  app.get(CAST_RECEIVER_PATH, async (_request, reply) => reply.type('text/html; charset=utf-8').send(RECEIVER_PAGE));
}
