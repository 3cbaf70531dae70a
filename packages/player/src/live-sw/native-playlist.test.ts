import { describe, expect, it } from 'vitest';
import { mergeDelta, parseMediaPlaylist } from '../hls/media-playlist.ts';
import {
  absoluteMultivariant,
  canRewrite,
  discontinuitySequence,
  newestWholeSegment,
  rewriteForNative,
  type NativeRewriteOptions,
} from './native-playlist.ts';

const BASE = 'https://origin.example/hls/ch/720p/media.m3u8';
const DIR = 'https://origin.example/hls/ch/720p';

/**
 * An LL-HLS playlist as the origin writes it: three whole segments (the newest still listing its
 * parts), a segment in progress (parts only), a preload hint and a rendition report.
 */
const LIVE = `#EXTM3U
#EXT-X-VERSION:9
#EXT-X-TARGETDURATION:2
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=12.0,PART-HOLD-BACK=1.5
#EXT-X-PART-INF:PART-TARGET=0.5
#EXT-X-MEDIA-SEQUENCE:200
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MAP:URI="init.mp4"
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:00.000Z
#EXTINF:2.000,
seg-200.m4s
#EXTINF:1.960,
seg-201.m4s
#EXT-X-PART:DURATION=0.500,URI="part-202.0.m4s",INDEPENDENT=YES
#EXT-X-PART:DURATION=0.500,URI="part-202.1.m4s"
#EXT-X-PART:DURATION=0.500,URI="part-202.2.m4s"
#EXT-X-PART:DURATION=0.540,URI="part-202.3.m4s"
#EXTINF:2.040,
seg-202.m4s
#EXT-X-PART:DURATION=0.500,URI="part-203.0.m4s",INDEPENDENT=YES
#EXT-X-PART:DURATION=0.500,URI="part-203.1.m4s"
#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-203.2.m4s"
#EXT-X-RENDITION-REPORT:URI="../360p/media.m3u8",LAST-MSN=203,LAST-PART=1
`;

/** A discontinuity before 201 and one before 203, where the init segment changes too. */
const WITH_DISCONTINUITIES = `#EXTM3U
#EXT-X-VERSION:9
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:200
#EXT-X-MAP:URI="init-a.mp4"
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:00.000Z
#EXTINF:2.000,
seg-200.m4s
#EXT-X-DISCONTINUITY
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:10:00.000Z
#EXTINF:2.000,
seg-201.m4s
#EXTINF:2.000,
seg-202.m4s
#EXT-X-DISCONTINUITY
#EXT-X-MAP:URI="init-b.mp4"
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:20:00.000Z
#EXTINF:2.000,
seg-203.m4s
`;

const OPTIONS: NativeRewriteOptions = {
  startWindow: null,
  transformTargetDuration: false,
  prefetchUrl: null,
  discontinuitySequence: 0,
};

const rewrite = (text: string, options: Partial<NativeRewriteOptions> = {}) =>
  rewriteForNative(parseMediaPlaylist(text, BASE), { ...OPTIONS, ...options });

const PREFETCH = (msn: number) => `${DIR}/onair-sw-prefetch-${msn}.m4s`;

describe('rewriteForNative: whole outputs', () => {
  it('lists every whole segment with absolute URIs and a date each, and no LL-HLS tags', () => {
    // The in-progress segment (parts only) is no segment the native player could load: left out.
    expect(rewrite(LIVE).text).toBe(`#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:200
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MAP:URI="${DIR}/init.mp4"
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:00.000Z
#EXTINF:2.000,
${DIR}/seg-200.m4s
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:02.000Z
#EXTINF:1.960,
${DIR}/seg-201.m4s
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:03.960Z
#EXTINF:2.040,
${DIR}/seg-202.m4s
`);
  });

  it('starts at the newest whole segment with startWindow 1, the in-progress one listed whole at the prefetch URL', () => {
    // EXTINF of the prefetch entry is the target duration: the native player plans by it.
    expect(rewrite(LIVE, { startWindow: 1, transformTargetDuration: true, prefetchUrl: PREFETCH }).text).toBe(`#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:0
#EXT-X-MEDIA-SEQUENCE:202
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MAP:URI="${DIR}/init.mp4"
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:03.960Z
#EXTINF:2.040,
${DIR}/seg-202.m4s
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:06.000Z
#EXTINF:2.000,
${DIR}/onair-sw-prefetch-203.m4s
`);
  });

  it('counts a discontinuity the window drops into the sequence and keeps the one it lists', () => {
    expect(rewrite(WITH_DISCONTINUITIES, { startWindow: 2, discontinuitySequence: 5 }).text).toBe(`#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:202
#EXT-X-DISCONTINUITY-SEQUENCE:6
#EXT-X-MAP:URI="${DIR}/init-a.mp4"
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:10:02.000Z
#EXTINF:2.000,
${DIR}/seg-202.m4s
#EXT-X-DISCONTINUITY
#EXT-X-MAP:URI="${DIR}/init-b.mp4"
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:20:00.000Z
#EXTINF:2.000,
${DIR}/seg-203.m4s
`);
  });
});

