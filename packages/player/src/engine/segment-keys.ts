import type { SegmentKey } from '../hls/media-playlist.ts';

/** Keys remembered per load: a key rotates every few segments at most, and each is 16 bytes. */
const REMEMBERED_KEYS = 16;

/** An AES-128 key is 16 bytes; a key server's answer of any other size is no key. */
const KEY_BYTES = 16;

/** A key that could not be had or used: the segment cannot be played (InvalidData on screen). */
export class KeyError extends Error {
  override name = 'KeyError';
}

/**
 * The IV of a segment without an IV attribute: its media sequence number as a 128-bit
 * big-endian integer (RFC 8216 5.2).
 */
export function sequenceIv(msn: number): Uint8Array {
  const iv = new Uint8Array(16);
  let rest = BigInt(msn);
  for (let i = 15; i >= 0 && rest > 0n; i--) {
    iv[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return iv;
}

/**
 * EXT-X-KEY METHOD=AES-128 in the engine's worker: each key fetched once (the engine's request,
 * the page's credentials rules, read within the key cap) and imported into WebCrypto, which
 * decrypts each segment (AES-128-CBC, PKCS#7 padding) off the page's main thread. A key is
 * never logged and never leaves the worker.
 */
export class SegmentKeys {
  private readonly keys = new Map<string, Promise<CryptoKey>>();

  constructor(
    /** The key's bytes (the engine's request with retries); null when the load ended meanwhile. */
    private readonly fetchKey: (url: string) => Promise<Uint8Array | null>,
    private readonly subtle: SubtleCrypto = globalThis.crypto.subtle,
  ) {}

  /** The segment's clear bytes; KeyError when its key cannot be had or does not decrypt it. */
  async decrypt(bytes: Uint8Array, key: SegmentKey, msn: number): Promise<Uint8Array | null> {
    const cryptoKey = await this.key(key.url);
    if (!cryptoKey) return null;
    try {
      const iv = key.iv ?? sequenceIv(msn);
      const clear = await this.subtle.decrypt(
        { name: 'AES-CBC', iv: iv as BufferSource },
        cryptoKey,
        bytes as BufferSource,
      );
      return new Uint8Array(clear);
    } catch {
      throw new KeyError('the segment does not decrypt with its key');
    }
  }

  forget(): void {
    this.keys.clear();
  }

  private async key(url: string): Promise<CryptoKey | null> {
    let pending = this.keys.get(url);
    if (!pending) {
      pending = this.fetchKey(url).then((raw) => {
        if (raw === null) throw new KeyError('the load ended');
        if (raw.byteLength !== KEY_BYTES) throw new KeyError(`a key of ${raw.byteLength} bytes, not 16`);
        return this.subtle.importKey('raw', raw as BufferSource, 'AES-CBC', false, ['decrypt']);
      });
      // A failed key is asked for again by the next segment, not remembered.
      pending.catch(() => this.keys.delete(url));
      this.keys.set(url, pending);
      if (this.keys.size > REMEMBERED_KEYS) this.keys.delete(this.keys.keys().next().value!);
    }
    try {
      return await pending;
    } catch (error) {
      if (error instanceof KeyError && error.message === 'the load ended') return null;
      throw error;
    }
  }
}
