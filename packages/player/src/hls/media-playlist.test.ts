import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlaylistError } from './m3u8.ts';
import { lastPart, mergeDelta, parseMediaPlaylist } from './media-playlist.ts';

const URL_ = 'https://origin.test/hls/ch/720p/media.m3u8';

/** An LL-HLS playlist as our origin writes it: two parted segments, one in progress, a hint. */
const LIVE = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:1
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=6.0,PART-HOLD-BACK=1.0,HOLD-BACK=3.0
#EXT-X-PART-INF:PART-TARGET=0.2
#EXT-X-MEDIA-SEQUENCE:100
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MAP:URI="init.mp4"
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T10:00:00.000Z
#EXTINF:1.000,
seg-100.m4s
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T10:00:01.000Z
#EXT-X-PART:DURATION=0.500,URI="part-101.0.m4s",INDEPENDENT=YES
#EXT-X-PART:DURATION=0.500,URI="part-101.1.m4s"
#EXTINF:1.000,
seg-101.m4s
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T10:00:02.000Z
#EXT-X-PART:DURATION=0.500,URI="part-102.0.m4s",INDEPENDENT=YES
#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-102.1.m4s"
#EXT-X-RENDITION-REPORT:URI="../360p/media.m3u8",LAST-MSN=102,LAST-PART=0
`;

describe('parseMediaPlaylist', () => {
  it('reads segments, parts, dates, the hint, server control and rendition reports', () => {
    const p = parseMediaPlaylist(LIVE, URL_);
    expect(p.targetDuration).toBe(1);
    expect(p.partTarget).toBe(0.2);
    expect(p.serverControl).toEqual({ canBlockReload: true, canSkipUntil: 6, partHoldBack: 1, holdBack: 3 });
    expect(p.segments.map((s) => [s.msn, s.url?.split('/').pop() ?? null, s.duration, s.parts.length])).toEqual([
      [100, 'seg-100.m4s', 1, 0],
      [101, 'seg-101.m4s', 1, 2],
      [102, null, 0.5, 1],
    ]);
    expect(p.segments[1]!.dateMs).toBe(Date.parse('2026-11-24T10:00:01Z'));
    expect(p.segments[1]!.parts[0]).toEqual({
      url: 'https://origin.test/hls/ch/720p/part-101.0.m4s',
      duration: 0.5,
      independent: true,
    });
    expect(p.segments[1]!.parts[1]!.independent).toBe(false);
    expect(p.segments[0]!.mapUrl).toBe('https://origin.test/hls/ch/720p/init.mp4');
    expect(p.preloadHint).toBe('https://origin.test/hls/ch/720p/part-102.1.m4s');
    expect(p.renditionReports).toEqual([
      { url: 'https://origin.test/hls/ch/360p/media.m3u8', lastMsn: 102, lastPart: 0 },
    ]);
    expect(p.endList).toBe(false);
    expect(lastPart(p)).toEqual({ msn: 102, index: 0 });
  });

  it('carries a date forward to segments without their own tag', () => {
    const text = `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z\n#EXTINF:2,\na.ts\n#EXTINF:2,\nb.ts\n#EXT-X-ENDLIST\n`;
    const p = parseMediaPlaylist(text, URL_);
    expect(p.segments[1]!.dateMs! - p.segments[0]!.dateMs!).toBe(2000);
    expect(p.endList).toBe(true);
  });

  it('reads AES-128 keys (IV or none, NONE clears), byte ranges, gaps and the playlist type', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-PLAYLIST-TYPE:EVENT',
      '#EXT-X-MEDIA-SEQUENCE:5',
      '#EXT-X-KEY:METHOD=AES-128,URI="k1.key",IV=0x000102030405060708090a0b0c0d0e0f',
      '#EXTINF:2,',
      '#EXT-X-BYTERANGE:100@0',
      'all.ts',
      '#EXT-X-KEY:METHOD=AES-128,URI="k2.key"',
      '#EXTINF:2,',
      '#EXT-X-BYTERANGE:50',
      'all.ts',
      '#EXT-X-KEY:METHOD=NONE',
      '#EXT-X-GAP',
      '#EXTINF:2,',
      'gap.ts',
      '#EXTINF:2,',
      'c.ts',
    ].join('\n');
    const p = parseMediaPlaylist(text, URL_);
    const base = 'https://origin.test/hls/ch/720p/';
    expect(p.playlistType).toBe('EVENT');
    expect(p.unsupportedKey).toBeNull();
    expect(p.segments.map((s) => s.url)).toEqual([
      `${base}all.ts#onair-bytes=0-99`,
      `${base}all.ts#onair-bytes=100-149`,
      `${base}gap.ts`,
      `${base}c.ts`,
    ]);
    expect([...p.segments[0]!.key!.iv!]).toEqual([...Array(16).keys()]);
    expect(p.segments[1]!.key).toEqual({ method: 'AES-128', url: `${base}k2.key`, iv: null });
    expect(p.segments.map((s) => [s.key === null, s.gap])).toEqual([
      [false, false],
      [false, false],
      [true, true],
      [true, false],
    ]);
  });

  it('lists the DRM key systems a protected stream names, each once, the URI absolute', () => {
    const head = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n';
    const tags = [
      '#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="/drm/clearkey/ch",KEYFORMAT="org.w3.clearkey",KEYFORMATVERSIONS="1"',
      '#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="data:text/plain;base64,AAAA",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"',
      '#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://asset",KEYFORMAT="com.apple.streamingkeydelivery"',
      '#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="/again",KEYFORMAT="org.w3.clearkey"',
    ];
    const p = parseMediaPlaylist(`${head}${tags.join('\n')}\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2,\na.m4s\n`, URL_);
    expect(p.unsupportedKey).toBeNull();
    expect(p.drm).toEqual([
      { keySystem: 'org.w3.clearkey', method: 'SAMPLE-AES-CTR', uri: new URL('/drm/clearkey/ch', URL_).href },
      { keySystem: 'com.widevine.alpha', method: 'SAMPLE-AES-CTR', uri: 'data:text/plain;base64,AAAA' },
      { keySystem: 'com.apple.fps', method: 'SAMPLE-AES', uri: 'skd://asset' },
    ]);
    expect(p.segments[0]!.key).toBeNull(); // nothing for the engine to decrypt
    expect(parseMediaPlaylist(`${head}#EXTINF:2,\na.m4s\n`, URL_).drm).toEqual([]);
  });

  it('names a key it cannot decrypt, and refuses a malformed IV or byte range', () => {
    const head = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n';
    const sample = parseMediaPlaylist(`${head}#EXT-X-KEY:METHOD=SAMPLE-AES,URI="k"\n#EXTINF:2,\na.ts\n`, URL_);
    expect(sample.unsupportedKey).toBe('SAMPLE-AES identity');
    const drm = `${head}#EXT-X-KEY:METHOD=AES-128,URI="k",KEYFORMAT="com.apple.streamingkeydelivery"\n#EXTINF:2,\na.ts\n`;
    expect(parseMediaPlaylist(drm, URL_).unsupportedKey).toBe('AES-128 com.apple.streamingkeydelivery');
    expect(() => parseMediaPlaylist(`${head}#EXT-X-KEY:METHOD=AES-128,URI="k",IV=12\n`, URL_)).toThrow(PlaylistError);
    expect(() => parseMediaPlaylist(`${head}#EXT-X-BYTERANGE:-5\n#EXTINF:2,\na.ts\n`, URL_)).toThrow(PlaylistError);
  });

  it('refuses what is not a media playlist', () => {
    expect(() => parseMediaPlaylist('<html>', URL_)).toThrow(PlaylistError);
    expect(() => parseMediaPlaylist('#EXTM3U\n#EXTINF:1,\na.ts\n', URL_)).toThrow(/TARGETDURATION/);
    expect(() => parseMediaPlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:1\nb.ts\n', URL_)).toThrow(/no EXTINF/);
  });

  it('refuses segment counts that are not exact integers (found by the property tests)', () => {
    // 1e308 + 1 === 1e308: a merge could not count the skipped segments, and read before the first.
    expect(() => parseMediaPlaylist(LIVE.replace(':100\n', ':1e308\n'), URL_)).toThrow(/MEDIA-SEQUENCE/);
    expect(() => parseMediaPlaylist(LIVE.replace(':100\n', ':9007199254740993\n'), URL_)).toThrow(PlaylistError);
    expect(() => parseMediaPlaylist(LIVE.replace(':100\n', ':-1\n'), URL_)).toThrow(PlaylistError);
    const skip = (n: string) => LIVE.replace('#EXT-X-INDEPENDENT-SEGMENTS', `#EXT-X-SKIP:SKIPPED-SEGMENTS=${n}`);
    expect(() => parseMediaPlaylist(skip('1.5'), URL_)).toThrow(/SKIPPED-SEGMENTS/);
    expect(parseMediaPlaylist(skip('0'), URL_).skipped).toBe(0);
  });
});

