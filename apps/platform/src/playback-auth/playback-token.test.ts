import { exportPKCS8, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { playbackKeys } from './playback-keys.ts';
import {
  channelArn,
  judgeClaims,
  mintPlaybackToken,
  verifyPlaybackToken,
  type PlaybackClaims,
  type TokenUse,
} from './playback-token.ts';

const NOW_S = 1_800_000_000;
const claims: PlaybackClaims = {
  channelArn: channelArn('Private-Room'),
  allowOrigin: 'https://embed.example',
  expiresAt: NOW_S + 60,
};
const use = (over: Partial<TokenUse> = {}): TokenUse => ({
  slug: 'private-room',
  origin: 'https://embed.example',
  height: null,
  starts: false,
  spent: () => false,
  revoked: () => false,
  ...over,
});

describe('playback tokens', () => {
  it('read back what was minted, IVS’s claim names on the wire', async () => {
    const keys = await playbackKeys(undefined, {});
    const token = await mintPlaybackToken(keys.signing, { ...claims, viewerId: 'v1', maximumResolution: 480 });
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({
      'aws:channel-arn': 'arn:onair:ivs:channel/private-room',
      'aws:access-control-allow-origin': 'https://embed.example',
      'aws:viewer-id': 'v1',
      'aws:maximum-resolution': 480,
      exp: NOW_S + 60,
    });
    expect(await verifyPlaybackToken(keys.verifying, token, NOW_S)).toEqual({
      ok: true,
      claims: { ...claims, viewerId: 'v1', singleUseId: undefined, maximumResolution: 480 },
    });
  });

  it('refuse an expired token, another key’s, and one tampered with', async () => {
    const keys = await playbackKeys(undefined, {});
    const other = await playbackKeys(undefined, {});
    const token = await mintPlaybackToken(keys.signing, claims);
    expect(await verifyPlaybackToken(keys.verifying, token, NOW_S + 61)).toEqual({ ok: false, refusal: 'expired' });
    expect(await verifyPlaybackToken(other.verifying, token, NOW_S)).toEqual({ ok: false, refusal: 'invalid' });
    const [head, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ 'aws:channel-arn': claims.channelArn, exp: NOW_S + 999 })).toString(
      'base64url',
    );
    expect(await verifyPlaybackToken(keys.verifying, `${head}.${forged}.${signature}`, NOW_S)).toEqual({
      ok: false,
      refusal: 'invalid',
    });
    expect(await verifyPlaybackToken(keys.verifying, 'not-a-jwt', NOW_S)).toEqual({ ok: false, refusal: 'invalid' });
  });

  it('come from the deployment’s PEM key, so that two processes accept each other’s tokens', async () => {
    const { privateKey } = await generateKeyPair('ES384', { extractable: true });
    const pem = await exportPKCS8(privateKey);
    const a = await playbackKeys(pem);
    const b = await playbackKeys(undefined, { PLAYBACK_SIGNING_KEY: pem });
    const token = await mintPlaybackToken(a.signing, claims);
    expect((await verifyPlaybackToken(b.verifying, token, NOW_S)).ok).toBe(true);
    await expect(playbackKeys(undefined, { PLAYBACK_SIGNING_KEY: '  ' })).rejects.toThrow(/set but blank/);
  });
});

describe('judgeClaims', () => {
  it('lets the channel’s token play from its origin', () => {
    expect(judgeClaims(claims, use())).toBeNull();
    expect(judgeClaims({ ...claims, allowOrigin: '*' }, use({ origin: null }))).toBeNull();
  });

  it('names each refusal', () => {
    expect(judgeClaims(claims, use({ slug: 'other' }))).toBe('channel');
    expect(judgeClaims(claims, use({ origin: 'https://stranger.example' }))).toBe('origin');
    expect(judgeClaims(claims, use({ origin: null }))).toBe('origin');
    expect(judgeClaims({ ...claims, viewerId: 'v1' }, use({ revoked: (id) => id === 'v1' }))).toBe('viewer');
    const once = { ...claims, singleUseId: 'u1' };
    expect(judgeClaims(once, use({ starts: true, spent: () => true }))).toBe('reused');
    expect(judgeClaims(once, use({ starts: false, spent: () => true }))).toBeNull(); // its own playback goes on
    expect(judgeClaims({ ...claims, maximumResolution: 480 }, use({ height: 720 }))).toBe('resolution');
    expect(judgeClaims({ ...claims, maximumResolution: 480 }, use({ height: 480 }))).toBeNull();
  });
});
