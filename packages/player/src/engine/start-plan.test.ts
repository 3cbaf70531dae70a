import { describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from '../hls/media-playlist.ts';
import { startCursor, startLatency } from './part-scheduler.ts';
import { planStart } from './start-plan.ts';
import { START_PREFETCH_MAX } from './start-prefetch.ts';

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
/** Three segments with parts (10, 11, 12) and 13 in progress with two parts. */
const playlist = parseMediaPlaylist(
  `${head}${parts(10, 4)}\n#EXTINF:1,\ns10.m4s\n${parts(11, 4)}\n#EXTINF:1,\ns11.m4s\n${parts(12, 4)}\n#EXTINF:1,\ns12.m4s\n${parts(13, 2)}\n`,
  BASE,
);
const name = (url: string) => url.split('/').pop();

describe('planStart', () => {
  it('starts where the scheduler says, the init segment first, then the first pieces', () => {
    const plan = planStart(playlist, true, () => true)!;
    const latency = startLatency(playlist, true);
    expect(plan.latencyS).toBe(latency);
    expect({ cursor: plan.cursor, offset: plan.offset }).toEqual(startCursor(playlist, latency));
    expect(plan.mapUrl).toBe('https://o.test/init.mp4');
    expect(name(plan.urls[0]!)).toBe('init.mp4');
    expect(plan.urls.length).toBeGreaterThan(1);
    expect(plan.urls.length).toBeLessThanOrEqual(START_PREFETCH_MAX + 1);
    // The first piece after the init segment is the start cursor's own.
    expect(name(plan.urls[1]!)).toBe(`p${plan.cursor.msn}.${plan.cursor.part}.m4s`);
  });

  it('asks for no init segment the one in force already serves', () => {
    const plan = planStart(playlist, true, () => false)!;
    expect(plan.mapUrl).toBeNull();
    expect(plan.urls.every((url) => !url.endsWith('init.mp4'))).toBe(true);
  });

  it('aims further from the edge without low latency', () => {
    const low = planStart(playlist, true, () => true)!;
    const normal = planStart(playlist, false, () => true)!;
    expect(normal.latencyS).toBeGreaterThanOrEqual(low.latencyS);
  });

  it('plans nothing while the playlist lists nothing to start from', () => {
    const empty = parseMediaPlaylist(`${head}#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p10.0.m4s"\n`, BASE);
    expect(planStart(empty, true, () => true)).toBeNull();
  });
});
