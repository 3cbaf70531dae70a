import { describe, expect, it } from 'vitest';
import {
  ByteWriter,
  Mp4FormatError,
  box,
  fullBox,
  fullBoxHeader,
  readBox,
  readBoxes,
  requirePath,
} from './mp4-boxes.ts';

describe('box reading', () => {
  it('walks nested boxes written by box()/fullBox()', () => {
    const bytes = box('moov', box('trak', fullBox('tkhd', 1, 3, new Uint8Array(4))), box('free'));
    const [moov] = readBoxes(bytes);
    expect(moov).toEqual({ type: 'moov', start: 0, payloadStart: 8, end: bytes.byteLength });
    const tkhd = requirePath(bytes, moov!, ['trak', 'tkhd']);
    expect(fullBoxHeader(bytes, tkhd)).toEqual({ version: 1, flags: 3 });
    expect(() => requirePath(bytes, moov!, ['mvex'])).toThrow(/moov at byte 0 has no mvex/);
  });

  it('understands 64-bit largesize and size 0 (to the end)', () => {
    const large = new ByteWriter().u32(1).u32(0x6d646174).u64(20).u32(0xdeadbeef).finish();
    expect(readBox(large, 0)).toEqual({ type: 'mdat', start: 0, payloadStart: 16, end: 20 });
    const open = new ByteWriter().u32(0).u32(0x6d646174).u32(7).u32(8).finish();
    expect(readBox(open, 0).end).toBe(16);
  });

  it('rejects truncated or impossible sizes', () => {
    expect(() => readBox(new Uint8Array(6), 0)).toThrow(Mp4FormatError);
    const tooBig = new ByteWriter().u32(64).u32(0x66726565).finish();
    expect(() => readBox(tooBig, 0)).toThrow(/invalid size 64/);
    const tooSmall = new ByteWriter().u32(4).u32(0x66726565).finish();
    expect(() => readBoxes(tooSmall)).toThrow(/invalid size 4/);
  });
});

describe('ByteWriter', () => {
  it('refuses values that do not fit their field', () => {
    expect(() => new ByteWriter().u32(2 ** 32)).toThrow(RangeError);
    expect(() => new ByteWriter().i32(-(2 ** 31) - 1)).toThrow(RangeError);
    expect(() => new ByteWriter().u64(2 ** 53)).toThrow(RangeError);
  });

  it('grows past its initial capacity', () => {
    const writer = new ByteWriter();
    for (let i = 0; i < 1000; i++) writer.u32(i);
    const out = writer.finish();
    expect(out.byteLength).toBe(4000);
    expect(new DataView(out.buffer).getUint32(3996)).toBe(999);
  });
});
