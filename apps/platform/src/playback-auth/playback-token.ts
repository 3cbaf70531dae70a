import { errors, jwtVerify, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/**
 * Signed playback tokens for private channels, shaped as Amazon IVS's (an ES384 JWT with its
 * claim names, so a token a platform mints for IVS reads the same here): which channel, which
 * page origin may play it, until when, and optionally for which viewer, once only, and up to
 * which resolution. Minting and checking the signature are here; what a request may do with a
 * token's claims is `judgeClaims`, pure.
 */
export const CLAIM = {
  channel: 'aws:channel-arn',
  allowOrigin: 'aws:access-control-allow-origin',
  viewerId: 'aws:viewer-id',
  singleUse: 'aws:single-use-uuid',
  maximumResolution: 'aws:maximum-resolution',
} as const;

export const ALGORITHM = 'ES384';

/** Why the origin refuses a request of a private channel (the 403 body's `data.authorization`). */
export type TokenRefusal =
  'missing' | 'invalid' | 'expired' | 'channel' | 'origin' | 'viewer' | 'reused' | 'resolution';

export interface PlaybackClaims {
  channelArn: string;
  /** The page origin allowed to play (`*`: any). */
  allowOrigin: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  viewerId?: string;
  singleUseId?: string;
  /** The tallest variant (pixels of height) the viewer may be given. */
  maximumResolution?: number;
}

/** A channel's ARN in our platform's namespace (IVS's shape: a resource name, not a URL). */
export const channelArn = (slug: string): string => `arn:onair:ivs:channel/${slug.toLowerCase()}`;

export function mintPlaybackToken(key: CryptoKey, claims: PlaybackClaims): Promise<string> {
  const payload: JWTPayload = {
    [CLAIM.channel]: claims.channelArn,
    [CLAIM.allowOrigin]: claims.allowOrigin,
    ...(claims.viewerId !== undefined && { [CLAIM.viewerId]: claims.viewerId }),
    ...(claims.singleUseId !== undefined && { [CLAIM.singleUse]: claims.singleUseId }),
    ...(claims.maximumResolution !== undefined && { [CLAIM.maximumResolution]: claims.maximumResolution }),
  };
  return new SignJWT(payload).setProtectedHeader({ alg: ALGORITHM }).setExpirationTime(claims.expiresAt).sign(key);
}

/**
 * The claims of a token whose signature is the platform's, or why not. `nowS` is the
 * platform's clock (seconds): an expired token is `expired`, anything else wrong `invalid`.
 */
export async function verifyPlaybackToken(
  key: CryptoKey,
  token: string,
  nowS: number,
): Promise<{ ok: true; claims: PlaybackClaims } | { ok: false; refusal: TokenRefusal }> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: new Date(nowS * 1000) });
    const channel = payload[CLAIM.channel];
    const allowOrigin = payload[CLAIM.allowOrigin];
    if (typeof channel !== 'string' || typeof allowOrigin !== 'string' || typeof payload.exp !== 'number') {
      return { ok: false, refusal: 'invalid' };
    }
    const optional = <T>(name: string, type: 'string' | 'number'): T | undefined =>
      typeof payload[name] === type ? (payload[name] as T) : undefined;
    return {
      ok: true,
      claims: {
        channelArn: channel,
        allowOrigin,
        expiresAt: payload.exp,
        viewerId: optional<string>(CLAIM.viewerId, 'string'),
        singleUseId: optional<string>(CLAIM.singleUse, 'string'),
        maximumResolution: optional<number>(CLAIM.maximumResolution, 'number'),
      },
    };
  } catch (error) {
    return { ok: false, refusal: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** What the origin knows of a request, to judge a token's claims against it. */
export interface TokenUse {
  slug: string;
  /** The page origin the request came from (Origin, else Referer's, else ours when same-origin); null: unknown. */
  origin: string | null;
  /** The variant's height where the request is for one rendition's media, else null. */
  height: number | null;
  /** Whether the request starts a playback (the multivariant playlist): a single-use token is spent there. */
  starts: boolean;
  /** Whether this single-use id was spent already. */
  spent(singleUseId: string): boolean;
  /** Whether the platform withdrew this viewer's access. */
  revoked(viewerId: string): boolean;
}

/** Why a request may not use these claims, or null: it may. */
export function judgeClaims(claims: PlaybackClaims, use: TokenUse): TokenRefusal | null {
  if (claims.channelArn !== channelArn(use.slug)) return 'channel';
  if (claims.allowOrigin !== '*' && claims.allowOrigin !== use.origin) return 'origin';
  if (claims.viewerId !== undefined && use.revoked(claims.viewerId)) return 'viewer';
  if (claims.singleUseId !== undefined && use.starts && use.spent(claims.singleUseId)) return 'reused';
  if (claims.maximumResolution !== undefined && use.height !== null && use.height > claims.maximumResolution) {
    return 'resolution';
  }
  return null;
}
