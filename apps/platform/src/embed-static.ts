import { injectEarlyData, type EarlyData } from './early-data.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http-error.ts';
import { isPlaygroundPath } from './playground-page.ts';
import { injectIntoHead, oembedDiscoveryLink, type DiscoveryLookup } from './oembed/discovery.ts';
import { encodePage } from './page-encoding.ts';
import { injectConfig, publicConfigFor } from './public-config.ts';
import { sendRefusedEmbedding, type RefusedEmbedding } from './embedding/allowed-embedders.ts';
import {
  ANY_SITE,
  embedContentSecurityPolicy,
  workerContentSecurityPolicy,
  type FrameAncestors,
} from './security-headers.ts';

/** The live-manifest service worker's script, at the root so that its scope covers every embed page. */
export const LIVE_MANIFEST_WORKER_PATH = '/live-manifest-sw.js';

/** Path prefixes of services and built files; any other GET path is an embed route (the SPA). */
const SERVICE_PREFIXES = [
  '/api/',
  '/hls/',
  '/drm/',
  '/images/',
  '/assets/',
  '/admin/',
  '/monitoring/',
  '/analytics/',
  // The host SDK's build, the oEmbed endpoint and the embed builder (issue 15).
  '/sdk/',
  '/oembed',
  '/builder',
  // The live-manifest service worker (issue 16): a built file at the root, for its scope.
  LIVE_MANIFEST_WORKER_PATH,
  // The stand-in cast network (issue 18): its relay, sender framework and receiver page.
  '/cast/',
];

/**
 * Serves the built embed on the same origin as the API (SPEC §7: paths are relative to the
 * product's own server). Any GET path that is not a service falls back to index.html so the
 * embed's router decides: `/{slug}`, `/{slug}/offline`, or its own 404 route error.
 */
export type EmbedPageHandler = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Whether a GET path belongs to the embed (the SPA) rather than to a service. The player
 * playground (playground-page.ts) is a page of its own, not the embed's 404 for a channel.
 */
export function isEmbedPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return !SERVICE_PREFIXES.some((p) => pathname.startsWith(p)) && !isPlaygroundPath(pathname);
}

export interface EmbedPolicy {
  /** Who may frame the embed (default any site). */
  frameAncestors?: FrameAncestors;
  /** Origins beyond the configured services that media and calls may come from. */
  extraOrigins?: readonly string[];
}

/**
 * A request's path as the file system will see it: percent-decoded once, or null where it could
 * name anything but one file below the root (a `.` or `..` segment, an empty one, a backslash or
 * NUL, or an escape that does not decode). Every judgement of a static path is made on this:
 * judged before decoding, `/assets/..%2findex.html` passed as an asset and then served the page
 * without its headers.
 */
export function decodedStaticPath(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || /[\\\0]/.test(decoded)) return null;
  const segments = decoded.slice(1).split('/');
  return segments.some((s) => s === '' || s === '.' || s === '..') ? null : decoded;
}

/** A source map or anything named after one (`app.js.map`, `app.js.map.br`), in any case. */
const SOURCE_MAP = /\.map(\.|$)/i;

/**
 * Only the built assets are files to serve: not their source maps, not the build's manifest.
 * `rawPath` is the path as requested (before any decoding), without its query.
 */
export function isServedAsset(rawPath: string): boolean {
  const pathname = decodedStaticPath(rawPath);
  if (pathname === null) return false;
  return (pathname.startsWith('/assets/') && !SOURCE_MAP.test(pathname)) || pathname === LIVE_MANIFEST_WORKER_PATH;
}

/** A script that may be started as a worker: any built script, and the live-manifest worker. */
export function isWorkerScript(rawPath: string): boolean {
  const pathname = decodedStaticPath(rawPath);
  return pathname !== null && isServedAsset(rawPath) && /\.m?js$/.test(pathname);
}

/** The raw path of a request, undecoded, without its query. */
function rawPathOf(request: FastifyRequest): string {
  return (request.raw.url ?? '/').split('?')[0] ?? '/';
}

export interface EmbedPages {
  /**
   * The channels whose `/{slug}` page names its oEmbed URL (oembed/discovery.ts). Default none:
   * no page carries the discovery link.
   */
  oembedDiscovery?: DiscoveryLookup;
  /** Whether the stand-in Chromecast is mounted (with the testing hooks): the page is pointed at it. */
  castStandIn?: boolean;
  /**
   * Whether this page request is a frame on a site its channel does not allow
   * (embedding/allowed-embedders.ts); the refused page is then served instead of the embed.
   */
  refusedEmbedding?: (request: FastifyRequest) => RefusedEmbedding | null;
  /** What this page's first requests would be answered (early-data.ts), written into it; null: nothing. */
  earlyData?: (request: FastifyRequest) => EarlyData | null;
}

export async function registerEmbed(
  app: FastifyInstance,
  distDir: string,
  policy: EmbedPolicy = {},
  pages: EmbedPages = {},
): Promise<EmbedPageHandler> {
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
      // Maps (hidden ones, for error monitoring) and dist/.vite/manifest.json stay on disk.
      // Judged on the raw request path, decoded once here (fastify-static's own pathname is not
      // the one its file lookup decodes and normalises).
      allowedPath: (_pathname, _root, request) => isServedAsset(rawPathOf(request)),
      dotfiles: 'deny',
      cacheControl: false,
      decorateReply: true,
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; everything else must be revalidated.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // Public code and styles, readable from any origin: a frame sandboxed without
        // allow-same-origin has an opaque one, and module scripts load only with CORS there.
        res.setHeader('access-control-allow-origin', '*');
      },
    });
  }

  // Scripts that can run as workers carry the page's reach (security-headers.ts says why).
  app.addHook('onSend', async (request, reply, payload) => {
    if (isWorkerScript(rawPathOf(request))) {
      const config = publicConfigFor(request.selfOrigin, process.env, { castStandIn: pages.castStandIn });
      reply.header(
        'content-security-policy',
        workerContentSecurityPolicy({ config, extraOrigins: policy.extraOrigins }),
      );
    }
    return payload;
  });

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
    const refused = pages.refusedEmbedding?.(request);
    if (refused) return sendRefusedEmbedding(reply, refused);
    const config = publicConfigFor(request.selfOrigin, process.env, { castStandIn: pages.castStandIn });
    const discovery = pages.oembedDiscovery
      ? oembedDiscoveryLink(request.url, request.selfOrigin, pages.oembedDiscovery)
      : null;
    const early = pages.earlyData?.(request) ?? null;
    const configured = injectConfig(early ? injectEarlyData(indexHtml(), early) : indexHtml(), config);
    const html = discovery ? injectIntoHead(configured, discovery) : configured;
    const csp = embedContentSecurityPolicy({
      html,
      config,
      frameAncestors: policy.frameAncestors ?? ANY_SITE,
      extraOrigins: policy.extraOrigins,
    });
    const page = encodePage(html, request.headers['accept-encoding']);
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('content-security-policy', csp)
      .type('text/html; charset=utf-8')
      .send(page.body);
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
