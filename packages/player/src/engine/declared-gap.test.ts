import { describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from '../hls/media-playlist.ts';
import { declaredGapEnd, GAP_NEAR_S } from './declared-gap.ts';

/** A VOD of segments 0–5, 2 s each; `gaps` are EXT-X-GAP. */
function playlist(gaps: number[]) {
  const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:2', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (let msn = 0; msn <= 5; msn += 1)
    lines.push(...(gaps.includes(msn) ? ['#EXT-X-GAP'] : []), '#EXTINF:2.0,', `seg_${msn}.m4s`);
  lines.push('#EXT-X-ENDLIST');
  return parseMediaPlaylist(lines.join('\n'), 'https://origin.test/index.m3u8');
}

// Segment 3 starts at element time 6 (the anchor: the newest piece appended, past the gap).
const reference = { msn: 3, start: 6 };

describe('declaredGapEnd', () => {
  it('is the gap’s end once the position reaches its start, where playback stops', () => {
    // Segment 2 (4–6 s) is the gap: the buffer ends at 4.
    expect(declaredGapEnd(playlist([2]), reference, 4)).toBe(6);
    expect(declaredGapEnd(playlist([2]), reference, 3.99)).toBe(6);
    expect(declaredGapEnd(playlist([2]), reference, 4 - GAP_NEAR_S + 0.01)).toBe(6);
    // Inside it (a seek into the hole): its end too.
    expect(declaredGapEnd(playlist([2]), reference, 5)).toBe(6);
    // Found from an anchor before the gap as well.
    expect(declaredGapEnd(playlist([2]), { msn: 0, start: 0 }, 3.95)).toBe(6);
  });

  it('spans the gap segments that follow one another', () => {
    expect(declaredGapEnd(playlist([2, 3]), { msn: 4, start: 8 }, 4)).toBe(8);
  });

  it('is none while media lies between the position and a gap, past it, or with no gap', () => {
    expect(declaredGapEnd(playlist([2]), reference, 4 - GAP_NEAR_S - 0.05)).toBeNull();
    expect(declaredGapEnd(playlist([2]), reference, 1)).toBeNull();
    expect(declaredGapEnd(playlist([2]), reference, 6)).toBeNull();
    expect(declaredGapEnd(playlist([]), reference, 4)).toBeNull();
  });

  it('is none without an anchor, with an anchor the playlist no longer lists, or no position', () => {
    expect(declaredGapEnd(playlist([2]), null, 4)).toBeNull();
    expect(declaredGapEnd(playlist([2]), { msn: 40, start: 6 }, 4)).toBeNull();
    expect(declaredGapEnd(playlist([2]), reference, Number.NaN)).toBeNull();
  });
});
