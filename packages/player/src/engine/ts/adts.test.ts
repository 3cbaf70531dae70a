import { describe, expect, it } from 'vitest';
import { AdtsReader, aacCodec, audioSpecificConfig } from './adts.ts';

/** An ADTS frame (no CRC) of AAC LC at 48 kHz (index 3), stereo, with `payload` as its data. */
function frame(payload: number[]): Uint8Array {
  const length = 7 + payload.length;
  const header = [
    0xff,
    0xf1,
    (1 << 6) | (3 << 2) | 0,
    (2 << 6) | (length >>> 11),
    (length >>> 3) & 0xff,
    ((length & 7) << 5) | 0x1f,
    0xfc,
  ];
  return Uint8Array.from([...header, ...payload]);
}

describe('AdtsReader', () => {
  it('reads frames, 1024 samples apart, and the stream’s configuration', () => {
    const reader = new AdtsReader();
    const bytes = Uint8Array.from([...frame([1, 2, 3]), ...frame([4, 5])]);
    const frames = reader.read(bytes, 90_000);
    expect(frames.map((f) => [f.pts, [...f.data]])).toEqual([
      [90_000, [1, 2, 3]],
      [90_000 + 1920, [4, 5]],
    ]);
    expect(reader.config).toEqual({ objectType: 2, rateIndex: 3, sampleRate: 48_000, channels: 2 });
    expect(aacCodec(reader.config!)).toBe('mp4a.40.2');
    expect([...audioSpecificConfig(reader.config!)]).toEqual([0x11, 0x90]);
  });

  it('finishes a frame the PES packet cut with the next packet’s bytes, on its own timestamp', () => {
    const reader = new AdtsReader();
    const bytes = Uint8Array.from([...frame([1, 2, 3]), ...frame([4, 5, 6, 7])]);
    const first = reader.read(bytes.subarray(0, 14), 0);
    expect(first.map((f) => [...f.data])).toEqual([[1, 2, 3]]);
    const second = reader.read(bytes.subarray(14), 5000);
    expect(second.map((f) => [f.pts, [...f.data]])).toEqual([[1920, [4, 5, 6, 7]]]);
  });
});
