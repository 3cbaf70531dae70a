import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ChannelRecord, ChannelStore } from '../channels/channel-store.ts';
import { sendError } from '../http-error.ts';
import { playbackKeys, type PlaybackKeys } from './playback-keys.ts';
import { channelArn, mintPlaybackToken, type PlaybackClaims } from './playback-token.ts';
import { registerTokenGate } from './token-gate.ts';

export { playbackKeys, SIGNING_KEY_SETTING, type PlaybackKeys } from './playback-keys.ts';
export { capVariants, requestPageOrigin } from './token-gate.ts';
export { CLAIM, channelArn, judgeClaims, mintPlaybackToken, verifyPlaybackToken } from './playback-token.ts';
export type { PlaybackClaims, TokenRefusal } from './playback-token.ts';

export interface PlaybackAuthOptions {
  channels: ChannelStore;
  now(): number;
  /** PKCS #8 PEM of the signing key; else the environment's, else one made now (playback-keys.ts). */
  signingKey?: string;
  /** Mount the testing hook that mints any token (`POST /admin/playback-tokens`). */
  admin: boolean;
}

/** What a private channel's playback-url call gives: the URL with a token minted for this page. */
export interface PlaybackMinter {
  /** `url` with a fresh token of `channel` for pages of `pageOrigin`; `url` as it is for a public channel. */
  tokenize(url: string, channel: ChannelRecord, pageOrigin: string): Promise<string>;
}

/**
 * Private channels (SPEC §7 playback URL, IVS's private channels): the origin's token gate,
 * the minter the playback-url call uses, and the testing hook that mints what a journey needs
 * (expired, another channel's, another site's, single use). Tokens are never logged.
 */
export async function registerPlaybackAuth(
  app: FastifyInstance,
  options: PlaybackAuthOptions,
): Promise<PlaybackMinter> {
  const keys: PlaybackKeys = await playbackKeys(options.signingKey);
  const { channels } = options;
  const nowS = () => Math.floor(options.now() / 1000);
  registerTokenGate(app, {
    verifying: keys.verifying,
    now: options.now,
    isPrivate: (slug) => channels.get(slug)?.playbackAuth !== undefined,
    revoked: (slug, viewerId) => channels.get(slug)?.revokedViewers?.includes(viewerId) ?? false,
  });

  const withToken = (url: string, token: string) => {
    const tokenized = new URL(url);
    tokenized.searchParams.set('token', token);
    return tokenized.href;
  };

  if (options.admin) registerMintHook(app, options, keys, nowS);

  return {
    async tokenize(url, channel, pageOrigin) {
      const auth = channel.playbackAuth;
      if (!auth) return url;
      const claims: PlaybackClaims = {
        channelArn: channelArn(channel.slug),
        allowOrigin: pageOrigin,
        expiresAt: nowS() + auth.tokenTtlSeconds,
        ...(auth.singleUse && { singleUseId: randomUUID() }),
        ...(auth.maximumResolution !== undefined && { maximumResolution: auth.maximumResolution }),
      };
      return withToken(url, await mintPlaybackToken(keys.signing, claims));
    },
  };
}

interface MintBody {
  slug?: unknown;
  ttlSeconds?: unknown;
  allowOrigin?: unknown;
  viewerId?: unknown;
  singleUse?: unknown;
  maximumResolution?: unknown;
}

/** Testing hook: a token of any shape a journey needs, signed with the platform's key. */
function registerMintHook(app: FastifyInstance, options: PlaybackAuthOptions, keys: PlaybackKeys, nowS: () => number) {
  app.post<{ Body: MintBody }>('/admin/playback-tokens', async (request, reply) => {
    const body = request.body ?? {};
    if (typeof body.slug !== 'string' || !options.channels.get(body.slug)) {
      return sendError(reply, 400, 'slug must name a channel');
    }
    const ttl = typeof body.ttlSeconds === 'number' && Number.isFinite(body.ttlSeconds) ? body.ttlSeconds : 60;
    const claims: PlaybackClaims = {
      channelArn: channelArn(body.slug),
      allowOrigin: typeof body.allowOrigin === 'string' ? body.allowOrigin : request.selfOrigin,
      // A negative lifetime is an expired token (jose refuses to sign none at all).
      expiresAt: nowS() + ttl,
      ...(typeof body.viewerId === 'string' && { viewerId: body.viewerId }),
      ...(body.singleUse === true && { singleUseId: randomUUID() }),
      ...(typeof body.maximumResolution === 'number' && { maximumResolution: body.maximumResolution }),
    };
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send({ token: await mintPlaybackToken(keys.signing, claims) });
  });
}
