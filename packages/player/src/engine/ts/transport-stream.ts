import type { TsRemuxer } from './ts-remuxer.ts';

/** MPEG-TS packets are 188 bytes, each starting with the sync byte 0x47. */
const PACKET = 188;
const SYNC = 0x47;

/** Whether `bytes` read as MPEG-TS (the sync byte where the first two packets start). */
export function isTransportStream(bytes: Uint8Array): boolean {
  return bytes.length >= PACKET && bytes[0] === SYNC && (bytes.length < 2 * PACKET || bytes[PACKET] === SYNC);
}

/** Loads the MPEG-TS remuxer where the engine runs (the worker: importScripts of its own script). */
export type TsRemuxerLoader = () => Promise<TsRemuxer>;

/**
 * A short name for an init segment's bytes (FNV-1a): the MPEG-TS path has no EXT-X-MAP URL to
 * tell one init segment from the next, so the remuxer's own is named by what it holds.
 */
export function initKey(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return `ts-init:${bytes.byteLength}:${hash.toString(16)}`;
}
