import { describe, expect, it } from 'vitest';
import { latencySamples, mediaClockRate, summarize } from './measure.mjs';

// A stream of 1 s segments, segment n dated n s (ms) on the program-date-time clock, as the
// platform's origin dates them; only whole segments are loaded here.
const clock = {
  chunkEndMs: (msn, part) => (part === null ? (msn + 1) * 1000 : null),
  pdtOfMediaTime: (seconds) => seconds * 1000,
};

/**
 * A page playing `behindS` seconds behind live from t = 1 s, sampled every 250 ms: its timeline
 * starts at 0 at segment 1000 (as Chromium's own HLS counts it), the newest whole segment loaded
 * is appended at once. `mediaTime` is what the probe read from SourceBuffer appends (null: none,
 * the browser's own HLS).
 */
function recording({ behindS, mediaTime, firstAppendAtS = 0 }) {
  const samples = [];
  for (let atMs = 1000; atMs <= 8000; atMs += 250) {
    const now = 1_001_000 + atMs; // wall clock (ms): segment 1000 began 1 s before navigation
    const currentTime = (now - 1_000_000) / 1000 - behindS;
    // Nothing new is loaded before firstAppendAtS: the buffer holds the first segment.
    const newest = atMs < firstAppendAtS * 1000 ? 1000 : Math.floor((now - 1_000_000) / 1000) + 999;
    samples.push({
      atMs,
      now,
      currentTime,
      bufferedEnd: newest - 1000 + 1,
      newestChunk: [newest, null],
      mediaTime: mediaTime ? currentTime + 1000 : null,
      playerDateMs: null,
      rate: 1,
      height: 720,
      paused: false,
    });
  }
  return { samples, firstFrameMs: 1000, waitingEvents: 0, stalls: [], initialRate: 1, rates: [] };
}

describe('latencySamples', () => {
  it('dates the frame on screen by the SourceBuffer timestampOffset by default', () => {
    const samples = latencySamples(recording({ behindS: 0.6, mediaTime: true }), clock);
    expect(samples.every((s) => Math.abs(s.latencyS - 0.6) < 1e-6)).toBe(true);
  });

  it('has no latency for the browser’s own HLS from media time, and the segment clock’s with `segments`', () => {
    const native = recording({ behindS: 1.15, mediaTime: false });
    expect(latencySamples(native, clock).every((s) => s.latencyS === null)).toBe(true);
    const samples = latencySamples(native, clock, 'segments');
    expect(samples.map((s) => s.latencyS)).toEqual(samples.map((s) => s.segmentClockS));
    // blind until the buffer first grows after the first frame (within a segment), then dated
    const firstDated = samples.findIndex((s) => s.latencyS !== null);
    expect(firstDated).toBeGreaterThan(0);
    expect(firstDated).toBeLessThanOrEqual(4);
    expect(samples.slice(firstDated).every((s) => Math.abs(s.latencyS - 1.15) < 1e-6)).toBe(true);
    expect(summarize(native, samples, 8000).latency).toMatchObject({ p50: 1.15, p95: 1.15, undated: firstDated });
  });

  it('leaves a start undated until a chunk lands, rather than guess across it', () => {
    // Nothing new is appended before 3 s (a stalled start, or a rendition switch, after which
    // Chromium's own timeline may sit a segment away): those samples stay undated.
    const native = recording({ behindS: 3.9, mediaTime: false, firstAppendAtS: 3 });
    const samples = latencySamples(native, clock, 'segments');
    expect(samples.filter((s) => s.t < 3).every((s) => s.latencyS === null)).toBe(true);
    expect(samples.filter((s) => s.t >= 3).every((s) => Math.abs(s.latencyS - 3.9) < 1e-6)).toBe(true);
  });

  it('refuses a clock it does not know', () => {
    expect(() => latencySamples(recording({ behindS: 1, mediaTime: true }), clock, 'wall')).toThrow(/wall/);
  });
});

describe('mediaClockRate', () => {
  const playing = (atMs, currentTime, extra = {}) => ({
    atMs,
    currentTime,
    readyState: 4,
    rate: 1,
    paused: false,
    ...extra,
  });

  it('is 1 for an element that keeps up with real time, at any rate', () => {
    const samples = [0, 250, 500, 750].map((ms) => playing(ms, 10 + ms / 1000));
    expect(mediaClockRate(samples)).toBeCloseTo(1, 9);
    const fast = [0, 250, 500].map((ms) => playing(ms, 10 + (ms / 1000) * 1.1, { rate: 1.1 }));
    expect(mediaClockRate(fast)).toBeCloseTo(1, 9);
  });

  it('says how far a clock that slips fell behind', () => {
    const samples = [0, 1000, 2000].map((ms) => playing(ms, 10 + (ms / 1000) * 0.95));
    expect(mediaClockRate(samples)).toBeCloseTo(0.95, 9);
  });

  it('leaves out pauses, stalls, seeks and rate changes', () => {
    const samples = [
      playing(0, 10),
      playing(1000, 10.97),
      playing(2000, 10.97, { paused: true }), // paused
      playing(3000, 10.97),
      playing(4000, 11.97, { readyState: 2 }), // waiting for data
      playing(5000, 15), // a seek forward
      playing(6000, 16.1, { rate: 1.1 }), // the rate changed between the two
      playing(7000, 16.7),
      playing(8000, 17.67),
      playing(9000, 18), // a stall the probe recorded (below) between the two
    ];
    const stalls = [{ atMs: 8200, endMs: 8800 }];
    expect(mediaClockRate(samples, stalls)).toBeCloseTo(0.97, 9);
    expect(mediaClockRate([playing(0, 10)])).toBeNull();
    // A rate changed and changed back between two samples: not a measure of the clock.
    const toggled = [playing(0, 10), playing(1000, 11.05), playing(2000, 12)];
    const changes = [
      { atMs: 200, rate: 1.1 },
      { atMs: 700, rate: 1 },
    ];
    expect(mediaClockRate(toggled, [], changes)).toBeCloseTo(0.95, 9);
  });
});
