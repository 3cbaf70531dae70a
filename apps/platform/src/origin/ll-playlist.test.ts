import { describe, expect, it } from 'vitest';
import {
  lowLatencyTiming,
  renderLowLatencyPlaylist,
  skippedSegments,
  type LowLatencyPlaylistOptions,
} from './ll-playlist.ts';
import { checkLowLatency, readPlaylist } from './testing/ll-hls-checks.ts';

const grid = { segmentDurationMs: 1000, fragmentsPerSegment: 5 };
const RENDITIONS = ['160p', '360p', '480p', '720p'];
const options = (self = '720p'): LowLatencyPlaylistOptions => ({
  ...grid,
  windowSize: 10,
  siblings: RENDITIONS.filter((r) => r !== self).map((r) => `../${r}/media.m3u8`),
});
// 1767225600 = 8 * 220903200 starts a fixture loop: segment 1767225607 is a
// loop's last, 1767225608 the next loop's first (as in playlist.test.ts).
const at = (seconds: number, ms: number) => Date.UTC(2026, 0, 1, 0, 0, seconds, ms);

describe('renderLowLatencyPlaylist', () => {
  it('produces the LL-HLS tags with the draft-conforming values', () => {
    const text = renderLowLatencyPlaylist(at(9, 650), options());
    expect(text.startsWith('#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:1\n')).toBe(true);
    expect(text).toContain(
      '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=6.0,PART-HOLD-BACK=1.0,HOLD-BACK=3.0\n',
    );
    expect(text).toContain('#EXT-X-PART-INF:PART-TARGET=0.2\n');
    // The segment in progress (…609) has three published parts at .650.
    expect(text).toContain(
      [
        '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:09.000Z',
        '#EXT-X-PART:DURATION=0.200,URI="part-1767225609.0.m4s",INDEPENDENT=YES',
        '#EXT-X-PART:DURATION=0.200,URI="part-1767225609.1.m4s"',
        '#EXT-X-PART:DURATION=0.200,URI="part-1767225609.2.m4s"',
        '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-1767225609.3.m4s"',
        '#EXT-X-RENDITION-REPORT:URI="../160p/media.m3u8",LAST-MSN=1767225609,LAST-PART=2',
      ].join('\n'),
    );
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      '#EXT-X-RENDITION-REPORT:URI="../480p/media.m3u8",LAST-MSN=1767225609,LAST-PART=2',
    );
    expect(text).not.toContain('720p');
    expect(text).not.toContain('ENDLIST');
  });

  it('keeps every segment of the legacy playlist, so players without LL-HLS see the same stream', () => {
    const read = readPlaylist(renderLowLatencyPlaylist(at(9, 650), options()));
    expect(read.segments).toEqual(Array.from({ length: 10 }, (_, i) => 1767225599 + i));
    expect(read.playlist.mediaSequenceBase).toBe(1767225599);
    expect(read.playlist.segments[0]?.map?.uri).toBe('init.mp4');
  });

  it('lists parts for the two newest complete segments and the one in progress only', () => {
    const { parts } = readPlaylist(renderLowLatencyPlaylist(at(9, 650), options()));
    expect(parts.map((p) => `${p.msn}.${p.index}`)).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => `1767225607.${i}`),
      ...[0, 1, 2, 3, 4].map((i) => `1767225608.${i}`),
      ...[0, 1, 2].map((i) => `1767225609.${i}`),
    ]);
  });

  it('right after a segment ends, hints part 0 of the next one and reports the last part of the segment', () => {
    const text = renderLowLatencyPlaylist(at(9, 0), options());
    expect(text).toContain(
      'seg-1767225608.m4s\n#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-1767225609.0.m4s"\n#EXT-X-RENDITION-REPORT',
    );
    expect(text).toContain('LAST-MSN=1767225608,LAST-PART=4');
  });

  it.each([
    ['a segment boundary', 9, 0],
    ['1 ms into a segment', 9, 1],
    ['the end of the first part', 9, 200],
    ['1 ms before a part ends', 9, 399],
    ['mid-part', 9, 650],
    ['1 ms before a segment ends', 9, 999],
    ['the end of a fixture loop', 8, 0],
    ['the first part of a new loop', 8, 200],
    ['the last part of a loop', 7, 800],
  ])('passes hls-parser strict mode and the LL checks at %s', (_label, s, ms) => {
    const now = at(s, ms);
    for (const skip of ['none', 'segments', 'segments-and-dateranges'] as const) {
      checkLowLatency(renderLowLatencyPlaylist(now, { ...options(), skip }), now, grid);
    }
  });

  it('moves forward monotonically across a loop boundary, every 50 ms', () => {
    let previous: { sequence: number; lastPart: number } | undefined;
    for (let now = at(6, 900); now <= at(10, 100); now += 50) {
      const { playlist, parts } = checkLowLatency(renderLowLatencyPlaylist(now, options()), now, grid);
      const last = parts.at(-1)!;
      const current = { sequence: playlist.mediaSequenceBase ?? NaN, lastPart: last.msn * 5 + last.index };
      if (previous) {
        expect(current.sequence).toBeGreaterThanOrEqual(previous.sequence);
        expect(current.sequence - previous.sequence).toBeLessThanOrEqual(1);
        expect(current.lastPart).toBeGreaterThanOrEqual(previous.lastPart);
        expect(current.lastPart - previous.lastPart).toBeLessThanOrEqual(1);
      }
      previous = current;
    }
  });

  it('reports what the sibling renditions list, at any instant', () => {
    for (const now of [at(9, 0), at(9, 450), at(8, 999)]) {
      for (const self of RENDITIONS) {
        const { playlist } = readPlaylist(renderLowLatencyPlaylist(now, options(self)));
        expect(playlist.renditionReports.map((r) => r.uri)).toEqual(
          RENDITIONS.filter((r) => r !== self).map((r) => `../${r}/media.m3u8`),
        );
        for (const report of playlist.renditionReports) {
          const sibling = /^\.\.\/([^/]+)\//.exec(report.uri)?.[1] ?? '';
          const theirs = readPlaylist(renderLowLatencyPlaylist(now, options(sibling))).parts.at(-1);
          expect({ msn: report.lastMSN, part: report.lastPart }).toEqual({ msn: theirs?.msn, part: theirs?.index });
        }
      }
    }
  });
});

