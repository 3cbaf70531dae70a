import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID3_LIMITS, parseId3 } from './id3.ts';
import { cuesFromId3 } from './id3-cues.ts';
import { CueScheduler } from './timed-metadata.ts';

const encoder = new TextEncoder();

function syncsafe(n: number): number[] {
  return [(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f];
}

/** An ID3v2.4 tag, built by hand the way the spec writes it. */
function tag(frames: [string, Uint8Array][]): Uint8Array {
  const body = frames.flatMap(([id, content]) => [
    ...encoder.encode(id),
    ...syncsafe(content.length),
    0,
    0,
    ...content,
  ]);
  return Uint8Array.from([0x49, 0x44, 0x33, 4, 0, 0, ...syncsafe(body.length), ...body]);
}

const txxx = (description: string, value: string) =>
  Uint8Array.from([3, ...encoder.encode(description), 0, ...encoder.encode(value)]);

describe('ID3 reader', () => {
  it('reads TXXX, text and PRIV frames of a v2.4 tag, with syncsafe sizes past 127 bytes', () => {
    const long = 'é'.repeat(100); // 200 UTF-8 bytes
    const frames = parseId3(
      tag([
        ['TXXX', txxx('onair:segment', long)],
        ['TIT2', Uint8Array.from([3, ...encoder.encode('Title')])],
        ['PRIV', Uint8Array.from([...encoder.encode('com.example'), 0, 1, 2])],
      ]),
    );
    expect(frames).toEqual([
      { id: 'TXXX', description: 'onair:segment', value: long },
      { id: 'TIT2', value: 'Title' },
      { id: 'PRIV', owner: 'com.example', data: Uint8Array.from([1, 2]) },
    ]);
  });

  it('answers [] for bytes that are not a tag, and stops at padding', () => {
    expect(parseId3(encoder.encode('not id3 at all'))).toEqual([]);
    const padded = Uint8Array.from([...tag([['TXXX', txxx('a', 'b')]]), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    padded[9] = padded[9]! + 10; // the header's size covers the padding
    expect(parseId3(padded)).toHaveLength(1);
  });
});

describe('timed cues', () => {
  it("turns a TXXX 'caption' into a text cue lasting 2 s, and other frames into metadata cues", () => {
    const cues = cuesFromId3(
      [
        { id: 'TXXX', description: 'caption', value: 'Hello' },
        { id: 'TXXX', description: 'onair:segment', value: '{"msn":1}' },
      ],
      10,
    );
    expect(cues).toEqual([
      { type: 'TextCue', startTime: 10, endTime: 12, text: 'Hello', track: 'id3' },
      {
        type: 'TextMetadataCue',
        description: 'onair:segment',
        startTime: 10,
        endTime: 10,
        text: '{"msn":1}',
        owner: '',
      },
    ]);
  });

  it('releases cues when playback reaches them, in order, and drops stale ones', () => {
    const scheduler = new CueScheduler(5);
    const cue = (t: number) => ({
      type: 'TextCue' as const,
      startTime: t,
      endTime: t + 2,
      text: String(t),
      track: 'id3',
    });
    [cue(12), cue(10), cue(11)].forEach((c) => scheduler.add(c));
    expect(scheduler.due(9.9)).toEqual([]);
    expect(scheduler.due(11.5).map((c) => c.text)).toEqual(['10', '11']);
    scheduler.add(cue(1));
    expect(scheduler.due(12).map((c) => c.text)).toEqual(['12']); // the cue at 1 s is 11 s stale
    expect(scheduler.size).toBe(0);
  });

  it('holds a text cue once, however often its segment arrives, and drops those of a track turned off', () => {
    const scheduler = new CueScheduler(5);
    const cue = (t: number, track: string) => ({
      type: 'TextCue' as const,
      startTime: t,
      endTime: t + 1,
      text: 'x',
      track,
    });
    // A subtitle segment loaded again after a seek back: its cues are not shown twice.
    [cue(1, 'en'), cue(1, 'en'), cue(1, 'fr'), cue(2, 'id3')].forEach((c) => scheduler.add(c));
    expect(scheduler.size).toBe(3);
    scheduler.dropText((track) => track === 'en');
    expect(scheduler.due(3).map((c) => (c.type === 'TextCue' ? c.track : ''))).toEqual(['fr', 'id3']);
  });
});

describe('ID3 reader on hostile tags', () => {
  const nulls = (n: number) => new Uint8Array(n);

  it('trims a long run of trailing nulls from a text frame', () => {
    const value = Uint8Array.from([3, ...encoder.encode('live'), ...nulls(ID3_LIMITS.maxTextBytes - 5)]);
    expect(parseId3(tag([['TIT2', value]]))).toEqual([{ id: 'TIT2', value: 'live' }]);
  });

  it('skips a text frame over its cap and reads the frames after it', () => {
    const huge = Uint8Array.from([3, ...encoder.encode('x'), ...nulls(ID3_LIMITS.maxTextBytes)]);
    const frames = parseId3(
      tag([
        ['TIT2', huge],
        ['TXXX', txxx('after', 'ok')],
      ]),
    );
    expect(frames).toEqual([
      { id: 'TIT2', data: new Uint8Array(0) },
      { id: 'TXXX', description: 'after', value: 'ok' },
    ]);
  });

  it('reads at most maxFrames frames, and no tag over maxTagBytes', () => {
    const many = Array.from(
      { length: ID3_LIMITS.maxFrames + 10 },
      () => ['TXXX', txxx('k', 'v')] as [string, Uint8Array],
    );
    expect(parseId3(tag(many))).toHaveLength(ID3_LIMITS.maxFrames);
    const big = tag([['PRIV', nulls(ID3_LIMITS.maxTagBytes)]]);
    expect(parseId3(big)).toEqual([]);
  });

  it('never throws, whatever the bytes after a valid header', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), fc.constantFrom(3, 4), (body, version) => {
        const bytes = Uint8Array.from([0x49, 0x44, 0x33, version, 0, 0, ...syncsafe(body.length), ...body]);
        const frames = parseId3(bytes);
        expect(frames.length).toBeLessThanOrEqual(ID3_LIMITS.maxFrames);
      }),
      { numRuns: 500 },
    );
  });
});
