import { describe, expect, it } from 'vitest';
import { LatencyAnalyticsCollector, liveLatencySeconds } from './latency.ts';

describe('live latency', () => {
  it('is the wall clock minus the program-date-time of the position, corrected by the server offset', () => {
    expect(liveLatencySeconds(10_000, 12_500)).toBe(2.5);
    // The client clock is 1 s behind the server: real latency is 1 s more.
    expect(liveLatencySeconds(10_000, 12_500, 1000)).toBe(3.5);
    expect(liveLatencySeconds(null, 12_500)).toBeNaN();
  });
});

describe('live-latency analytics (SPEC §3, §5)', () => {
  it('collects playlist position min/avg/max/last, latency first/last and corrections', () => {
    const c = new LatencyAnalyticsCollector();
    [2, 4, 3].forEach((p) => c.addPlaylistPosition(p));
    c.addPlaylistPosition(Number.NaN);
    c.addLatency(3, 1000);
    c.addLatency(2, 2000);
    c.countDriftCorrection();
    expect(c.snapshot()).toEqual({
      serverOffset: 0,
      playlistPosition: { min: 2, avg: 3, max: 4, last: 3 },
      liveLatencyTiming: { first: 3, last: 2 },
      driftCorrection: 1,
    });
  });

  it('ignores latency values older than the previous one', () => {
    const c = new LatencyAnalyticsCollector();
    expect(c.addLatency(2, 2000)).toBe(true);
    expect(c.addLatency(9, 1000)).toBe(false);
    expect(c.snapshot().liveLatencyTiming.last).toBe(2);
  });

  it('ignores a duplicate server-offset generation', () => {
    const c = new LatencyAnalyticsCollector();
    expect(c.setServerOffset(150, 1)).toBe(true);
    expect(c.setServerOffset(999, 1)).toBe(false);
    expect(c.serverOffset).toBe(150);
    expect(c.setServerOffset(-20, 2)).toBe(true);
    expect(c.serverOffset).toBe(-20);
  });
});
