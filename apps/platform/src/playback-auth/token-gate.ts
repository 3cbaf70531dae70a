import type { CryptoKey } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { classifyOriginPath } from '../faults/index.ts';
import { sendFaultError } from '../faults/reply-error.ts';
import { judgeClaims, verifyPlaybackToken, type PlaybackClaims, type TokenRefusal } from './playback-token.ts';

export interface TokenGateOptions {
  /** The key the platform's tokens are checked with. */
  verifying: CryptoKey;
  /** Wall clock, ms since the epoch. */
  now(): number;
  /** Whether the channel plays only with a token. */
  isPrivate(slug: string): boolean;
  /** Whether the platform withdrew this viewer's access to the channel. */
  revoked(slug: string, viewerId: string): boolean;
}

/** Tokens checked already, so that a part every 200 ms costs no signature check (a few hundred at most). */
const VERIFIED_CACHE = 512;

/** Why each refusal, as the message words it for people reading logs (the body's `data.authorization` is the code). */
const REFUSAL_TEXT: Record<TokenRefusal, string> = {
  missing: 'no playback token',
  invalid: 'not a playback token of this platform',
  expired: 'the playback token expired',
  channel: 'the playback token is for another channel',
  origin: 'the playback token is not for this site',
  viewer: "the viewer's access was withdrawn",
  reused: 'the single-use playback token was used already',
  resolution: 'above the maximum resolution of the playback token',
};

/** The page origin a request came from: its Origin, ours for a same-origin one, else its Referer's. */
export function requestPageOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  if (request.headers['sec-fetch-site'] === 'same-origin') return request.selfOrigin;
  try {
    return typeof request.headers.referer === 'string' ? new URL(request.headers.referer).origin : null;
  } catch {
    return null;
  }
}

/** A multivariant playlist without the variants taller than `maxHeight` (a token's maximum resolution). */
export function capVariants(text: string, maxHeight: number): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const height = /^#EXT-X-STREAM-INF:.*RESOLUTION=\d+x(\d+)/.exec(lines[i]!)?.[1];
    if (height !== undefined && Number(height) > maxHeight) {
      i += 1; // and its URI line
      continue;
    }
    kept.push(lines[i]!);
  }
  return kept.join('\n');
}

/**
 * Private channels on the live origin: every playlist, key and media request carries the
 * viewer's playback token (`?token=`, as IVS takes it), checked here before any route answers:
 * the signature and expiry, then the claims against the request (playback-token.ts
 * `judgeClaims`). A refusal is a 403 in the platform's error shape with `data.authorization`
 * naming why, which the player turns into its own copy. A token's maximum resolution also
 * takes the taller variants out of the multivariant playlist it is given.
 */
export function registerTokenGate(app: FastifyInstance, options: TokenGateOptions): void {
  const verified = new Map<string, PlaybackClaims>();
  /** Single-use ids spent, until their token expires (seconds). */
  const spent = new Map<string, number>();
  const claimsOf = new WeakMap<FastifyRequest, PlaybackClaims>();

  async function check(
    token: string,
  ): Promise<{ ok: true; claims: PlaybackClaims } | { ok: false; refusal: TokenRefusal }> {
    const nowS = Math.floor(options.now() / 1000);
    const known = verified.get(token);
    if (known) return known.expiresAt > nowS ? { ok: true, claims: known } : { ok: false, refusal: 'expired' };
    const result = await verifyPlaybackToken(options.verifying, token, nowS);
    if (result.ok) {
      if (verified.size >= VERIFIED_CACHE) verified.delete(verified.keys().next().value!);
      verified.set(token, result.claims);
    }
    return result;
  }

  const refuse = (reply: FastifyReply, refusal: TokenRefusal) =>
    sendFaultError(reply, 403, `Playback refused: ${REFUSAL_TEXT[refusal]}`, { authorization: refusal });

  app.addHook('onRequest', async (request, reply) => {
    const route = classifyOriginPath(request.url, request.method);
    if (!route || !options.isPrivate(route.slug)) return;
    const token = new URL(request.url, 'http://origin.invalid').searchParams.get('token');
    if (!token) return refuse(reply, 'missing');
    const result = await check(token);
    if (!result.ok) return refuse(reply, result.refusal);
    const { claims } = result;
    const nowS = Math.floor(options.now() / 1000);
    for (const [id, until] of spent) if (until <= nowS) spent.delete(id);
    const refusal = judgeClaims(claims, {
      slug: route.slug,
      origin: requestPageOrigin(request),
      height: Number(/^(\d+)p/.exec(route.rendition ?? '')?.[1] ?? NaN) || null,
      starts: route.kind === 'multivariant',
      spent: (id) => spent.has(id),
      revoked: (viewerId) => options.revoked(route.slug, viewerId),
    });
    if (refusal) return refuse(reply, refusal);
    if (claims.singleUseId !== undefined && route.kind === 'multivariant')
      spent.set(claims.singleUseId, claims.expiresAt);
    claimsOf.set(request, claims);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const max = claimsOf.get(request)?.maximumResolution;
    if (max === undefined || typeof payload !== 'string' || reply.statusCode !== 200) return payload;
    if (classifyOriginPath(request.url)?.kind !== 'multivariant') return payload;
    const capped = capVariants(payload, max);
    reply.header('content-length', String(Buffer.byteLength(capped)));
    return capped;
  });
}