describe('URIs a stranger may write', () => {
  const playlist = (uri: string) => `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:1\n#EXTINF:2.0,\n${uri}\n`;

  it.each([
    ['a port out of range', 'http://origin.example:99999/seg.m4s'],
    ['a broken IPv6 literal', 'http://[::1/seg.m4s'],
    ['file:', 'file:///etc/passwd'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:video/mp4;base64,AAAA'],
  ])('refuses %s as an invalid playlist, never throwing anything else', (_name, uri) => {
    expect(() => parseMediaPlaylist(playlist(uri), 'https://origin.example/live/media.m3u8')).toThrow(PlaylistError);
  });

  it('resolves relative and http(s) URIs as before', () => {
    const parsed = parseMediaPlaylist(playlist('seg-1.m4s'), 'https://origin.example/live/media.m3u8');
    expect(parsed.segments[0]!.url).toBe('https://origin.example/live/seg-1.m4s');
  });

  it('throws only PlaylistError, whatever URI line it is given', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.webUrl(), fc.string(), fc.constantFrom('http://h:65536/x', 'ftp://h/x', '//h:0x/')),
        (uri) => {
          try {
            parseMediaPlaylist(playlist(uri.replace(/[\r\n]/g, '')), 'https://origin.example/live/media.m3u8');
          } catch (error) {
            expect(error).toBeInstanceOf(PlaylistError);
          }
        },
      ),
    );
  });
});

