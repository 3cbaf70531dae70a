// CEA-608 captions written into an H.264 stream's SEI, as a broadcast encoder carries them
// (ATSC A/53 user data, the form Apple's HLS spec names for CLOSED-CAPTIONS): ffmpeg 5.1 has no
// CEA-608 encoder and no way to attach captions to the frames it encodes, so the corpus writes the
// SEI itself into ffmpeg's Annex B output, which ffmpeg then packages (`-c:v copy`).

/** Odd parity in bit 7, as every CEA-608 byte carries it. */
function parity(byte: number): number {
  let ones = 0;
  for (let b = byte & 0x7f; b; b >>= 1) ones += b & 1;
  return ones % 2 === 0 ? byte | 0x80 : byte & 0x7f;
}

/** Data channel 1's control codes, each sent twice (the standard's redundancy). */
const RCL = [0x14, 0x20]; // resume caption loading: pop-on
const ENM = [0x14, 0x2e]; // erase non-displayed memory
const EOC = [0x14, 0x2f]; // end of caption: swap memories, the caption shows
const PAC_ROW_15 = [0x14, 0x70]; // preamble: row 15, white, column 0
const NULL_PAIR = [0x80, 0x80];

/**
 * One byte pair per frame: each caption, loaded off screen and shown at its frame
 * (`captions[i].atFrame`), in pop-on mode; padding between. Text: printable ASCII.
 */
export function captionPairs(captions: { atFrame: number; text: string }[], frames: number): number[][] {
  const pairs: number[][] = Array.from({ length: frames }, () => NULL_PAIR);
  for (const { atFrame, text } of captions) {
    const chars = [...text].map((c) => c.charCodeAt(0));
    const load: number[][] = [RCL, RCL, ENM, ENM, PAC_ROW_15, PAC_ROW_15];
    for (let i = 0; i < chars.length; i += 2) load.push([chars[i]!, chars[i + 1] ?? 0x00]);
    load.push(EOC, EOC);
    // Loaded in the frames before its own, so its EOC lands on `atFrame`.
    const first = atFrame - (load.length - 1);
    if (first < 0) throw new Error(`caption "${text}" needs ${load.length} frames before frame ${atFrame}`);
    load.forEach((pair, i) => (pairs[first + i] = pair));
  }
  return pairs.map(([a, b]) => [parity(a!), parity(b!)]);
}

/** The SEI NAL unit (with its start code) that carries one frame's pair. */
function seiNal([a, b]: number[]): Buffer {
  // user_data_registered_itu_t_t35: United States, ATSC, "GA94", cc_data with one field-1 pair.
  const payload = [0xb5, 0x00, 0x31, 0x47, 0x41, 0x39, 0x34, 0x03, 0x40 | 1, 0xff, 0xfc, a!, b!, 0xff];
  const rbsp = [0x04, payload.length, ...payload, 0x80];
  // Emulation prevention: no 00 00 0x (x ≤ 3) inside a NAL unit.
  const escaped: number[] = [];
  for (const byte of rbsp) {
    if (escaped.length >= 2 && escaped.at(-1) === 0 && escaped.at(-2) === 0 && byte <= 3) escaped.push(3);
    escaped.push(byte);
  }
  return Buffer.from([0, 0, 0, 1, 0x06, ...escaped]);
}

/**
 * `annexB` with an SEI before each picture's slice (x264 here writes one slice a picture), the
 * pairs in picture order. A stream without B-frames (ffmpeg's `-bf 0`), so decode order is
 * display order and the pairs play in the order written.
 */
export function withCaptions(annexB: Buffer, pairs: number[][]): Buffer {
  const starts: number[] = [];
  for (let i = 0; i + 3 < annexB.length; i += 1) {
    if (annexB[i] === 0 && annexB[i + 1] === 0 && annexB[i + 2] === 1) {
      starts.push(i > 0 && annexB[i - 1] === 0 ? i - 1 : i);
      i += 2;
    }
  }
  const out: Buffer[] = [];
  let frame = 0;
  starts.forEach((start, n) => {
    const end = starts[n + 1] ?? annexB.length;
    const header = annexB[annexB.indexOf(1, start) + 1]!;
    const type = header & 0x1f;
    if ((type === 1 || type === 5) && frame < pairs.length) out.push(seiNal(pairs[frame++]!));
    out.push(annexB.subarray(start, end));
  });
  return Buffer.concat(out);
}
