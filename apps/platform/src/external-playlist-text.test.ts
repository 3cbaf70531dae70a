import { describe, expect, it } from 'vitest';
import { isMultivariantText, targetDurationS, variantUris, writtenAtMs } from './external-playlist-text.ts';

const URL_ = 'http://cdn.example:8000/live/master.m3u8';
const MULTIVARIANT = [
  '#EXTM3U',
  '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360',
  'stream_0/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=2400000,RESOLUTION=1280x720',
  '/live/stream_1/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=3000000',
  'https://elsewhere.example/stream_2/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=800000',
  'stream_0/index.m3u8',
  '',
].join('\n');

describe('what the platform reads of a playlist from elsewhere', () => {
  it('tells a multivariant playlist from a media playlist and from anything else', () => {
    expect(isMultivariantText(MULTIVARIANT)).toBe(true);
    expect(isMultivariantText('\uFEFF' + MULTIVARIANT)).toBe(true);
    expect(isMultivariantText('#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg_1.ts\n')).toBe(false);
    expect(isMultivariantText('<html>#EXT-X-STREAM-INF:</html>')).toBe(false);
  });

  it('lists the variants’ media playlists on the multivariant’s own origin, once each, in order', () => {
    expect(variantUris(MULTIVARIANT, URL_)).toEqual([
      'http://cdn.example:8000/live/stream_0/index.m3u8',
      'http://cdn.example:8000/live/stream_1/index.m3u8',
    ]);
  });

  it('dates a playlist by its Last-Modified as the engine does, within one target duration', () => {
    const text = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg_1.ts\n';
    expect(targetDurationS(text)).toBe(2);
    const modified = Date.parse('Sun, 29 Nov 2026 16:00:00 GMT');
    // Written in the second Last-Modified names: its middle.
    expect(writtenAtMs(text, 'Sun, 29 Nov 2026 16:00:00 GMT', modified + 1_200)).toBe(modified + 500);
    // Older than a target duration, or ahead of the clock: no age to trust.
    expect(writtenAtMs(text, 'Sun, 29 Nov 2026 16:00:00 GMT', modified + 9_000)).toBe(modified + 9_000);
    expect(writtenAtMs(text, 'Sun, 29 Nov 2026 16:00:00 GMT', modified)).toBe(modified);
    expect(writtenAtMs(text, null, 5_000)).toBe(5_000);
    // A part target bounds it where the playlist has parts.
    const parts = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-PART-INF:PART-TARGET=0.5\n';
    expect(writtenAtMs(parts, 'Sun, 29 Nov 2026 16:00:00 GMT', modified + 1_200)).toBe(modified + 1_200);
  });
});
