import { describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from '../hls/media-playlist.ts';
import { UP_SWITCH_MARGIN_S, upSwitchSegment } from './up-switch.ts';

/** Segments 10–13 of 1 s each, then segment 14 in progress (two parts of 0.2 s). */
function playlist(tags: Record<number, string> = {}) {
  const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:1', '#EXT-X-PART-INF:PART-TARGET=0.2', '#EXT-X-MEDIA-SEQUENCE:10'];
  for (let msn = 10; msn <= 13; msn += 1)
    lines.push(...(tags[msn] ? [tags[msn]!] : []), '#EXTINF:1.0,', `seg-${msn}.m4s`);
  lines.push(
    '#EXT-X-PART:DURATION=0.2,URI="part-14.0.m4s",INDEPENDENT=YES',
    '#EXT-X-PART:DURATION=0.2,URI="part-14.1.m4s"',
  );
  return parseMediaPlaylist(lines.join('\n'), 'https://origin.test/720p/media.m3u8');
}

// Segment 12 starts at element time 100 (the anchor): 13 at 101, 14 at 102.
const reference = { msn: 12, start: 100 };

describe('upSwitchSegment', () => {
  it('is the first segment that begins inside the buffer, past the margin ahead of the position', () => {
    // Playing 100.5, buffered to 101.3: segment 13 begins at 101, 0.5 s ahead.
    expect(upSwitchSegment(playlist(), reference, 100.5, 101.3)).toBe(13);
    // Found from an anchor ahead of the position too (the anchor is the newest piece appended).
    expect(upSwitchSegment(playlist(), { msn: 14, start: 102 }, 100.5, 101.3)).toBe(13);
    // And the segment in progress, which has only parts so far.
    expect(upSwitchSegment(playlist(), reference, 101.5, 102.4)).toBe(14);
  });

  it('is none where the next segment begins within the margin, or at the buffered end (the ordinary switch)', () => {
    expect(upSwitchSegment(playlist(), reference, 101 - UP_SWITCH_MARGIN_S + 0.05, 101.5)).toBeNull();
    expect(upSwitchSegment(playlist(), reference, 100.2, 101)).toBeNull();
    expect(upSwitchSegment(playlist(), reference, 100.2, 100.9)).toBeNull();
  });

  it('is none for a long buffer, a new timeline or a missing segment, or without an anchor', () => {
    expect(upSwitchSegment(playlist(), reference, 100.5, 103.5)).toBeNull();
    expect(upSwitchSegment(playlist({ 13: '#EXT-X-DISCONTINUITY' }), reference, 100.5, 101.3)).toBeNull();
    expect(upSwitchSegment(playlist({ 13: '#EXT-X-GAP' }), reference, 100.5, 101.3)).toBeNull();
    expect(upSwitchSegment(playlist(), null, 100.5, 101.3)).toBeNull();
    expect(upSwitchSegment(playlist(), { msn: 3, start: 100 }, 100.5, 101.3)).toBeNull();
    expect(upSwitchSegment(playlist(), reference, Number.NaN, 101.3)).toBeNull();
  });
});
