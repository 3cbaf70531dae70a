/**
 * H.264 (ISO/IEC 14496-10) as MPEG-TS carries it, Annex B byte streams, read for fMP4
 * (ISO/IEC 14496-15): NAL units, the sequence parameter set's picture size and profile, and
 * each access unit as a sample of length-prefixed NAL units.
 */

export const NAL_IDR = 5;
export const NAL_SEI = 6;
export const NAL_SPS = 7;
export const NAL_PPS = 8;
export const NAL_AUD = 9;

/**
 * The NAL units of an Annex B byte stream (start codes 00 00 01 or 00 00 00 01), in order. The
 * search for each start code's 01 is the typed array's own indexOf: a loop over every byte in
 * script ran a cold first segment through the interpreter (tens of milliseconds for 2 s of 720p).
 */
export function nalUnits(data: Uint8Array): Uint8Array[] {
  const units: Uint8Array[] = [];
  let start = -1;
  for (let at = data.indexOf(1, 2); at >= 0; at = data.indexOf(1, at + 1)) {
    if (data[at - 1] !== 0 || data[at - 2] !== 0) continue;
    if (start >= 0) {
      // The unit before this start code ends where its zeros began (no NAL unit ends in 00).
      let end = at - 2;
      while (end > start && data[end - 1] === 0) end--;
      if (end > start) units.push(data.subarray(start, end));
    }
    start = at + 1;
  }
  if (start >= 0 && start < data.length) units.push(data.subarray(start));
  return units;
}

export function nalType(unit: Uint8Array): number {
  return unit[0]! & 0x1f;
}

/** ATSC A/53 caption data's registered user data: USA (B5), provider 0031, user identifier GA94. */
const A53_CAPTIONS = [0xb5, 0x00, 0x31, 0x47, 0x41, 0x39, 0x34];

/**
 * Whether an SEI NAL unit carries CEA-608/708 caption data (registered user data under GA94):
 * such a stream's captions are read by the remuxer that reads them (ts-remuxers.ts).
 */
export function carriesCaptions(unit: Uint8Array): boolean {
  if (nalType(unit) !== NAL_SEI) return false;
  for (let at = unit.indexOf(0xb5, 1); at >= 0; at = unit.indexOf(0xb5, at + 1)) {
    if (A53_CAPTIONS.every((byte, i) => unit[at + i] === byte)) return true;
  }
  return false;
}

/** A NAL unit's payload without its emulation prevention bytes (00 00 03 → 00 00). */
function unescaped(unit: Uint8Array): Uint8Array {
  const out = new Uint8Array(unit.length);
  let size = 0;
  let zeros = 0;
  for (const byte of unit) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    zeros = byte === 0 ? zeros + 1 : 0;
    out[size++] = byte;
  }
  return out.subarray(0, size);
}

/** Exp-Golomb and fixed-width reads over a parameter set's bits. */
class Bits {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  bit(): number {
    const byte = this.bytes[this.at >>> 3] ?? 0;
    const bit = (byte >>> (7 - (this.at & 7))) & 1;
    this.at++;
    return bit;
  }
  bits(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++) value = value * 2 + this.bit();
    return value;
  }
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0 && zeros < 32) zeros++;
    return 2 ** zeros - 1 + this.bits(zeros);
  }
  se(): number {
    const value = this.ue();
    return value & 1 ? (value + 1) / 2 : -value / 2;
  }
}

/** Profiles whose SPS carries chroma format, bit depths and scaling lists (7.3.2.1.1). */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

export interface SequenceParameters {
  profile: number;
  compatibility: number;
  level: number;
  width: number;
  height: number;
}

