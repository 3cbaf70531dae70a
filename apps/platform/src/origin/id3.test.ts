import { describe, expect, it } from 'vitest';
import {
  Id3FormatError,
  buildId3Tag,
  decodeSyncsafe,
  encodeSyncsafe,
  parseId3Tag,
  parseTxxxFrame,
  txxxFrame,
} from './id3.ts';

describe('syncsafe integers', () => {
  it.each([
    [0, [0, 0, 0, 0]],
    [127, [0, 0, 0, 0x7f]],
    [128, [0, 0, 1, 0]],
    [255, [0, 0, 1, 0x7f]],
    [0x0fffffff, [0x7f, 0x7f, 0x7f, 0x7f]],
  ])('writes %i as %j and reads it back', (value, bytes) => {
    expect([...encodeSyncsafe(value)]).toEqual(bytes);
    expect(decodeSyncsafe(Uint8Array.from(bytes), 0)).toBe(value);
  });

  it('refuses values over 28 bits and bytes with the top bit set', () => {
    expect(() => encodeSyncsafe(0x10000000)).toThrow(RangeError);
    expect(() => decodeSyncsafe(Uint8Array.of(0, 0, 0x80, 0), 0)).toThrow(Id3FormatError);
  });
});

describe('ID3v2.4 tags', () => {
  it('lays out the header and a TXXX frame byte for byte', () => {
    const tag = buildId3Tag([txxxFrame('ab', 'xy')]);
    // prettier-ignore
    expect([...tag]).toEqual([
      0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0, 0, 0, 16, // "ID3" v2.4.0, no flags, 16 bytes follow
      0x54, 0x58, 0x58, 0x58, 0, 0, 0, 6, 0x00, 0x00, // "TXXX", 6 bytes of content, no flags
      0x03, 0x61, 0x62, 0x00, 0x78, 0x79, // UTF-8, "ab", NUL, "xy"
    ]);
  });

  it('round-trips frames whose sizes need more than one syncsafe byte, with non-ASCII text', () => {
    const long = 'Ünïcødé ✓ 字幕 '.repeat(12);
    const short = 'Live caption 12:00:00 UTC';
    const tag = buildId3Tag([txxxFrame('caption', long), txxxFrame('onair:segment', short)]);
    const longBytes = new TextEncoder().encode(long).byteLength;
    expect(longBytes).toBeGreaterThan(127);
    // The first frame's size field: 1 + "caption" + NUL + value, in 7-bit groups.
    const frameSize = 1 + 7 + 1 + longBytes;
    expect([...tag.subarray(14, 18)]).toEqual([...encodeSyncsafe(frameSize)]);
    expect(tag[16]).toBeGreaterThan(0);
    expect(tag.subarray(6, 10).every((b) => b < 0x80)).toBe(true);
    expect(decodeSyncsafe(tag, 6)).toBe(tag.byteLength - 10);

    const parsed = parseId3Tag(tag);
    expect(parsed.version).toBe(4);
    expect(parsed.frames.map((f) => f.id)).toEqual(['TXXX', 'TXXX']);
    expect(parsed.frames.map(parseTxxxFrame)).toEqual([
      { description: 'caption', value: long },
      { description: 'onair:segment', value: short },
    ]);
  });

  it('stops at padding and ignores bytes after the tag', () => {
    const tag = buildId3Tag([txxxFrame('a', 'b')]);
    const padded = new Uint8Array(tag.byteLength + 20);
    padded.set(tag);
    // Grow the declared size over 10 bytes of zero padding; the rest is not part of the tag.
    padded.set(encodeSyncsafe(tag.byteLength - 10 + 10), 6);
    expect(parseId3Tag(padded).frames).toHaveLength(1);
  });

  it('rejects what it cannot represent or read', () => {
    expect(() => txxxFrame('légende', 'x')).toThrow(/description/);
    expect(() => txxxFrame('a', 'x\0y')).toThrow(/NUL/);
    expect(() => buildId3Tag([{ id: 'txx', content: new Uint8Array(0) }])).toThrow(/frame id/);
    expect(() => parseId3Tag(new TextEncoder().encode('ID2\x04\0\0\0\0\0\0'))).toThrow(Id3FormatError);
    const tag = buildId3Tag([txxxFrame('a', 'bcd')]);
    expect(() => parseId3Tag(tag.subarray(0, tag.byteLength - 1))).toThrow(/exceeds/);
  });
});
