import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Who may frame the embed (CSP `frame-ancestors`): any site by default, as an embed must be,
 * or the deployment's allow-list (EMBED_FRAME_ANCESTORS). Everything else the platform serves
 * refuses every frame.
 */
export type FrameAncestors = readonly string[];
export const ANY_SITE: FrameAncestors = ['*'];

/** The sha256 sources of the page's inline classic scripts (the early script), for script-src. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    // Scripts by URL are 'self'; a JSON data block is never run, so it needs no hash.
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/json/i.test(attributes)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The origins the embed reaches beyond its own, read from its public configuration (every
 * `PUBLIC_*` URL: API, realtime and viewer sockets, files, monitoring), with the websocket
 * twin of each http(s) one, since the sockets are configured by their http URL.
 */
export function configuredOrigins(config: Readonly<Record<string, string>>): string[] {
  const origins = new Set<string>();
  for (const value of Object.values(config)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) continue;
    origins.add(`${url.protocol}//${url.host}`);
    if (url.protocol === 'http:' || url.protocol === 'https:') {
      origins.add(`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`);
    }
  }
  return [...origins].sort();
}

export interface EmbedPolicyInput {
  html: string;
  config: Readonly<Record<string, string>>;
  frameAncestors: FrameAncestors;
  /** More origins media and calls may come from (EMBED_CONNECT_SRC: a CDN the API names). */
  extraOrigins?: readonly string[];
}

/**
 * The embed page's Content-Security-Policy: scripts only its own, its inline ones by hash (no
 * injected markup runs) and the configured Cast framework's, connections, media and images only to itself and the services its
 * configuration names, no plugins, no <base> rewriting, no forms, framed by `frameAncestors`.
 * `blob:`: MediaSource object URLs (media) and hls.js's worker on the compatibility sink;
 * `data:` media: the silent clip that tells whether sound may autoplay.
 */
export function embedContentSecurityPolicy(input: EmbedPolicyInput): string {
  const reach = ["'self'", ...configuredOrigins(input.config), ...(input.extraOrigins ?? [])].join(' ');
  const scripts = ["'self'", ...castSdkOrigin(input.config), ...inlineScriptHashes(input.html)];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "worker-src 'self' blob:",
    // data: — the live-manifest service worker answers the browser's own HLS with responses
    // fetched from data: URLs (live-sw/data-response.ts), and the page's policy judges such an
    // answer by that URL (seen refused: a first media playlist, through nginx). It reaches no host.
    `connect-src ${reach} data:`,
    `media-src ${reach} blob: data:`,
    `img-src ${reach} data: blob:`,
    "style-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${input.frameAncestors.join(' ')}`,
  ].join('; ');
}

/**
 * The policy of every script that can run as a worker (the engine's dedicated worker, the
 * live-manifest service worker, the cast receiver's worker): a worker takes the policy of its
 * own script, not its page's, so without this one it could fetch anywhere the page may not.
 * Connections and media reach what the page's do; nothing else is allowed but the script's
 * own chunks. On a script a page loads as a module, the header is inert.
 */
export function workerContentSecurityPolicy(input: Omit<EmbedPolicyInput, 'html' | 'frameAncestors'>): string {
  const reach = ["'self'", ...configuredOrigins(input.config), ...(input.extraOrigins ?? [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    // data: — the live-manifest worker makes its answers by fetching a data: URL
    // (live-sw/data-response.ts); it reaches no host.
    `connect-src ${reach} data:`,
    `media-src ${reach} blob: data:`,
    "base-uri 'none'",
    NOT_FRAMEABLE,
  ].join('; ');
}

/**
 * The player playground's policy (`/playground`, playground-page.ts). It plays whatever URL is
 * typed into it, so connections and media may come from anywhere (`*`: any http(s) or ws(s)
 * URL), unlike the embed's, which reaches only its configured services. Everything else is as
 * strict: its own scripts only (its inline ones by hash, should the build ever write one),
 * its own styles, workers of its own or from blob: (the engine's worker is started from a blob:
 * copy of its script so that it takes this policy rather than its script's narrow one, and
 * hls.js makes its worker that way too), no plugins, no <base>, no form posting, and never
 * framed: it is a page for developers, not an embed.
 */
export function playgroundContentSecurityPolicy(html: string): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...inlineScriptHashes(html)].join(' ')}`,
    "worker-src 'self' blob:",
    'connect-src * blob: data:',
    'media-src * blob: data:',
    "img-src 'self' data: blob:",
    "style-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    NOT_FRAMEABLE,
  ].join('; ');
}

/**
 * The Cast sender framework's script (PUBLIC_CAST_SDK_URL), the one script the embed loads from
 * elsewhere: that URL alone (its query aside), not its whole origin, where a stranger's script
 * could also live. Google's loader fetches the framework itself from `/cast/sdk/libs/` on the
 * same host, so that folder is allowed beside it. The local stand-in is the platform's own.
 */
function castSdkOrigin(config: Readonly<Record<string, string>>): string[] {
  const url = config.PUBLIC_CAST_SDK_URL;
  if (!url) return [];
  try {
    const { protocol, host, pathname } = new URL(url);
    if (protocol !== 'https:' && protocol !== 'http:') return [];
    const script = `${protocol}//${host}${pathname}`;
    return host === GOOGLE_CAST_HOST ? [script, `${protocol}//${host}/cast/sdk/libs/`] : [script];
  } catch {
    return [];
  }
}

/** Where Google serves the Cast sender's loader and framework. */
const GOOGLE_CAST_HOST = 'www.gstatic.com';

/** What every response but the embed page carries: not to be framed, not to be sniffed. */
const NOT_FRAMEABLE = "frame-ancestors 'none'";

/**
 * `nosniff` on every response (a stranger's page cannot load a playlist or an error body as a
 * script or a stylesheet), and no framing of anything that is not the embed page: a response
 * that set its own policy (the embed page) keeps it.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', NOT_FRAMEABLE);
      reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