describe('mergeDelta', () => {
  const DELTA = LIVE.replace(
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-SKIP:SKIPPED-SEGMENTS=1',
  ).replace(/#EXT-X-PROGRAM-DATE-TIME:2026-11-24T10:00:00.000Z\n#EXTINF:1.000,\nseg-100.m4s\n/, '');

  it('numbers the listed segments after the skipped ones and restores those from the previous playlist', () => {
    const delta = parseMediaPlaylist(DELTA, URL_);
    expect(delta.skipped).toBe(1);
    expect(delta.segments[0]!.msn).toBe(101);
    const merged = mergeDelta(parseMediaPlaylist(LIVE, URL_), delta)!;
    expect(merged.skipped).toBe(0);
    expect(merged.segments.map((s) => s.msn)).toEqual([100, 101, 102]);
    expect(merged.segments[0]!.url).toBe('https://origin.test/hls/ch/720p/seg-100.m4s');
  });

  it('is null when the previous playlist no longer holds a skipped segment (ask in full)', () => {
    const delta = parseMediaPlaylist(DELTA, URL_);
    expect(mergeDelta(null, delta)).toBeNull();
    const older = parseMediaPlaylist(LIVE.replace('#EXT-X-MEDIA-SEQUENCE:100', '#EXT-X-MEDIA-SEQUENCE:90'), URL_);
    expect(mergeDelta(older, delta)).toBeNull();
  });
});