describe('rewriteForNative: table', () => {
  /** What a case asserts of the output: the lines it must and must not hold, the segments listed. */
  interface Case {
    name: string;
    input: string;
    options: Partial<NativeRewriteOptions>;
    has: string[];
    lacks: string[];
    msns: number[];
  }

  const cases: Case[] = [
    {
      name: 'full window, target duration kept',
      input: LIVE,
      options: {},
      has: ['#EXT-X-TARGETDURATION:2', '#EXT-X-MEDIA-SEQUENCE:200'],
      lacks: ['#EXT-X-PART', '#EXT-X-PRELOAD-HINT', '#EXT-X-RENDITION-REPORT', '#EXT-X-SERVER-CONTROL', 'part-203'],
      msns: [200, 201, 202],
    },
    {
      name: 'a fractional target duration is rounded up',
      input: LIVE.replace('#EXT-X-TARGETDURATION:2', '#EXT-X-TARGETDURATION:1.2'),
      options: {},
      has: ['#EXT-X-TARGETDURATION:2'],
      lacks: ['#EXT-X-TARGETDURATION:1'],
      msns: [200, 201, 202],
    },
    {
      name: 'transformed target duration',
      input: LIVE,
      options: { transformTargetDuration: true },
      has: ['#EXT-X-TARGETDURATION:0'],
      lacks: ['#EXT-X-TARGETDURATION:2'],
      msns: [200, 201, 202],
    },
    {
      name: 'startWindow 1: the newest whole segment only',
      input: LIVE,
      options: { startWindow: 1 },
      has: ['#EXT-X-MEDIA-SEQUENCE:202', `${DIR}/seg-202.m4s`],
      lacks: [`${DIR}/seg-201.m4s`, '#EXT-X-DISCONTINUITY-SEQUENCE'],
      msns: [202],
    },
    {
      name: 'startWindow 0 still lists one segment',
      input: LIVE,
      options: { startWindow: 0 },
      has: ['#EXT-X-MEDIA-SEQUENCE:202'],
      lacks: [],
      msns: [202],
    },
    {
      name: 'a dropped discontinuity starts the sequence at 1',
      input: WITH_DISCONTINUITIES,
      options: { startWindow: 2 },
      has: ['#EXT-X-DISCONTINUITY-SEQUENCE:1', '#EXT-X-DISCONTINUITY\n'],
      lacks: [],
      msns: [202, 203],
    },
    {
      // The tag before 203 still counts for 203 itself: it stays, and only 201's goes into the sequence.
      name: 'startWindow 1 on a segment after a discontinuity',
      input: WITH_DISCONTINUITIES,
      options: { startWindow: 1, discontinuitySequence: 3 },
      has: ['#EXT-X-DISCONTINUITY-SEQUENCE:4', '#EXT-X-DISCONTINUITY\n', `#EXT-X-MAP:URI="${DIR}/init-b.mp4"`],
      lacks: ['init-a.mp4'],
      msns: [203],
    },
    {
      name: 'full window: both discontinuities kept as tags, the origin sequence carried',
      input: WITH_DISCONTINUITIES,
      options: { discontinuitySequence: 3 },
      has: ['#EXT-X-DISCONTINUITY-SEQUENCE:3'],
      lacks: [],
      msns: [200, 201, 202, 203],
    },
    {
      name: 'no prefetch URL: the segment in progress is left out',
      input: LIVE,
      options: { prefetchUrl: null },
      has: [],
      lacks: ['onair-sw-prefetch'],
      msns: [200, 201, 202],
    },
    {
      name: 'prefetch URL: the segment in progress is listed whole',
      input: LIVE,
      options: { prefetchUrl: PREFETCH },
      has: [`#EXTINF:2.000,\n${DIR}/onair-sw-prefetch-203.m4s\n`],
      lacks: [],
      msns: [200, 201, 202, 203],
    },
    {
      // Parts left after the end will never make a whole segment: nothing to wait for.
      name: 'ended playlist keeps ENDLIST and lists no prefetch entry',
      input: LIVE + '#EXT-X-ENDLIST\n',
      options: { prefetchUrl: PREFETCH },
      has: ['#EXT-X-ENDLIST'],
      lacks: ['onair-sw-prefetch'],
      msns: [200, 201, 202],
    },
  ];

  it.each(cases)('$name', ({ input, options, has, lacks, msns }) => {
    const native = rewrite(input, options);
    for (const line of has) expect(native.text).toContain(line);
    for (const line of lacks) expect(native.text).not.toContain(line);
    expect(native.segments.map((s) => s.msn)).toEqual(msns);
    // Whatever is listed, every URI line is absolute.
    const uris = native.text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    expect(uris).toHaveLength(msns.length);
    for (const uri of uris) expect(uri.startsWith('https://origin.example/hls/ch/720p/')).toBe(true);
  });

  it('puts a date on every segment, and ENDLIST last', () => {
    const lines = rewrite(WITH_DISCONTINUITIES + '#EXT-X-ENDLIST\n')
      .text.trimEnd()
      .split('\n');
    const dates = lines.filter((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME:'));
    expect(dates).toEqual([
      '#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:00.000Z',
      '#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:10:00.000Z',
      '#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:10:02.000Z',
      '#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:20:00.000Z',
    ]);
    expect(lines.at(-1)).toBe('#EXT-X-ENDLIST');
  });

  it('writes a second EXT-X-MAP only where the init segment changes', () => {
    const maps = rewrite(WITH_DISCONTINUITIES)
      .text.split('\n')
      .filter((l) => l.startsWith('#EXT-X-MAP'));
    expect(maps).toEqual([`#EXT-X-MAP:URI="${DIR}/init-a.mp4"`, `#EXT-X-MAP:URI="${DIR}/init-b.mp4"`]);
  });

  it('reports what it lists, with the origin target duration whatever the answer announces', () => {
    const native = rewrite(LIVE, { startWindow: 1, transformTargetDuration: true, prefetchUrl: PREFETCH });
    expect(native.targetDuration).toBe(2);
    expect(native.segments).toEqual([
      {
        msn: 202,
        url: `${DIR}/seg-202.m4s`,
        programDateTime: Date.parse('2026-03-01T12:00:03.960Z'),
        duration: 2.04,
      },
      {
        msn: 203,
        url: `${DIR}/onair-sw-prefetch-203.m4s`,
        programDateTime: Date.parse('2026-03-01T12:00:06.000Z'),
        duration: 2,
      },
    ]);
  });
});

describe('rewriteForNative: nothing whole yet', () => {
  /** The very start of a stream: segment 7 is still in progress. */
  const PARTS_ONLY = `#EXTM3U
#EXT-X-VERSION:9
#EXT-X-TARGETDURATION:2
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.5
#EXT-X-PART-INF:PART-TARGET=0.5
#EXT-X-MEDIA-SEQUENCE:7
#EXT-X-MAP:URI="init.mp4"
#EXT-X-PART:DURATION=0.500,URI="part-7.0.m4s",INDEPENDENT=YES
#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-7.1.m4s"
`;

  it('announces the sequence number of the segment in progress, the first it will list', () => {
    // Any higher, and the next answer (listing 7) would move the media sequence back.
    expect(rewrite(PARTS_ONLY, { startWindow: 1 }).text).toBe(`#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:7
`);
    expect(rewrite(PARTS_ONLY, { prefetchUrl: PREFETCH }).text).toContain(
      `#EXT-X-MEDIA-SEQUENCE:7\n#EXT-X-MAP:URI="${DIR}/init.mp4"\n#EXTINF:2.000,\n${DIR}/onair-sw-prefetch-7.m4s\n`,
    );
  });
});

describe('rewriteForNative: delta updates', () => {
  /** The origin's playlist one segment later, in full: 201 to 203 whole, 204 in progress. */
  const NEXT_FULL = `#EXTM3U
#EXT-X-VERSION:9
#EXT-X-TARGETDURATION:2
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=12.0,PART-HOLD-BACK=1.5
#EXT-X-PART-INF:PART-TARGET=0.5
#EXT-X-MEDIA-SEQUENCE:201
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MAP:URI="init.mp4"
#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:02.000Z
#EXTINF:1.960,
seg-201.m4s
#EXTINF:2.040,
seg-202.m4s
#EXT-X-PART:DURATION=0.500,URI="part-203.0.m4s",INDEPENDENT=YES
#EXT-X-PART:DURATION=0.500,URI="part-203.1.m4s"
#EXT-X-PART:DURATION=0.500,URI="part-203.2.m4s"
#EXT-X-PART:DURATION=0.500,URI="part-203.3.m4s"
#EXTINF:2.000,
seg-203.m4s
#EXT-X-PART:DURATION=0.500,URI="part-204.0.m4s",INDEPENDENT=YES
#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-204.1.m4s"
`;

  /** The same as an `_HLS_skip=YES` answer: 201 and 202 skipped, 203 listed without a date. */
  const NEXT_DELTA = `#EXTM3U
#EXT-X-VERSION:9
#EXT-X-TARGETDURATION:2
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=12.0,PART-HOLD-BACK=1.5
#EXT-X-PART-INF:PART-TARGET=0.5
#EXT-X-MEDIA-SEQUENCE:201
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-SKIP:SKIPPED-SEGMENTS=2
#EXT-X-MAP:URI="init.mp4"
#EXT-X-PART:DURATION=0.500,URI="part-203.0.m4s",INDEPENDENT=YES
#EXT-X-PART:DURATION=0.500,URI="part-203.1.m4s"
#EXT-X-PART:DURATION=0.500,URI="part-203.2.m4s"
#EXT-X-PART:DURATION=0.500,URI="part-203.3.m4s"
#EXTINF:2.000,
seg-203.m4s
#EXT-X-PART:DURATION=0.500,URI="part-204.0.m4s",INDEPENDENT=YES
#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-204.1.m4s"
`;

  it('gives the same text for a merged delta as for the full playlist', () => {
    const previous = parseMediaPlaylist(LIVE, BASE);
    const merged = mergeDelta(previous, parseMediaPlaylist(NEXT_DELTA, BASE));
    expect(merged).not.toBeNull();
    for (const options of [OPTIONS, { ...OPTIONS, startWindow: 2, prefetchUrl: PREFETCH }]) {
      const fromDelta = rewriteForNative(merged!, options);
      const fromFull = rewriteForNative(parseMediaPlaylist(NEXT_FULL, BASE), options);
      expect(fromDelta.text).toBe(fromFull.text);
    }
    // And that text really holds the skipped segments, dated.
    const text = rewriteForNative(merged!, OPTIONS).text;
    expect(text).toContain(`#EXT-X-MEDIA-SEQUENCE:201\n`);
    expect(text).toContain(`#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:02.000Z\n#EXTINF:1.960,\n${DIR}/seg-201.m4s`);
    expect(text).toContain(`#EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:06.000Z\n#EXTINF:2.000,\n${DIR}/seg-203.m4s`);
    expect(text).not.toContain('EXT-X-SKIP');
  });
});

describe('canRewrite', () => {
  it('rewrites an ordinary LL-HLS playlist', () => {
    expect(canRewrite(LIVE)).toBe(true);
    expect(canRewrite(WITH_DISCONTINUITIES)).toBe(true);
  });

  it('passes encrypted, byte-range and gap playlists as they are', () => {
    const insert = (tag: string) => LIVE.replace('#EXT-X-MAP', `${tag}\n#EXT-X-MAP`);
    expect(canRewrite(insert('#EXT-X-KEY:METHOD=AES-128,URI="key.bin"'))).toBe(false);
    expect(canRewrite(insert('#EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://k"'))).toBe(false);
    expect(
      canRewrite(LIVE.replace('#EXTINF:2.000,\nseg-200', '#EXTINF:2.000,\n#EXT-X-BYTERANGE:1000@0\nseg-200')),
    ).toBe(false);
    expect(canRewrite(LIVE.replace('#EXTINF:2.000,\nseg-200', '#EXT-X-GAP\n#EXTINF:2.000,\nseg-200'))).toBe(false);
  });

  it('passes a playlist whose parts are byte ranges as it is', () => {
    // Parts addressed as ranges of one resource: the worker would fetch the whole resource per part.
    const ranged = LIVE.replace(
      '#EXT-X-PART:DURATION=0.500,URI="part-203.0.m4s",INDEPENDENT=YES',
      '#EXT-X-PART:DURATION=0.500,URI="seg-203.m4s",BYTERANGE=20000@0,INDEPENDENT=YES',
    );
    expect(canRewrite(ranged)).toBe(false);
  });

  it('is not fooled by a tag name inside a URI', () => {
    expect(canRewrite(LIVE.replace('seg-200.m4s', 'EXT-X-KEY-200.m4s'))).toBe(true);
  });
});

describe('discontinuitySequence', () => {
  it('reads EXT-X-DISCONTINUITY-SEQUENCE, 0 where there is none', () => {
    const withSequence = WITH_DISCONTINUITIES.replace(
      '#EXT-X-MEDIA-SEQUENCE:200',
      '#EXT-X-MEDIA-SEQUENCE:200\n#EXT-X-DISCONTINUITY-SEQUENCE:17',
    );
    expect(discontinuitySequence(withSequence)).toBe(17);
    expect(discontinuitySequence(WITH_DISCONTINUITIES)).toBe(0);
  });
});

describe('newestWholeSegment', () => {
  it('skips the segment in progress', () => {
    expect(newestWholeSegment(parseMediaPlaylist(LIVE, BASE))?.msn).toBe(202);
    expect(newestWholeSegment(parseMediaPlaylist(WITH_DISCONTINUITIES, BASE))?.msn).toBe(203);
  });

  it('is null while the only segment is in progress', () => {
    const partsOnly = `#EXTM3U
#EXT-X-TARGETDURATION:2
#EXT-X-PART-INF:PART-TARGET=0.5
#EXT-X-MEDIA-SEQUENCE:7
#EXT-X-PART:DURATION=0.500,URI="part-7.0.m4s",INDEPENDENT=YES
`;
    expect(newestWholeSegment(parseMediaPlaylist(partsOnly, BASE))).toBeNull();
  });
});

describe('absoluteMultivariant', () => {
  const MULTIVARIANT = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",DEFAULT=YES,URI="audio/en/media.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=2800000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720,AUDIO="aud"
720p/media.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.42c01e,mp4a.40.2",RESOLUTION=640x360,AUDIO="aud"
../other/360p/media.m3u8?token=abc
#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=200000,URI="720p/iframes.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=400000
https://cdn.example/elsewhere/240p.m3u8
`;

  it('makes variant lines and URI attributes absolute and leaves every other line as it was', () => {
    expect(absoluteMultivariant(MULTIVARIANT, 'https://origin.example/hls/ch/master.m3u8')).toBe(`#EXTM3U
#EXT-X-VERSION:6
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",DEFAULT=YES,URI="https://origin.example/hls/ch/audio/en/media.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=2800000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720,AUDIO="aud"
https://origin.example/hls/ch/720p/media.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.42c01e,mp4a.40.2",RESOLUTION=640x360,AUDIO="aud"
https://origin.example/hls/other/360p/media.m3u8?token=abc
#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=200000,URI="https://origin.example/hls/ch/720p/iframes.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=400000
https://cdn.example/elsewhere/240p.m3u8
`);
  });

  it('reads CRLF line ends and writes LF', () => {
    const crlf = '#EXTM3U\r\n#EXT-X-STREAM-INF:BANDWIDTH=1\r\n720p/media.m3u8\r\n';
    expect(absoluteMultivariant(crlf, 'https://origin.example/hls/ch/master.m3u8')).toBe(
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nhttps://origin.example/hls/ch/720p/media.m3u8\n',
    );
  });
});