describe('Playlist Delta Updates (_HLS_skip)', () => {
  it('replaces the segments older than CAN-SKIP-UNTIL with EXT-X-SKIP, keeping the media sequence', () => {
    const now = at(9, 650);
    const full = readPlaylist(renderLowLatencyPlaylist(now, options()));
    const text = renderLowLatencyPlaylist(now, { ...options(), skip: 'segments' });
    const delta = readPlaylist(text);
    expect(text).toContain('#EXT-X-VERSION:9\n');
    expect(text).toContain(
      '#EXT-X-MEDIA-SEQUENCE:1767225599\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-SKIP:SKIPPED-SEGMENTS=4\n',
    );
    expect(delta.playlist.skip).toBe(4);
    expect(delta.playlist.mediaSequenceBase).toBe(full.playlist.mediaSequenceBase);
    expect(delta.segments).toEqual(full.segments.slice(4));
    expect(delta.playlist.segments[0]?.mediaSequenceNumber).toBe(1767225603);
    expect(delta.parts).toEqual(full.parts);
    expect(delta.hint).toEqual(full.hint);
    // Skipped: only segments that end at least CAN-SKIP-UNTIL before the newest one does.
    const endOf = (msn: number) => msn + 1;
    const { canSkipUntilS } = lowLatencyTiming(grid);
    expect(endOf(1767225608) - endOf(1767225602)).toBeGreaterThanOrEqual(canSkipUntilS);
    expect(endOf(1767225608) - endOf(1767225603)).toBeLessThan(canSkipUntilS);
  });

  it('answers v2 with an empty list of removed date ranges (there are none) and version 10', () => {
    const text = renderLowLatencyPlaylist(at(9, 650), { ...options(), skip: 'segments-and-dateranges' });
    expect(text).toContain('#EXT-X-VERSION:10\n');
    expect(text).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=4,RECENTLY-REMOVED-DATERANGES=""\n');
  });

  it('skips nothing, and sends the full playlist, when the window is within CAN-SKIP-UNTIL', () => {
    const text = renderLowLatencyPlaylist(at(9, 650), { ...options(), windowSize: 6, skip: 'segments' });
    expect(text).not.toContain('EXT-X-SKIP');
    expect(text).toContain('#EXT-X-VERSION:7\n');
  });

  it('counts skipped segments against the skip boundary', () => {
    expect(skippedSegments(10, 19, 1000, 6)).toBe(4);
    expect(skippedSegments(14, 19, 1000, 6)).toBe(0);
    expect(skippedSegments(0, 2, 1000, 6)).toBe(0);
    expect(skippedSegments(10, 19, 1000, 0)).toBe(10);
  });
});
