import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { classifyOriginPath } from '../faults/index.ts';
import { sendError } from '../http-error.ts';
import type { Fixture } from '../origin/fixture.ts';
import { protectInit, protectMedia, type ContentKey } from './cenc.ts';

export { CLEARKEY_SYSTEM_ID, decryptSample, protectFragment, protectInit, protectMedia } from './cenc.ts';
export type { ContentKey } from './cenc.ts';

/** The EME key system whose license this stand-in serves (the one Chromium has without a CDM). */
export const CLEARKEY = 'org.w3.clearkey';

export interface ProtectionOptions {
  fixture: Fixture;
  /** Whether the channel's stream is DRM-protected. */
  isProtected(slug: string): boolean;
  /** Mount the testing hook that makes the license server fail (`/admin/drm/{slug}/license-fault`). */
  admin: boolean;
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The license server of a channel, on the platform's origin. */
export const licensePath = (slug: string) => `/drm/clearkey/${encodeURIComponent(slug)}`;

/**
 * DRM-protected channels on the live origin, as a DRM packager and license server serve them:
 * the origin's own init segments, parts and segments leave encrypted (CENC `cenc`, cenc.ts),
 * its playlists name the key system (`EXT-X-KEY` / `EXT-X-SESSION-KEY`, METHOD=SAMPLE-AES-CTR,
 * KEYFORMAT org.w3.clearkey, the license server as URI), and the license server answers
 * ClearKey's JSON license for the channel's key. The key is made when the platform starts and
 * never leaves it but in a license.
 */
export function registerProtection(app: FastifyInstance, options: ProtectionOptions): void {
  const keys = new Map<string, ContentKey>();
  const keyOf = (slug: string): ContentKey => {
    let key = keys.get(slug);
    if (!key) keys.set(slug, (key = { keyId: randomBytes(16), key: randomBytes(16) }));
    return key;
  };
  const kinds = new Map<string, ReadonlyMap<number, 'video' | 'audio'>>(
    options.fixture.renditions.map((r) => [r.name, new Map(r.tracks.map((t) => [t.trackId, t.kind] as const))]),
  );

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200) return payload;
    const route = classifyOriginPath(request.url, request.method);
    if (!route || !options.isProtected(route.slug)) return payload;
    const key = keyOf(route.slug);
    const keyTag = (tag: string) =>
      `#${tag}:METHOD=SAMPLE-AES-CTR,URI="${new URL(licensePath(route.slug), request.selfOrigin).href}",` +
      `KEYFORMAT="${CLEARKEY}",KEYFORMATVERSIONS="1"`;
    let out: string | Uint8Array | null = null;
    if (typeof payload === 'string' && route.kind === 'multivariant') {
      out = payload.replace(
        /^(#EXT-X-INDEPENDENT-SEGMENTS|#EXT-X-VERSION:\d+)$/m,
        `$1\n${keyTag('EXT-X-SESSION-KEY')}`,
      );
    } else if (typeof payload === 'string' && route.kind === 'playlist') {
      out = payload.replace(/^#EXT-X-MAP:/m, `${keyTag('EXT-X-KEY')}\n#EXT-X-MAP:`);
    } else if (payload instanceof Uint8Array && route.kind === 'init') {
      out = protectInit(payload, key);
    } else if (payload instanceof Uint8Array && route.kind === 'segment') {
      out = protectMedia(payload, key, kinds.get(route.rendition ?? '') ?? new Map());
    }
    if (out === null) return payload;
    reply.header('content-length', String(typeof out === 'string' ? Buffer.byteLength(out) : out.byteLength));
    return typeof out === 'string' ? out : Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  });

  /** Testing hook: the license server's answer for a channel while a fault is set (a status). */
  const licenseFaults = new Map<string, number>();
  if (options.admin) {
    app.post<{ Params: { slug: string }; Body: { status?: unknown } }>(
      '/admin/drm/:slug/license-fault',
      async (request, reply) => {
        const status = request.body?.status;
        if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
          return sendError(reply, 400, 'status must be an HTTP error status');
        }
        licenseFaults.set(request.params.slug.toLowerCase(), status);
        return reply.code(204).send();
      },
    );
    app.delete<{ Params: { slug: string } }>('/admin/drm/:slug/license-fault', async (request, reply) => {
      licenseFaults.delete(request.params.slug.toLowerCase());
      return reply.code(204).send();
    });
  }

  // ClearKey's license request and answer (EME's JSON formats): the key ids asked for, the keys.
  app.post<{ Params: { slug: string }; Body: { kids?: unknown } }>('/drm/clearkey/:slug', async (request, reply) => {
    const { slug } = request.params;
    const fault = licenseFaults.get(slug.toLowerCase());
    if (fault !== undefined) return sendError(reply, fault, 'The license server is failing on purpose');
    if (!options.isProtected(slug)) return sendError(reply, 404, 'No license for this channel');
    const key = keyOf(slug.toLowerCase());
    const kids = Array.isArray(request.body?.kids) ? request.body.kids : [];
    if (!kids.includes(base64url(key.keyId))) return sendError(reply, 404, 'No license for this key');
    return reply
      .header('cache-control', 'no-store')
      .send({ keys: [{ kty: 'oct', kid: base64url(key.keyId), k: base64url(key.key) }], type: 'temporary' });
  });
}
