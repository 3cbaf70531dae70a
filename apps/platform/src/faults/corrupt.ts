/**
 * Payload corruption for the `corrupt` fault. Pure: bytes in, new bytes out; the input is
 * never written to, because the origin hands out views of the loaded fixture (init segments
 * are served straight from it) and one corrupted response must not poison the next.
 */

import { Mp4FormatError, readBox } from '../origin/mp4-boxes.ts';
import type { CorruptMode } from './fault-spec.ts';

/**
 * What replaces every byte of an mdat payload. 0xFF makes each 4-byte AVC NAL length read
 * as 0xFFFFFFFF, longer than any sample, so the browser's MP4 stream parser rejects the
 * sample before it reaches the decoder (and AAC frames become undecodable noise). Box
 * headers stay intact, so the player's own box parsing (timing from moof/trun) still
 * succeeds and the failure surfaces where a real bad encode would: at append/decode time.
 */
export const GARBAGE_BYTE = 0xff;

export interface MdatCorruption {
  bytes: Uint8Array;
  /** Top-level mdat boxes whose payload was overwritten. */
  mdatCount: number;
}

/**
 * Overwrites the payload of every top-level `mdat` box. Walking stops at the first header
 * that does not parse (e.g. an already truncated response); what follows is left as is.
 */
export function corruptMdat(input: Uint8Array): MdatCorruption {
  const bytes = new Uint8Array(input);
  let mdatCount = 0;
  let offset = 0;
  while (offset < bytes.byteLength) {
    let box;
    try {
      box = readBox(bytes, offset);
    } catch (error) {
      if (error instanceof Mp4FormatError) break;
      throw error;
    }
    if (box.type === 'mdat') {
      bytes.fill(GARBAGE_BYTE, box.payloadStart, box.end);
      mdatCount += 1;
    }
    offset = box.end;
  }
  return { bytes, mdatCount };
}

/** The first half of the payload (rounded down): what a cut-off transfer leaves behind. */
export function truncateHalf(input: Uint8Array): Uint8Array {
  return input.slice(0, Math.floor(input.byteLength / 2));
}

/** What every byte is XORed with by `garbage`: no byte stays as it was. */
export const SCRAMBLE_MASK = 0x5a;

/**
 * Every byte scrambled, the length kept: what a proxy's error page or a broken cache sends
 * with a success status. Text stops being a playlist (`#EXTM3U` is gone) and box sizes stop
 * adding up, so the failure is the parser's, not the decoder's.
 */
export function scramble(input: Uint8Array): Uint8Array {
  return input.map((byte) => byte ^ SCRAMBLE_MASK);
}

export function corruptPayload(input: Uint8Array, mode: CorruptMode): Uint8Array {
  switch (mode) {
    case 'mdat':
      return corruptMdat(input).bytes;
    case 'truncate':
      return truncateHalf(input);
    case 'garbage':
      return scramble(input);
  }
}
