import { describe, expect, it } from 'vitest';
import { KeyError, SegmentKeys, sequenceIv } from './segment-keys.ts';

const subtle = globalThis.crypto.subtle;
const RAW_KEY = new Uint8Array(16).map((_, i) => i * 7 + 1);

async function encrypt(clear: Uint8Array, iv: Uint8Array): Promise<Uint8Array> {
  const key = await subtle.importKey('raw', RAW_KEY, 'AES-CBC', false, ['encrypt']);
  return new Uint8Array(await subtle.encrypt({ name: 'AES-CBC', iv: iv as BufferSource }, key, clear as BufferSource));
}

describe('sequenceIv', () => {
  it('is the media sequence number as a 128-bit big-endian integer', () => {
    expect([...sequenceIv(0)]).toEqual(new Array(16).fill(0));
    expect([...sequenceIv(0x0102)].slice(12)).toEqual([0, 0, 1, 2]);
    expect([...sequenceIv(2 ** 40)].slice(8)).toEqual([0, 0, 1, 0, 0, 0, 0, 0]);
  });
});

describe('SegmentKeys', () => {
  const clear = new TextEncoder().encode('a segment in the clear, 35 bytes.');

  it('decrypts with the IV attribute, or the sequence number without one, fetching each key once', async () => {
    const fetched: string[] = [];
    const keys = new SegmentKeys(async (url) => {
      fetched.push(url);
      return RAW_KEY;
    });
    const iv = new Uint8Array(16).fill(9);
    const withIv = await encrypt(clear, iv);
    const bySequence = await encrypt(clear, sequenceIv(42));
    const key = { method: 'AES-128' as const, url: 'https://k.test/key' };
    expect(await keys.decrypt(withIv, { ...key, iv }, 42)).toEqual(clear);
    expect(await keys.decrypt(bySequence, { ...key, iv: null }, 42)).toEqual(clear);
    expect(fetched).toEqual(['https://k.test/key']);
  });

  it('refuses a key that is not 16 bytes, and a segment its key does not decrypt; asks again after a failure', async () => {
    let answer = new Uint8Array(32);
    const keys = new SegmentKeys(async () => answer);
    const key = { method: 'AES-128' as const, url: 'https://k.test/key', iv: null };
    await expect(keys.decrypt(new Uint8Array(32), key, 1)).rejects.toThrow(KeyError);
    answer = new Uint8Array(16).fill(3); // another key: the padding check fails
    const encrypted = await encrypt(clear, sequenceIv(1));
    await expect(keys.decrypt(encrypted, key, 1)).rejects.toThrow('does not decrypt');
  });

  it('answers null when the load ended while the key was asked for', async () => {
    const keys = new SegmentKeys(async () => null);
    expect(
      await keys.decrypt(new Uint8Array(16), { method: 'AES-128', url: 'https://k.test/k', iv: null }, 0),
    ).toBeNull();
  });
});
