import { exportJWK, generateKeyPair, importJWK, importPKCS8, type CryptoKey } from 'jose';
import { BlankSecretError, isBlank } from '../secrets.ts';
import { ALGORITHM } from './playback-token.ts';

/** The platform's playback-token key pair: it signs with one, its origin checks with the other. */
export interface PlaybackKeys {
  signing: CryptoKey;
  verifying: CryptoKey;
}

/** The setting a deployment names its signing key in (PKCS #8 PEM, an ES384 / P-384 key). */
export const SIGNING_KEY_SETTING = 'PLAYBACK_SIGNING_KEY';

/**
 * The key pair from `PLAYBACK_SIGNING_KEY` where it is set (so that several processes, and a
 * restart, accept each other's tokens), else one made now: unlike the stand-in's other local
 * secrets it needs no public default, as nothing outside this process has to know it. Set but
 * blank is refused, as every secret is (secrets.ts).
 */
export async function playbackKeys(
  pem?: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<PlaybackKeys> {
  const value = pem ?? env[SIGNING_KEY_SETTING];
  if (value === undefined) {
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM);
    return { signing: privateKey, verifying: publicKey };
  }
  if (isBlank(value)) throw new BlankSecretError(SIGNING_KEY_SETTING);
  const signing = await importPKCS8(value, ALGORITHM, { extractable: true });
  const { d: _private, ...publicJwk } = await exportJWK(signing);
  return { signing, verifying: (await importJWK(publicJwk, ALGORITHM)) as CryptoKey };
}
