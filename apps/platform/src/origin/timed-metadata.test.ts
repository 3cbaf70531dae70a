import { describe, expect, it } from 'vitest';
import { ID3_EMSG_SCHEME, parseEmsg } from './emsg.ts';
import type { EmsgV1 } from './emsg.ts';
import { parseId3Tag, parseTxxxFrame } from './id3.ts';
import type { TxxxFrame } from './id3.ts';
import { readBoxes } from './mp4-boxes.ts';
import { captionText, segmentMetadataBoxes, segmentMetadataEvents } from './timed-metadata.ts';

// 2026-01-01T00:00:08Z, an even msn: it carries a caption.
const EVEN = 1_767_225_608;

const text = (e: EmsgV1 | undefined): TxxxFrame[] =>
  parseId3Tag(e?.messageData ?? new Uint8Array(0)).frames.map(parseTxxxFrame);

describe('segmentMetadataEvents', () => {
  it('stamps a segment event and a caption at the start of an even segment', () => {
    const events = segmentMetadataEvents(EVEN, 1000);
    expect(events).toHaveLength(2);
    const [segment, caption] = events;
    for (const e of events) {
      expect(e).toMatchObject({ timescale: 90_000, presentationTime: EVEN * 90_000, schemeIdUri: ID3_EMSG_SCHEME });
      expect(e.value).toBe('');
    }
    expect(segment?.eventDuration).toBe(90_000);
    expect(segment?.id).toBe((2 * EVEN) % 2 ** 32);
    expect(text(segment)).toEqual([
      { description: 'onair:segment', value: '{"msn":1767225608,"programDateTime":"2026-01-01T00:00:08.000Z"}' },
    ]);
    // A caption lasts until the next one, two segments later.
    expect(caption?.eventDuration).toBe(180_000);
    expect(caption?.id).toBe(((2 * EVEN) % 2 ** 32) + 1);
    expect(text(caption)).toEqual([{ description: 'caption', value: 'Live caption 00:00:08 UTC' }]);
  });

  it('has no caption on odd segments', () => {
    const events = segmentMetadataEvents(EVEN + 1, 1000);
    expect(events).toHaveLength(1);
    expect(events[0]?.presentationTime).toBe((EVEN + 1) * 90_000);
    expect(JSON.parse(text(events[0])[0]?.value ?? '')).toEqual({
      msn: EVEN + 1,
      programDateTime: '2026-01-01T00:00:09.000Z',
    });
  });

  it('gives every event a distinct 32-bit id, wrapping at 2^32', () => {
    const ids = [EVEN, EVEN + 1, EVEN + 2].flatMap((msn) => segmentMetadataEvents(msn, 1000).map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(segmentMetadataEvents(2 ** 31, 1000).map((e) => e.id)).toEqual([0, 1]);
  });

  it('follows the segment duration and rejects bad sequence numbers', () => {
    const [e] = segmentMetadataEvents(3, 2000);
    expect(e?.presentationTime).toBe(6 * 90_000);
    expect(e?.eventDuration).toBe(180_000);
    expect(() => segmentMetadataEvents(-1, 1000)).toThrow(RangeError);
    expect(() => segmentMetadataEvents(1.5, 1000)).toThrow(RangeError);
  });

  it('writes the caption time of day in UTC', () => {
    expect(captionText(Date.UTC(2026, 6, 4, 21, 5, 9))).toBe('Live caption 21:05:09 UTC');
  });
});

describe('segmentMetadataBoxes', () => {
  it('writes the events as emsg boxes, segment event first', () => {
    const bytes = segmentMetadataBoxes(EVEN, 1000);
    const boxes = readBoxes(bytes);
    expect(boxes.map((b) => b.type)).toEqual(['emsg', 'emsg']);
    expect(boxes.map((b) => parseEmsg(bytes, b.start))).toEqual(segmentMetadataEvents(EVEN, 1000));
  });
});
