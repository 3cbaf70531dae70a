import HLS from 'hls-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatProgramDateTime, renderLiveMediaPlaylist, renderMultivariantPlaylist } from './playlist.ts';
import type { VariantStream } from './playlist.ts';
import { checkMultivariant } from './testing/multivariant-checks.ts';

const live = { segmentDurationMs: 1000, windowSize: 10 };
// 2026-01-01T00:00:07.400Z. 1767225600 = 8 * 220903200 starts a fixture loop,
// so segment 1767225607 is the loop's last and 1767225608 the next loop's first.
const NOW = Date.UTC(2026, 0, 1, 0, 0, 7, 400);

const LADDER: readonly VariantStream[] = [
  {
    uri: '720p/media.m3u8',
    bandwidth: 2_212_536,
    averageBandwidth: 2_130_674,
    codecs: 'avc1.4d401f,mp4a.40.2',
    width: 1280,
    height: 720,
    frameRate: 30,
  },
  {
    uri: '160p/media.m3u8',
    bandwidth: 395_000,
    averageBandwidth: 337_278,
    codecs: 'avc1.4d400c,mp4a.40.2',
    width: 284,
    height: 160,
    frameRate: 30,
  },
];

function segmentLines(text: string): string[] {
  return text.split('\n').filter((l) => l.startsWith('seg-'));
}

