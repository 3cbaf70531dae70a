/**
 * Shifting the clock of an MPEG-TS segment: every PES header's PTS and DTS and every
 * adaptation field's PCR move forward by the same amount, modulo 2^33 as the 90 kHz clock
 * wraps. The TS channel loops eight committed segments on the wall clock; shifting each pass
 * by the loop's length makes one continuous timeline, as a live encoder's is, instead of a
 * discontinuity every eight seconds (which hls.js mis-aligned: it reset the position ahead of
 * its own buffer and stalled). Bytes are copied, never changed in place: the fixture is shared.
 */

const PACKET = 188;
const SYNC = 0x47;
/** The 90 kHz clock wraps at 2^33. */
const WRAP = 2 ** 33;

export const TS_CLOCK_HZ = 90_000;

/** A 33-bit timestamp in the 5-byte PES form (4 prefix bits, marker bits kept). */
function readPesTime(b: Uint8Array, at: number): number {
  return (
    ((b[at]! >> 1) & 0x07) * 2 ** 30 +
    (b[at + 1]! << 22) +
    ((b[at + 2]! >> 1) << 15) +
    (b[at + 3]! << 7) +
    (b[at + 4]! >> 1)
  );
}

function writePesTime(b: Uint8Array, at: number, value: number): void {
  const high = Math.floor(value / 2 ** 30) & 0x07;
  const low = value % 2 ** 30;
  b[at] = (b[at]! & 0xf0) | (high << 1) | 1;
  b[at + 1] = (low >>> 22) & 0xff;
  b[at + 2] = (((low >>> 15) & 0x7f) << 1) | 1;
  b[at + 3] = (low >>> 7) & 0xff;
  b[at + 4] = ((low & 0x7f) << 1) | 1;
}

/** PCR base (33 bits) in bytes at..at+4 and the top bit of at+5; the 9-bit extension is kept. */
function readPcrBase(b: Uint8Array, at: number): number {
  return b[at]! * 2 ** 25 + b[at + 1]! * 2 ** 17 + b[at + 2]! * 2 ** 9 + b[at + 3]! * 2 + (b[at + 4]! >> 7);
}

function writePcrBase(b: Uint8Array, at: number, value: number): void {
  b[at] = Math.floor(value / 2 ** 25) & 0xff;
  b[at + 1] = Math.floor(value / 2 ** 17) & 0xff;
  b[at + 2] = Math.floor(value / 2 ** 9) & 0xff;
  b[at + 3] = Math.floor(value / 2) & 0xff;
  b[at + 4] = (b[at + 4]! & 0x7f) | ((value % 2) << 7);
}

const shift = (value: number, by: number) => (((value + by) % WRAP) + WRAP) % WRAP;

/** A copy of `segment` with every PTS, DTS and PCR `ticks` (90 kHz) later. */
export function shiftTimestamps(segment: Uint8Array, ticks: number): Uint8Array {
  if (segment.byteLength % PACKET !== 0) throw new RangeError('not whole 188-byte packets');
  const out = segment.slice();
  const by = ticks % WRAP;
  for (let p = 0; p < out.byteLength; p += PACKET) {
    if (out[p] !== SYNC) throw new RangeError(`no sync byte at ${p}`);
    const payloadStart = (out[p + 1]! & 0x40) !== 0;
    const control = (out[p + 3]! >> 4) & 0x03;
    let payload = p + 4;
    if (control & 0x02) {
      const length = out[p + 4]!;
      if (length > 0 && out[p + 5]! & 0x10) writePcrBase(out, p + 6, shift(readPcrBase(out, p + 6), by));
      payload += 1 + length;
    }
    if (!(control & 0x01) || !payloadStart || payload + 14 > p + PACKET) continue;
    // A PES packet starts here (00 00 01, then a stream id); PSI sections (PAT, PMT) do not.
    if (out[payload] !== 0 || out[payload + 1] !== 0 || out[payload + 2] !== 1) continue;
    const flags = out[payload + 7]! >> 6;
    if (flags & 0x02) writePesTime(out, payload + 9, shift(readPesTime(out, payload + 9), by));
    if (flags === 0x03) writePesTime(out, payload + 14, shift(readPesTime(out, payload + 14), by));
  }
  return out;
}

/** The first PTS in a segment (90 kHz), or null: for tests and the origin's sanity check. */
export function firstPts(segment: Uint8Array): number | null {
  for (let p = 0; p + PACKET <= segment.byteLength; p += PACKET) {
    const control = (segment[p + 3]! >> 4) & 0x03;
    const payload = p + 4 + (control & 0x02 ? 1 + segment[p + 4]! : 0);
    if (!(segment[p + 1]! & 0x40) || !(control & 0x01) || payload + 14 > p + PACKET) continue;
    if (segment[payload] !== 0 || segment[payload + 1] !== 0 || segment[payload + 2] !== 1) continue;
    if (segment[payload + 7]! >> 6) return readPesTime(segment, payload + 9);
  }
  return null;
}
