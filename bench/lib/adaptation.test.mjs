import { describe, expect, it } from 'vitest';
import { adaptation, bandwidthByHeight, stepTimes } from './adaptation.mjs';

const MASTER = `#EXTM3U
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=2500000,AVERAGE-BANDWIDTH=2000000,RESOLUTION=1280x720,CODECS="avc1.64001f"
720p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=400000,AVERAGE-BANDWIDTH=300000,RESOLUTION=284x160,CODECS="avc1.42c00c"
160p/index.m3u8`;

describe('bandwidthByHeight', () => {
  it('maps each rendition height to its BANDWIDTH (not AVERAGE-BANDWIDTH)', () => {
    expect([...bandwidthByHeight(MASTER)]).toEqual([
      [720, 2500000],
      [160, 400000],
    ]);
  });
});

describe('stepTimes', () => {
  it('starts the steps at the first frame, one after another', () => {
    const steps = stepTimes(
      [
        { kbps: 8000, seconds: 10 },
        { kbps: 600, seconds: 5 },
        { kbps: 8000, seconds: 10 },
      ],
      1.5,
    );
    expect(steps.map((s) => s.atS)).toEqual([1.5, 11.5, 16.5]);
  });
});

/** One sample every 0.5 s from t=1 to t=30; `heightOf(t)` and `moving(t)` script the playback. */
function samples(heightOf, moving = () => true) {
  const out = [];
  let currentTime = 0;
  for (let t = 1; t <= 30; t += 0.5) {
    if (moving(t)) currentTime += 0.5;
    out.push({ t, currentTime, height: heightOf(t) });
  }
  return out;
}

const bandwidth = bandwidthByHeight(MASTER);
// 8 Mbps from the first frame (1 s), 600 kbps from 11 s, 8 Mbps again from 16 s.
const steps = stepTimes(
  [
    { kbps: 8000, seconds: 10 },
    { kbps: 600, seconds: 5 },
    { kbps: 8000, seconds: 14 },
  ],
  1,
);

describe('adaptation', () => {
  it('times the switch down after the drop and back up after the recovery', () => {
    const figures = adaptation({
      samples: samples((t) => (t >= 13 && t < 19 ? 160 : 720)),
      stalls: [],
      firstFrameS: 1,
      endS: 30,
      steps,
      bandwidth,
    });
    expect(figures).toMatchObject({
      stalls: 0,
      stalledS: 0,
      rebufferRatio: 0,
      heightBeforeDrop: 720,
      lowestHeight: 160,
      switchDownS: 2,
      switchUpS: 3,
    });
    // 6 s of 29 played at 400 kbps, the rest at 2500 kbps
    expect(figures.avgBitrateKbps).toBeCloseTo((6 * 400 + 23 * 2500) / 29, 0);
  });

  it('counts stalls, their time (an open one to the end) and the rebuffer ratio', () => {
    const figures = adaptation({
      samples: samples(() => 720),
      stalls: [
        { atMs: 12_000, endMs: 13_500 },
        { atMs: 28_000, endMs: null },
      ],
      firstFrameS: 1,
      endS: 30,
      steps,
      bandwidth,
    });
    expect(figures.stalls).toBe(2);
    expect(figures.stalledS).toBeCloseTo(3.5);
    expect(figures.rebufferRatio).toBeCloseTo(3.5 / 29);
  });

  it('has no switch times for a player that never switched, or switched down only after the recovery', () => {
    const never = adaptation({ samples: samples(() => 720), stalls: [], firstFrameS: 1, endS: 30, steps, bandwidth });
    expect([never.switchDownS, never.switchUpS]).toEqual([null, null]);
    const late = adaptation({
      samples: samples((t) => (t >= 17 ? 160 : 720)),
      stalls: [],
      firstFrameS: 1,
      endS: 30,
      steps,
      bandwidth,
    });
    expect(late.switchDownS).toBeNull();
  });

  it('leaves the time the playhead stood still out of the average bitrate', () => {
    const figures = adaptation({
      samples: samples(
        (t) => (t < 10 ? 720 : 160),
        (t) => t < 10,
      ),
      stalls: [],
      firstFrameS: 1,
      endS: 30,
      steps,
      bandwidth,
    });
    expect(figures.avgBitrateKbps).toBeCloseTo(2500);
  });
});
