/**
 * Bad input, generated: whatever bytes or text reach the engine's parsers (a broken origin, a
 * truncated transfer, a hostile CDN), each either answers or throws its own error, and none
 * hangs or throws anything else. fast-check makes the inputs: random ones and mutations of a
 * real playlist; it shrinks any failure to the smallest input that shows it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxes, eventMessages, fragmentStartTime, trackTimescales } from './fmp4.ts';
import { PlaylistError } from '../hls/m3u8.ts';
import { mergeDelta, parseMediaPlaylist } from '../hls/media-playlist.ts';
import { parseMultivariant } from '../hls/multivariant.ts';

const URL_ = 'https://origin.test/hls/ch/720p/media.m3u8';

const LIVE = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:1
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=6.0,PART-HOLD-BACK=1.0,HOLD-BACK=3.0
#EXT-X-PART-INF:PART-TARGET=0.2
#EXT-X-MEDIA-SEQUENCE:100
#EXT-X-MAP:URI="init.mp4"
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T10:00:00.000Z
#EXTINF:1.000,
seg-100.m4s
#EXT-X-PART:DURATION=0.500,URI="part-101.0.m4s",INDEPENDENT=YES
#EXT-X-PART:DURATION=0.500,URI="part-101.1.m4s"
#EXTINF:1.000,
seg-101.m4s
#EXT-X-SKIP:SKIPPED-SEGMENTS=2
#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-102.0.m4s"
#EXT-X-RENDITION-REPORT:URI="../360p/media.m3u8",LAST-MSN=102,LAST-PART=0
`;

const MULTIVARIANT = `#EXTM3U
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"
360p/media.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"
720p/media.m3u8
`;

/** A real playlist with lines dropped, repeated, cut short or filled with junk. */
function mutated(text: string): fc.Arbitrary<string> {
  const lines = text.split('\n');
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), at: fc.nat(lines.length) }),
    fc.record({ kind: fc.constant('repeat' as const), at: fc.nat(lines.length) }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat(lines.length), keep: fc.nat(40) }),
    fc.record({ kind: fc.constant('junk' as const), at: fc.nat(lines.length), text: fc.string({ maxLength: 60 }) }),
    fc.record({
      kind: fc.constant('number' as const),
      at: fc.nat(lines.length),
      value: fc.oneof(fc.constant('-1'), fc.constant('NaN'), fc.constant('1e308'), fc.constant(''), fc.constant('0')),
    }),
  );
  return fc.array(edit, { minLength: 1, maxLength: 6 }).map((edits) => {
    const out = [...lines];
    for (const e of edits) {
      const at = Math.min(e.at, out.length - 1);
      if (e.kind === 'drop') out.splice(at, 1);
      else if (e.kind === 'repeat') out.splice(at, 0, out[at] ?? '');
      else if (e.kind === 'cut') out[at] = (out[at] ?? '').slice(0, e.keep);
      else if (e.kind === 'junk') out.splice(at, 0, e.text);
      else out[at] = (out[at] ?? '').replace(/\d+(\.\d+)?/, e.value);
    }
    return out.join('\n');
  });
}

/** Calls `parse`; a PlaylistError is an answer, anything else thrown fails the property. */
function answers(parse: () => unknown): boolean {
  try {
    parse();
  } catch (error) {
    if (!(error instanceof PlaylistError)) throw error;
  }
  return true;
}

describe('playlist parsers under generated input', () => {
  it('the media playlist parser answers or throws PlaylistError for any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (text) => answers(() => parseMediaPlaylist(text, URL_))));
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (tail) => answers(() => parseMediaPlaylist(`#EXTM3U\n${tail}`, URL_))),
    );
  });

  it('the media playlist parser and the delta merge survive any mutation of a real playlist', () => {
    const base = parseMediaPlaylist(LIVE.replace('#EXT-X-SKIP:SKIPPED-SEGMENTS=2\n', ''), URL_);
    fc.assert(
      fc.property(mutated(LIVE), (text) =>
        answers(() => {
          const parsed = parseMediaPlaylist(text, URL_);
          mergeDelta(base, parsed);
          mergeDelta(null, parsed);
        }),
      ),
      { numRuns: 500 },
    );
  });

  it('the multivariant parser answers or throws PlaylistError for any text and any mutation', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (text) => answers(() => parseMultivariant(text, URL_))));
    fc.assert(
      fc.property(mutated(MULTIVARIANT), (text) => answers(() => parseMultivariant(text, URL_))),
      {
        numRuns: 500,
      },
    );
  });
});

/** Box headers with sizes that lie (0, 1 with a 64-bit size, smaller than a header, past the end). */
const box = fc
  .record({
    size: fc.oneof(fc.constant(0), fc.constant(1), fc.nat(7), fc.nat(64), fc.constant(0xffffffff)),
    type: fc.constantFrom(
      'moov',
      'trak',
      'mdia',
      'mdhd',
      'tkhd',
      'moof',
      'traf',
      'tfhd',
      'tfdt',
      'emsg',
      'mdat',
      'xxxx',
    ),
    body: fc.uint8Array({ maxLength: 48 }),
  })
  .map(({ size, type, body }) => {
    const bytes = new Uint8Array(8 + body.length);
    new DataView(bytes.buffer).setUint32(0, size);
    for (let i = 0; i < 4; i++) bytes[4 + i] = type.charCodeAt(i);
    bytes.set(body, 8);
    return bytes;
  });
const boxBytes = fc.array(box, { maxLength: 8 }).map((parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
});

describe('fMP4 box readers under generated bytes', () => {
  it('never throw and never loop, whatever the sizes say', () => {
    const input = fc.oneof(fc.uint8Array({ maxLength: 300 }), boxBytes);
    fc.assert(
      fc.property(input, (bytes) => {
        const list = boxes(bytes);
        for (const b of list) expect(b.end).toBeLessThanOrEqual(bytes.byteLength);
        const timescales = trackTimescales(bytes);
        fragmentStartTime(bytes, timescales);
        fragmentStartTime(bytes, new Map([[1, 90_000]]));
        eventMessages(bytes, 0);
        return true;
      }),
      { numRuns: 1000 },
    );
  });
});
