/**
 * AAC in ADTS frames (ISO/IEC 13818-7 / 14496-3 1.A.2), as MPEG-TS carries it, read for fMP4:
 * each frame's raw data block as a sample of 1024 PCM frames, and the AudioSpecificConfig the
 * init segment's esds names.
 */

/** MPEG-4 audio sampling frequencies by index (ISO/IEC 14496-3 1.6.3.4). */
const RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
/** PCM frames in one AAC frame (AAC LC; HE-AAC's ADTS header names the core's rate). */
export const AAC_FRAME_SAMPLES = 1024;

export interface AudioConfig {
  /** Audio object type (2: AAC LC). */
  objectType: number;
  rateIndex: number;
  sampleRate: number;
  channels: number;
}

export interface AacFrame {
  /** 90 kHz, on the PES packet's timeline. */
  pts: number;
  data: Uint8Array;
}

/** The two-byte AudioSpecificConfig (ISO/IEC 14496-3 1.6.2.1) of a stream's ADTS headers. */
export function audioSpecificConfig(config: AudioConfig): Uint8Array {
  const bits = (config.objectType << 11) | (config.rateIndex << 7) | (config.channels << 3);
  return new Uint8Array([bits >>> 8, bits & 0xff]);
}

export function aacCodec(config: AudioConfig): string {
  return `mp4a.40.${config.objectType}`;
}

/**
 * Reads ADTS frames from PES payloads; a frame the PES packet cuts is finished with the next
 * packet's bytes (`pending`), which carry on from one segment to the next.
 */
export class AdtsReader {
  config: AudioConfig | null = null;
  private pending: Uint8Array | null = null;
  private pendingPts = 0;

  /** Frames of one PES payload; the first takes the packet's PTS, each next one 1024 samples on. */
  read(payload: Uint8Array, pts: number): AacFrame[] {
    let bytes = payload;
    let nextPts = pts;
    if (this.pending) {
      const joined = new Uint8Array(this.pending.length + payload.length);
      joined.set(this.pending);
      joined.set(payload, this.pending.length);
      bytes = joined;
      nextPts = this.pendingPts;
      this.pending = null;
    }
    const frames: AacFrame[] = [];
    let at = 0;
    while (at + 7 <= bytes.length) {
      if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xf6) !== 0xf0) {
        at++; // not a sync word: look on
        continue;
      }
      const protectionAbsent = bytes[at + 1]! & 0x01;
      const header = protectionAbsent ? 7 : 9;
      const length = ((bytes[at + 3]! & 0x03) << 11) | (bytes[at + 4]! << 3) | (bytes[at + 5]! >>> 5);
      if (length < header) {
        at++;
        continue;
      }
      if (at + length > bytes.length) break;
      const rateIndex = (bytes[at + 2]! >>> 2) & 0x0f;
      if (!this.config && rateIndex < RATES.length) {
        this.config = {
          objectType: (bytes[at + 2]! >>> 6) + 1,
          rateIndex,
          sampleRate: RATES[rateIndex]!,
          channels: ((bytes[at + 2]! & 0x01) << 2) | (bytes[at + 3]! >>> 6),
        };
      }
      frames.push({ pts: nextPts, data: bytes.subarray(at + header, at + length) });
      nextPts += (AAC_FRAME_SAMPLES * 90000) / (this.config?.sampleRate ?? 48000);
      at += length;
    }
    if (at < bytes.length) {
      this.pending = bytes.slice(at);
      this.pendingPts = nextPts;
    }
    return frames;
  }

  reset(): void {
    this.config = null;
    this.pending = null;
  }
}
