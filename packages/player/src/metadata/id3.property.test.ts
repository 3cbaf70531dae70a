/**
 * ID3 tags, generated: whatever a stream carries (sizes that lie, frames past the tag, text of
 * nothing but NULs, any encoding byte), parseId3 answers within its caps and throws nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID3_LIMITS, parseId3 } from './id3.ts';

const syncsafe = (n: number) => [(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f];

/** A frame with a generated id, a declared size that may lie, and generated content. */
const frame = fc
  .tuple(
    fc.constantFrom('TXXX', 'TIT2', 'PRIV', 'WXXX', 'GEOB', 'ab!!', '\0\0\0\0'),
    fc.oneof(fc.nat(64), fc.constant(0x0fffffff)),
    fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.nat(5000).map((n) => new Uint8Array(n)),
    ),
    fc.boolean(),
  )
  .map(([id, declared, content, honest]) => {
    const size = honest ? content.byteLength : declared;
    return [...new TextEncoder().encode(id.padEnd(4, ' ').slice(0, 4)), ...syncsafe(size), 0, 0, ...content];
  });

/** A tag: version 3 or 4, any flags, a size that may lie, and generated frames. */
const tag = fc
  .tuple(fc.constantFrom(2, 3, 4, 5), fc.nat(255), fc.array(frame, { maxLength: 80 }), fc.boolean())
  .map(([version, flags, frames, honest]) => {
    const body = frames.flat();
    const size = honest ? body.length : body.length * 2 + 7;
    return new Uint8Array([0x49, 0x44, 0x33, version, 0, flags, ...syncsafe(size), ...body]);
  });

describe('parseId3 under generated tags', () => {
  it('never throws, keeps at most maxFrames frames and text within maxTextBytes', () => {
    fc.assert(
      fc.property(fc.oneof(tag, fc.uint8Array({ maxLength: 200 })), (bytes) => {
        const frames = parseId3(bytes);
        expect(frames.length).toBeLessThanOrEqual(ID3_LIMITS.maxFrames);
        for (const f of frames) {
          if ('value' in f)
            expect(new TextEncoder().encode(f.value).length).toBeLessThanOrEqual(ID3_LIMITS.maxTextBytes * 3);
        }
        return true;
      }),
      { numRuns: 1000 },
    );
  });

  it(`keeps the first ${ID3_LIMITS.maxFrames} frames of a tag with more`, () => {
    fc.assert(
      fc.property(fc.integer({ min: ID3_LIMITS.maxFrames + 1, max: 2000 }), (count) => {
        const one = [...new TextEncoder().encode('TIT2'), ...syncsafe(2), 0, 0, 3, 0x41];
        const body = Array.from({ length: count }, () => one).flat();
        const frames = parseId3(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, ...syncsafe(body.length), ...body]));
        expect(frames).toHaveLength(ID3_LIMITS.maxFrames);
        return true;
      }),
      { numRuns: 50 },
    );
  });

  it('reads a text frame of nothing but NULs as empty text', () => {
    const content = new Uint8Array(ID3_LIMITS.maxTextBytes);
    const body = [...new TextEncoder().encode('TIT2'), ...syncsafe(content.length), 0, 0, ...content];
    const frames = parseId3(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, ...syncsafe(body.length), ...body]));
    expect(frames).toEqual([{ id: 'TIT2', value: '' }]);
  });
});
