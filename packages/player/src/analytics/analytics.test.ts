import { describe, expect, it } from 'vitest';
import { analyticsEvent, AnalyticsTicker } from './analytics.ts';

describe('analytics cadence (SPEC §9)', () => {
  it('emits every 10 s of play, counting play time only', () => {
    const emitted: [string, number][] = [];
    const ticker = new AnalyticsTicker((reason, ms) => emitted.push([reason, ms]));
    for (let i = 0; i < 39; i++) ticker.addPlayTime(500); // 19.5 s
    expect(emitted).toEqual([['interval', 10_000]]);
    ticker.addPlayTime(500);
    expect(emitted).toEqual([
      ['interval', 10_000],
      ['interval', 10_000],
    ]);
  });

  it('emits on pause what was played since, once per pause', () => {
    const emitted: [string, number][] = [];
    const ticker = new AnalyticsTicker((reason, ms) => emitted.push([reason, ms]));
    ticker.onPause(); // nothing played yet
    ticker.addPlayTime(3000);
    ticker.onPause();
    ticker.onPause();
    expect(emitted).toEqual([['pause', 3000]]);
  });

  it("stamps app_platform 'web' on every event", () => {
    expect(analyticsEvent('x', { a: 1 }).properties).toEqual({ a: 1, app_platform: 'web' });
  });
});
