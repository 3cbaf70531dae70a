import { describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from '../hls/media-playlist.ts';
import {
  afterLast,
  blockingReloadUrl,
  independentAtOrBefore,
  nextLoad,
  startCursor,
  startLatency,
} from './part-scheduler.ts';

const BASE = 'https://o.test/m.m3u8';
const head = `#EXTM3U
#EXT-X-TARGETDURATION:1
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.0
#EXT-X-PART-INF:PART-TARGET=0.25
#EXT-X-MEDIA-SEQUENCE:10
#EXT-X-MAP:URI="init.mp4"
`;
const parts = (msn: number, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `#EXT-X-PART:DURATION=0.25,URI="p${msn}.${i}.m4s"${i === 0 ? ',INDEPENDENT=YES' : ''}`,
  ).join('\n');

/** Segment 10 whole (parts gone), 11 whole with parts, 12 in progress with 2 parts, hint 12.2. */
const playlist = parseMediaPlaylist(
  `${head}#EXTINF:1,\ns10.m4s\n${parts(11, 4)}\n#EXTINF:1,\ns11.m4s\n${parts(12, 2)}\n#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p12.2.m4s"\n`,
  BASE,
);
const name = (url: string) => url.split('/').pop();

describe('nextLoad', () => {
  it('loads a whole segment where its parts are no longer listed', () => {
    const next = nextLoad(playlist, { msn: 10, part: 0 });
    expect(next.kind).toBe('segment');
    if (next.kind !== 'segment') return;
    expect(name(next.url)).toBe('s10.m4s');
    expect(next.next).toEqual({ msn: 11, part: 0 });
  });

  it('walks parts, moving to the next segment after the last part of a complete one', () => {
    const first = nextLoad(playlist, { msn: 11, part: 0 });
    expect(first).toMatchObject({ kind: 'part', independent: true, next: { msn: 11, part: 1 } });
    const last = nextLoad(playlist, { msn: 11, part: 3 });
    expect(last).toMatchObject({ kind: 'part', independent: false, next: { msn: 12, part: 0 } });
  });

  it('asks for the preload-hinted part exactly when it is the next one, and waits beyond it', () => {
    const hint = nextLoad(playlist, { msn: 12, part: 2 });
    expect(hint.kind).toBe('hint');
    if (hint.kind === 'hint') {
      expect(name(hint.url)).toBe('p12.2.m4s');
      expect(hint.next).toEqual({ msn: 12, part: 3 });
    }
    expect(nextLoad(playlist, { msn: 12, part: 3 })).toEqual({ kind: 'wait' });
  });

  it('says behind when the cursor left the window, and ended after the last segment of a finished stream', () => {
    expect(nextLoad(playlist, { msn: 3, part: 0 })).toEqual({ kind: 'behind' });
    const ended = parseMediaPlaylist(`${head}#EXTINF:1,\ns10.m4s\n#EXT-X-ENDLIST\n`, BASE);
    expect(nextLoad(ended, { msn: 11, part: 0 })).toEqual({ kind: 'ended' });
  });

  it('dates a part from its segment start plus the parts before it', () => {
    const dated = parseMediaPlaylist(
      `${head}#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z\n${parts(10, 4)}\n#EXTINF:1,\ns10.m4s\n`,
      BASE,
    );
    const next = nextLoad(dated, { msn: 10, part: 2 });
    expect(next.kind === 'part' && next.dateMs).toBe(Date.parse('2026-01-01T00:00:00.500Z'));
  });
});

describe('afterLast and blockingReloadUrl', () => {
  it('waits for the part after the newest one, asking for a delta update when offered', () => {
    expect(afterLast(playlist)).toEqual({ msn: 12, part: 2 });
    const whole = parseMediaPlaylist(`${head}#EXTINF:1,\ns10.m4s\n`, BASE);
    expect(afterLast(whole)).toEqual({ msn: 11, part: 0 });
    expect(blockingReloadUrl('https://o.test/m.m3u8?token=a', { msn: 12, part: 2 }, { parts: true, skip: true })).toBe(
      'https://o.test/m.m3u8?token=a&_HLS_msn=12&_HLS_part=2&_HLS_skip=YES',
    );
    expect(blockingReloadUrl(BASE, { msn: 12, part: 0 }, { parts: false, skip: false })).toBe(
      'https://o.test/m.m3u8?_HLS_msn=12',
    );
  });
});

describe('startCursor', () => {
  it('starts on the newest independent part at or before the target latency, with the rest as an offset', () => {
    // The edge is at 2.5 s (10: 0–1, 11: 1–2, 12: 2–2.5); 0.75 s behind it is 1.75 s: part 11.0 at 1.0 s.
    expect(startCursor(playlist, 0.75)).toEqual({ cursor: { msn: 11, part: 0 }, offset: 0.75 });
    // 0.4 s behind is 2.1 s: part 12.0 at 2.0 s.
    const near = startCursor(playlist, 0.4)!;
    expect(near.cursor).toEqual({ msn: 12, part: 0 });
    expect(near.offset).toBeCloseTo(0.1);
  });

  it('starts at the first segment when the target is further back than the window', () => {
    expect(startCursor(playlist, 60)).toEqual({ cursor: { msn: 10, part: 0 }, offset: 0 });
  });
});

describe('independentAtOrBefore', () => {
  it("resumes at the segment's first part where only that one is independent", () => {
    expect(independentAtOrBefore(playlist, { msn: 11, part: 3 })).toEqual({ msn: 11, part: 0 });
    expect(independentAtOrBefore(playlist, { msn: 12, part: 2 })).toEqual({ msn: 12, part: 0 });
  });

  it('resumes at the newest independent part at or before the cursor, listed or not', () => {
    const independent = (msn: number, n: number) =>
      Array.from({ length: n }, (_, i) => `#EXT-X-PART:DURATION=0.25,URI="p${msn}.${i}.m4s",INDEPENDENT=YES`).join(
        '\n',
      );
    const every = parseMediaPlaylist(
      `${head}#EXTINF:1,\ns10.m4s\n${independent(11, 4)}\n#EXTINF:1,\ns11.m4s\n${independent(12, 2)}\n` +
        '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p12.2.m4s"\n',
      BASE,
    );
    expect(independentAtOrBefore(every, { msn: 11, part: 2 })).toEqual({ msn: 11, part: 2 });
    // The hinted part's own flag is not known yet: the newest listed one before it.
    expect(independentAtOrBefore(every, { msn: 12, part: 2 })).toEqual({ msn: 12, part: 1 });
    // A segment the playlist does not list (yet): its first part.
    expect(independentAtOrBefore(every, { msn: 13, part: 1 })).toEqual({ msn: 13, part: 0 });
  });
});

describe('startLatency', () => {
  it('is 3 part targets with low latency, HOLD-BACK without, 3 target durations without either', () => {
    expect(startLatency(playlist, true)).toBeCloseTo(0.75);
    const held = parseMediaPlaylist(
      head.replace('PART-HOLD-BACK=1.0', 'PART-HOLD-BACK=1.0,HOLD-BACK=3.5') + '#EXTINF:1,\ns10.m4s\n',
      BASE,
    );
    expect(startLatency(held, false)).toBe(3.5);
    expect(startLatency(playlist, false)).toBe(3);
  });
});
