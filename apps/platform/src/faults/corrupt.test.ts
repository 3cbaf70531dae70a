import { describe, expect, it } from 'vitest';
import { parseFragment, splitFragments } from '../origin/fragment.ts';
import { buildSegment, defaultFixtureDir, loadFixture } from '../origin/index.ts';
import { box, concatBytes, dataView, readBoxes, type Box } from '../origin/mp4-boxes.ts';
import { corruptMdat, corruptPayload, GARBAGE_BYTE, scramble, SCRAMBLE_MASK, truncateHalf } from './corrupt.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const structure = (data: Uint8Array) =>
  readBoxes(data).map(({ type, start, payloadStart, end }) => [type, start, payloadStart, end]);

/** A 64-bit-size ("largesize") mdat, which real muxers write for large payloads. */
function largeMdat(payload: Uint8Array): Uint8Array {
  const header = new Uint8Array(16);
  const view = dataView(header);
  view.setUint32(0, 1);
  header.set([0x6d, 0x64, 0x61, 0x74], 4); // 'mdat'
  view.setBigUint64(8, BigInt(16 + payload.byteLength));
  return concatBytes([header, payload]);
}

function expectOnlyMdatPayloadsChanged(before: Uint8Array, after: Uint8Array, boxes: Box[]): void {
  expect(after.byteLength).toBe(before.byteLength);
  const inMdatPayload = (i: number) => boxes.some((b) => b.type === 'mdat' && i >= b.payloadStart && i < b.end);
  for (let i = 0; i < before.byteLength; i++) {
    if (inMdatPayload(i)) {
      if (after[i] !== GARBAGE_BYTE) throw new Error(`byte ${i} inside an mdat payload was kept`);
    } else if (after[i] !== before[i]) {
      throw new Error(`byte ${i} outside mdat payloads changed`);
    }
  }
}

describe('corruptMdat on a hand-built buffer', () => {
  const input = concatBytes([
    box('styp', bytes(0x6d, 0x73, 0x64, 0x68)),
    box('moof', box('mfhd', bytes(0, 0, 0, 0, 0, 0, 0, 7))),
    box('mdat', bytes(0, 0, 0, 2, 0x65, 0x88, 1, 2, 3)),
    box('moof', box('mfhd', bytes(0, 0, 0, 0, 0, 0, 0, 8))),
    largeMdat(bytes(0, 0, 0, 1, 0x41)),
    box('free', bytes(9, 9)),
  ]);
  const original = input.slice();

  it('overwrites every mdat payload, keeps all box headers and every other byte', () => {
    const { bytes: out, mdatCount } = corruptMdat(input);
    expect(mdatCount).toBe(2);
    expect(structure(out)).toEqual(structure(input));
    expectOnlyMdatPayloadsChanged(input, out, readBoxes(input));
  });

  it('never writes to its input (the origin serves views of the fixture)', () => {
    corruptMdat(input);
    corruptPayload(input, 'truncate');
    expect(Buffer.from(input).equals(original)).toBe(true);
  });

  it('is deterministic', () => {
    expect(Buffer.from(corruptMdat(input).bytes).equals(corruptMdat(input).bytes)).toBe(true);
  });

  it('stops at the first box header that does not parse and keeps the rest', () => {
    const cut = concatBytes([box('mdat', bytes(1, 2, 3, 4)), bytes(0, 0, 0, 99, 0x6d)]);
    const { bytes: out, mdatCount } = corruptMdat(cut);
    expect(mdatCount).toBe(1);
    expect([...out]).toEqual([0, 0, 0, 12, 0x6d, 0x64, 0x61, 0x74, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 99, 0x6d]);
  });

  it('leaves bytes that are not MP4 alone', () => {
    const text = new TextEncoder().encode('#EXTM3U\n#EXT-X-VERSION:9\n');
    expect(corruptMdat(text)).toEqual({ bytes: text, mdatCount: 0 });
  });
});

describe('truncate', () => {
  it('keeps the first half, rounded down', () => {
    expect([...truncateHalf(bytes(1, 2, 3, 4, 5))]).toEqual([1, 2]);
    expect([...corruptPayload(bytes(1, 2, 3, 4), 'truncate')]).toEqual([1, 2]);
    expect(truncateHalf(bytes()).byteLength).toBe(0);
  });
});

describe('garbage', () => {
  it('changes every byte and keeps the length', () => {
    const input = new TextEncoder().encode('#EXTM3U\n#EXT-X-VERSION:9\n');
    const out = corruptPayload(input, 'garbage');
    expect(out.byteLength).toBe(input.byteLength);
    input.forEach((byte, i) => expect(out[i]).not.toBe(byte));
    expect(new TextDecoder().decode(out)).not.toContain('#EXTM3U');
  });

  it('is its own inverse and leaves its input alone', () => {
    const input = bytes(0, 1, 0x5a, 0xff);
    expect([...scramble(scramble(input))]).toEqual([0, 1, 0x5a, 0xff]);
    expect([...scramble(input)]).toEqual([SCRAMBLE_MASK, 1 ^ SCRAMBLE_MASK, 0, 0xff ^ SCRAMBLE_MASK]);
  });
});

describe('corruptMdat on a real live segment', () => {
  const fixture = loadFixture(defaultFixtureDir);
  const rendition = fixture.renditions[fixture.renditions.length - 1]!;
  const segment = buildSegment(fixture, rendition, 1_767_225_608);
  const { bytes: corrupted, mdatCount } = corruptMdat(segment);

  it('overwrites the five fragments’ sample data and nothing else', () => {
    expect(mdatCount).toBe(5);
    expect(structure(corrupted)).toEqual(structure(segment));
    expectOnlyMdatPayloadsChanged(segment, corrupted, readBoxes(segment));
  });

  it('keeps the fragments parseable, so the player accepts them until it decodes', () => {
    const layouts = (data: Uint8Array) =>
      splitFragments(data).map(({ start, end }) => parseFragment(data.subarray(start, end)));
    expect(layouts(corrupted)).toEqual(layouts(segment));
  });

  it('makes every video sample’s first NAL length overrun its sample', () => {
    const video = rendition.tracks.find((t) => t.kind === 'video')!;
    const view = (data: Uint8Array) => dataView(data);
    let checked = 0;
    for (const { start, end } of splitFragments(segment)) {
      const track = parseFragment(segment.subarray(start, end)).tracks.find((t) => t.trackId === video.trackId)!;
      track.samples.forEach((sample, i) => {
        const at = start + track.sampleOffsets[i]!;
        // Valid AVC: a 4-byte length prefix that fits the sample. Corrupted: it cannot fit.
        expect(view(segment).getUint32(at)).toBeLessThanOrEqual(sample.size - 4);
        expect(view(corrupted).getUint32(at)).toBeGreaterThan(sample.size);
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThan(0);
  });
});