describe('renderLiveMediaPlaylist', () => {
  it('lists the last 10 published segments with their wall-clock times', () => {
    const text = renderLiveMediaPlaylist(NOW, live);
    const newest = Math.floor(NOW / 1000) - 1;
    expect(text.startsWith('#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:1\n')).toBe(true);
    expect(text).toContain(`#EXT-X-MEDIA-SEQUENCE:${newest - 9}\n`);
    expect(text).toContain('#EXT-X-INDEPENDENT-SEGMENTS\n');
    expect(text).toContain('#EXT-X-MAP:URI="init.mp4"\n');
    expect(segmentLines(text)).toEqual(Array.from({ length: 10 }, (_, i) => `seg-${newest - 9 + i}.m4s`));
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:06.000Z\n#EXTINF:1.000,\nseg-1767225606.m4s\n');
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2025-12-31T23:59:57.000Z\n#EXTINF:1.000,\nseg-1767225597.m4s\n');
    expect(text.match(/#EXTINF:1\.000,/g)).toHaveLength(10);
    expect(text).not.toContain('ENDLIST');
  });

  it('never lists a segment that ends after now', () => {
    const text = renderLiveMediaPlaylist(Date.UTC(2026, 0, 1, 0, 0, 7, 999), live);
    expect(text).not.toContain('seg-1767225607.m4s');
    const atEnd = renderLiveMediaPlaylist(Date.UTC(2026, 0, 1, 0, 0, 8, 0), live);
    expect(segmentLines(atEnd).at(-1)).toBe('seg-1767225607.m4s');
    expect(atEnd).toContain('#EXT-X-MEDIA-SEQUENCE:1767225598\n');
  });

  it('keeps counting across a loop boundary', () => {
    // 1767225608 = 8 * 220903201: the first segment of a new fixture loop.
    const text = renderLiveMediaPlaylist(Date.UTC(2026, 0, 1, 0, 0, 9, 1), live);
    expect(segmentLines(text).slice(-3)).toEqual(['seg-1767225606.m4s', 'seg-1767225607.m4s', 'seg-1767225608.m4s']);
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:08.000Z\n#EXTINF:1.000,\nseg-1767225608.m4s');
  });

  it('honours the window size', () => {
    expect(segmentLines(renderLiveMediaPlaylist(NOW, { ...live, windowSize: 3 }))).toHaveLength(3);
  });

  it('formats program date-times with milliseconds and Z', () => {
    expect(formatProgramDateTime(1_767_225_606_000)).toBe('2026-01-01T00:00:06.000Z');
  });
});

describe('playlists parse in hls-parser strict mode', () => {
  beforeAll(() => HLS.setOptions({ strictMode: true }));

  it('parses the media playlist', () => {
    const playlist = HLS.parse(renderLiveMediaPlaylist(NOW, live));
    if (playlist.isMasterPlaylist) throw new Error('expected a media playlist');
    expect(playlist.targetDuration).toBe(1);
    expect(playlist.mediaSequenceBase).toBe(1767225597);
    expect(playlist.endlist).toBe(false);
    expect(playlist.segments).toHaveLength(10);
    const first = playlist.segments[0];
    expect(first?.uri).toBe('seg-1767225597.m4s');
    expect(first?.duration).toBe(1);
    expect(first?.map?.uri).toBe('init.mp4');
    expect(first?.programDateTime?.toISOString()).toBe('2025-12-31T23:59:57.000Z');
  });

  it('parses the multivariant playlist', () => {
    const text = renderMultivariantPlaylist(LADDER);
    expect(text).toContain('FRAME-RATE=30.000');
    const playlist = HLS.parse(text);
    if (!playlist.isMasterPlaylist) throw new Error('expected a multivariant playlist');
    expect(playlist.variants.map((v) => v.uri)).toEqual(['160p/media.m3u8', '720p/media.m3u8']);
    expect(playlist.variants[1]).toMatchObject({
      bandwidth: 2_212_536,
      averageBandwidth: 2_130_674,
      codecs: 'avc1.4d401f,mp4a.40.2',
      resolution: { width: 1280, height: 720 },
      frameRate: 30,
    });
  });
});

describe('VIDEO groups of the multivariant playlist', () => {
  it('puts the top of the ladder in the source group "chunked" and every other variant in its own', () => {
    const text = renderMultivariantPlaylist(LADDER);
    expect(text).toContain(
      '#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="chunked",NAME="720p (source)",AUTOSELECT=YES,DEFAULT=YES\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=2212536,AVERAGE-BANDWIDTH=2130674,CODECS="avc1.4d401f,mp4a.40.2",' +
        'RESOLUTION=1280x720,FRAME-RATE=30.000,VIDEO="chunked"\n720p/media.m3u8\n',
    );
    expect(text).toContain(
      '#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="160p30",NAME="160p",AUTOSELECT=YES,DEFAULT=YES\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=395000,AVERAGE-BANDWIDTH=337278,CODECS="avc1.4d400c,mp4a.40.2",' +
        'RESOLUTION=284x160,FRAME-RATE=30.000,VIDEO="160p30"\n160p/media.m3u8\n',
    );
    const { playlist, videoGroupOf } = checkMultivariant(text);
    expect([...videoGroupOf]).toEqual([
      ['160p/media.m3u8', '160p30'],
      ['720p/media.m3u8', 'chunked'],
    ]);
    // hls-parser ties the rendition to the variant: no URI, the variant's own video.
    expect(playlist.variants[1]?.video).toMatchObject([
      { type: 'VIDEO', groupId: 'chunked', name: '720p (source)', isDefault: true, autoselect: true },
    ]);
    expect(playlist.variants[1]?.video[0]?.uri).toBeUndefined();
  });

  it('marks the variant it is told is the source, whatever its rank', () => {
    const { videoGroupOf } = checkMultivariant(renderMultivariantPlaylist(LADDER, { sourceUri: '160p/media.m3u8' }));
    expect(videoGroupOf.get('160p/media.m3u8')).toBe('chunked');
    expect(videoGroupOf.get('720p/media.m3u8')).toBe('720p30');
  });

  it('refuses a source that is not one of the variants', () => {
    expect(() => renderMultivariantPlaylist(LADDER, { sourceUri: '1080p/media.m3u8' })).toThrow(RangeError);
  });

  it('declares a group once when two variants share a quality', () => {
    const [high, low] = LADDER;
    const twin = { ...low!, uri: '160p-b/media.m3u8', bandwidth: 400_000 };
    const text = renderMultivariantPlaylist([low!, twin, high!]);
    expect(text.match(/GROUP-ID="160p30"/g)).toHaveLength(1);
    const { videoGroupOf } = checkMultivariant(text);
    expect(videoGroupOf.get('160p/media.m3u8')).toBe('160p30');
    expect(videoGroupOf.get('160p-b/media.m3u8')).toBe('160p30');
  });
});
