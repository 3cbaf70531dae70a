import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CUE_TEXT,
  MAX_CUES_PER_SEGMENT,
  parseWebVtt,
  plainText,
  PTS_WRAP_S,
  timestampMapOffset,
  unwrapPts,
  vttTime,
  WebVttError,
} from './webvtt.ts';

describe('parseWebVtt', () => {
  it('reads what ffmpeg writes (no X-TIMESTAMP-MAP: cue time is media time)', () => {
    const body = 'WEBVTT\n\n00:06.022 --> 00:07.022\nCue 6\n\n00:07.022 --> 00:08.022\nCue 7\n';
    expect(parseWebVtt(body)).toEqual([
      { startTime: 6.022, endTime: 7.022, text: 'Cue 6' },
      { startTime: 7.022, endTime: 8.022, text: 'Cue 7' },
    ]);
  });

  it('moves cues by X-TIMESTAMP-MAP: media time = cue time - LOCAL + MPEGTS / 90000', () => {
    const body = [
      '\uFEFFWEBVTT',
      'X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:01.000',
      '',
      '00:00:01.500 --> 00:00:03.000',
      'Hello',
    ].join('\r\n');
    // 10 s (the map's MPEG-2 time) - 1 s (its local time) + 1.5 s.
    expect(parseWebVtt(body)).toEqual([{ startTime: 10.5, endTime: 12, text: 'Hello' }]);
    expect(timestampMapOffset('X-TIMESTAMP-MAP=LOCAL:00:00.000,MPEGTS:180000')).toBe(2);
    expect(timestampMapOffset('X-TIMESTAMP-MAP=MPEGTS:abc,LOCAL:00:00.000')).toBe(0);
  });

  it('skips NOTE, STYLE and REGION blocks, identifiers and cue settings; keeps multi-line text', () => {
    const body = [
      'WEBVTT - a title',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'REGION',
      'id:bottom width:40%',
      '',
      'NOTE a comment',
      'that goes on',
      '',
      'intro',
      '01:02:03.004 --> 01:02:05.000 line:90% align:center',
      '<v Anna>Two</v>',
      '<i>lines</i>',
    ].join('\n');
    expect(parseWebVtt(body)).toEqual([{ startTime: 3723.004, endTime: 3725, text: 'Two\nlines' }]);
  });

  it('reduces markup to text and decodes the entities', () => {
    expect(plainText('<c.yellow.bg_blue>Tom &amp; Jerry</c> &lt;3&gt;&nbsp;<00:00:01.000>!')).toBe(
      'Tom & Jerry <3>\u00a0!',
    );
    // Decoded once: an escaped entity stays an entity.
    expect(plainText('&amp;lt;')).toBe('&lt;');
  });

  it('skips cues whose timing is wrong or whose text is empty', () => {
    const body = [
      'WEBVTT',
      '',
      '00:05.000 --> 00:04.000',
      'backwards',
      '',
      '00:61.000 --> 00:62.000',
      'no such second',
      '',
      '00:01.000 --> 00:02.000',
      '<b></b>',
      '',
      '00:01.000 --> 00:02.000',
      'kept',
    ].join('\n');
    expect(parseWebVtt(body).map((c) => c.text)).toEqual(['kept']);
  });

  it('refuses what is not WebVTT (an error page)', () => {
    expect(() => parseWebVtt('<html>404</html>')).toThrow(WebVttError);
    expect(() => parseWebVtt('WEBVTTX\n')).toThrow(WebVttError);
    expect(parseWebVtt('WEBVTT')).toEqual([]);
  });

  it('reads at most MAX_CUES_PER_SEGMENT cues, each text at most MAX_CUE_TEXT long', () => {
    const cue = (i: number) => `00:00:${String(i % 60).padStart(2, '0')}.000 --> 00:00:59.000\n${'x'.repeat(2000)}`;
    const body = ['WEBVTT', ...Array.from({ length: MAX_CUES_PER_SEGMENT + 50 }, (_, i) => cue(i))].join('\n\n');
    const cues = parseWebVtt(body);
    expect(cues).toHaveLength(MAX_CUES_PER_SEGMENT);
    expect(cues.every((c) => c.text.length === MAX_CUE_TEXT)).toBe(true);
  });

  it('reads times with or without hours, and nothing else', () => {
    expect(vttTime('00:01.500')).toBe(1.5);
    expect(vttTime('100:00:00.000')).toBe(360_000);
    expect(vttTime('1.5')).toBeNull();
    expect(vttTime('00:00:00')).toBeNull();
  });
});

describe('unwrapPts', () => {
  it('moves a time by whole 33-bit wraps to where its segment is expected', () => {
    expect(unwrapPts(10, 12)).toBe(10);
    // The map was written after the MPEG-2 clock wrapped; the media timeline went on.
    expect(unwrapPts(5, PTS_WRAP_S + 3)).toBeCloseTo(PTS_WRAP_S + 5, 6);
    // A 64-bit fMP4 timeline (epoch seconds) with a map taken modulo 2^33.
    const epoch = 1_790_000_000;
    expect(unwrapPts(epoch % PTS_WRAP_S, epoch + 1)).toBeCloseTo(epoch, 3);
  });
});

describe('parseWebVtt under generated input', () => {
  const valid = (cues: ReturnType<typeof parseWebVtt>) =>
    cues.length <= MAX_CUES_PER_SEGMENT &&
    cues.every(
      (c) =>
        Number.isFinite(c.startTime) && c.endTime >= c.startTime && c.text.length > 0 && c.text.length <= MAX_CUE_TEXT,
    );

  /** Answers valid cues, or throws WebVttError; anything else thrown fails the property. */
  const answers = (body: string) => {
    try {
      return valid(parseWebVtt(body));
    } catch (error) {
      if (error instanceof WebVttError) return true;
      throw error;
    }
  };

  it('answers or throws WebVttError for any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), answers), { numRuns: 500 });
  });

  it('never throws for a WebVTT body of lines made of its own pieces', () => {
    const piece = fc.constantFrom(
      '',
      'NOTE',
      'STYLE',
      'X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000',
      'X-TIMESTAMP-MAP=MPEGTS:,LOCAL:',
      '00:00:01.000 --> 00:00:02.000',
      '00:00:02.000 --> 00:00:01.000',
      '99:59:59.999 --> 99:59:59.999 align:start',
      '-->',
      '<i>text &amp;',
      '&nbsp;',
      '<',
    );
    const line = fc.oneof(piece, fc.string({ maxLength: 30 }));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => valid(parseWebVtt(['WEBVTT', ...lines].join('\n')))),
      { numRuns: 1000 },
    );
  });
});