function skipScalingList(bits: Bits, size: number): void {
  let last = 8;
  let next = 8;
  for (let i = 0; i < size; i++) {
    if (next !== 0) next = (last + bits.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}

/** What the init segment needs of a sequence parameter set: its profile and picture size. */
export function parseSps(unit: Uint8Array): SequenceParameters {
  const bits = new Bits(unescaped(unit.subarray(1)));
  const profile = bits.bits(8);
  const compatibility = bits.bits(8);
  const level = bits.bits(8);
  bits.ue(); // seq_parameter_set_id
  let chroma = 1;
  if (HIGH_PROFILES.has(profile)) {
    chroma = bits.ue();
    if (chroma === 3) bits.bit(); // separate_colour_plane_flag
    bits.ue(); // bit_depth_luma_minus8
    bits.ue(); // bit_depth_chroma_minus8
    bits.bit(); // qpprime_y_zero_transform_bypass_flag
    if (bits.bit()) {
      for (let i = 0; i < (chroma === 3 ? 12 : 8); i++) if (bits.bit()) skipScalingList(bits, i < 6 ? 16 : 64);
    }
  }
  bits.ue(); // log2_max_frame_num_minus4
  const pocType = bits.ue();
  if (pocType === 0) bits.ue();
  else if (pocType === 1) {
    bits.bit();
    bits.se();
    bits.se();
    const cycle = bits.ue();
    for (let i = 0; i < cycle; i++) bits.se();
  }
  bits.ue(); // max_num_ref_frames
  bits.bit(); // gaps_in_frame_num_value_allowed_flag
  const widthInMbs = bits.ue() + 1;
  const heightInMapUnits = bits.ue() + 1;
  const frameMbsOnly = bits.bit();
  if (!frameMbsOnly) bits.bit(); // mb_adaptive_frame_field_flag
  bits.bit(); // direct_8x8_inference_flag
  let crop = [0, 0, 0, 0];
  if (bits.bit()) crop = [bits.ue(), bits.ue(), bits.ue(), bits.ue()];
  // Crop units (7-19, 7-20): in chroma samples, doubled for field coding.
  const cropX = chroma === 0 || chroma === 3 ? 1 : 2;
  const cropY = (chroma === 1 ? 2 : 1) * (2 - frameMbsOnly);
  return {
    profile,
    compatibility,
    level,
    width: widthInMbs * 16 - cropX * (crop[0]! + crop[1]!),
    height: (2 - frameMbsOnly) * heightInMapUnits * 16 - cropY * (crop[2]! + crop[3]!),
  };
}

/** The `avc1.PPCCLL` codec string of a sequence parameter set. */
export function avcCodec(sps: SequenceParameters): string {
  const hex = (value: number) => value.toString(16).padStart(2, '0');
  return `avc1.${hex(sps.profile)}${hex(sps.compatibility)}${hex(sps.level)}`;
}

/** The AVCDecoderConfigurationRecord (ISO/IEC 14496-15 5.3.3.1) of one SPS and one PPS. */
export function avcConfiguration(sps: Uint8Array, pps: Uint8Array): Uint8Array {
  const record = new Uint8Array(11 + sps.length + pps.length);
  record.set([1, sps[1]!, sps[2]!, sps[3]!, 0xff, 0xe1, sps.length >>> 8, sps.length & 0xff]);
  record.set(sps, 8);
  const at = 8 + sps.length;
  record.set([1, pps.length >>> 8, pps.length & 0xff], at);
  record.set(pps, at + 3);
  return record;
}

/** A sample as the pieces it is written from: no copy until the fragment is put together. */
export interface SampleParts {
  parts: Uint8Array[];
  size: number;
}

/**
 * An access unit's NAL units as one sample, each behind its 4-byte length; the delimiters and
 * parameter sets stay out (they are the init segment's, in the avcC).
 */
export function sampleOf(units: readonly Uint8Array[]): SampleParts {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (const unit of units) {
    const type = nalType(unit);
    if (type === NAL_AUD || type === NAL_SPS || type === NAL_PPS) continue;
    const length = unit.length;
    parts.push(Uint8Array.of(length >>> 24, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff), unit);
    size += 4 + length;
  }
  return { parts, size };
}
