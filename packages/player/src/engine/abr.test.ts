import { describe, expect, it } from 'vitest';
import { chooseVariant, MIN_TRANSFER_MS, RECOVERY_FACTOR, ThroughputEstimator, THROUGHPUT_WINDOW } from './abr.ts';

const LADDER = [
  { bitrate: 314_000, width: 284, height: 160 },
  { bitrate: 696_000, width: 640, height: 360 },
  { bitrate: 1_096_000, width: 854, height: 480 },
  { bitrate: 2_096_000, width: 1280, height: 720 },
];

describe('ThroughputEstimator', () => {
  it('pools bytes over transfer time, so tiny fast parts do not dominate', () => {
    const t = new ThroughputEstimator();
    expect(t.estimate()).toBeNull();
    t.add({ bytes: 100_000, transferMs: 100 }); // 8 Mbit/s
    t.add({ bytes: 1_000, transferMs: 0 }); // counted as MIN_TRANSFER_MS, not infinity
    expect(t.estimate()).toBeCloseTo((101_000 * 8 * 1000) / (100 + MIN_TRANSFER_MS));
  });

  it('forgets samples beyond its window and starts from a given estimate', () => {
    const t = new ThroughputEstimator(5_000_000);
    expect(t.estimate()).toBe(5_000_000);
    t.add({ bytes: 10_000, transferMs: 1000 }); // 80 kbps, then a window of 8 Mbps
    for (let i = 0; i < THROUGHPUT_WINDOW - 1; i++) t.add({ bytes: 1_000_000, transferMs: 1000 });
    expect(t.estimate()).toBeCloseTo(((11 * 1_000_000 + 10_000) * 8) / 12);
    t.add({ bytes: 1_000_000, transferMs: 1000 });
    expect(t.estimate()).toBe(8_000_000);
  });

  it('shows a collapse within the last three pieces; one fast piece never lifts it', () => {
    const t = new ThroughputEstimator();
    for (let i = 0; i < THROUGHPUT_WINDOW; i++) t.add({ bytes: 1_000_000, transferMs: 1000 });
    t.add({ bytes: 75_000, transferMs: 1000 }); // 600 kbps
    // The fast window: (2 × 1 MB + 75 kB) over 3 s, not the 12-piece pool's 7.4 Mbps.
    expect(t.estimate()).toBeCloseTo((2_075_000 * 8) / 3);
    t.add({ bytes: 75_000, transferMs: 1000 });
    t.add({ bytes: 75_000, transferMs: 1000 });
    expect(t.estimate()).toBe(600_000);
    t.add({ bytes: 1_000_000, transferMs: 1000 });
    expect(t.estimate()).toBeCloseTo((1_150_000 * 8) / 3); // not 8 Mbps: two slow pieces still count
  });

  it('takes a recovery from two pieces much faster than the window, not from one', () => {
    const t = new ThroughputEstimator();
    for (let i = 0; i < THROUGHPUT_WINDOW; i++) t.add({ bytes: 15_000, transferMs: 200 }); // 600 kbps
    t.add({ bytes: 10_000, transferMs: 10 }); // 8 Mbps: one piece is no recovery
    expect(t.estimate()).toBeLessThan(1_000_000);
    t.add({ bytes: 10_000, transferMs: 10 });
    // The link is back: the slow pieces are history, and ABR may climb at the next switch point.
    expect(t.estimate()).toBe(8_000_000);
    expect(
      chooseVariant({
        candidates: LADDER,
        current: 0,
        throughputBps: t.estimate(),
        bufferS: 0.5,
        maxWidth: 0,
        maxHeight: 0,
      }),
    ).toBe(3);
  });

  it('keeps the window through a change of pace short of a recovery', () => {
    const t = new ThroughputEstimator();
    for (let i = 0; i < THROUGHPUT_WINDOW; i++) t.add({ bytes: 25_000, transferMs: 100 }); // 2 Mbps
    // Twice as fast, then a little under RECOVERY_FACTOR times: the pool still counts the rest.
    t.add({ bytes: 50_000, transferMs: 100 });
    t.add({ bytes: 25_000 * (RECOVERY_FACTOR - 0.5), transferMs: 100 });
    expect(t.estimate()).toBeLessThan(3_000_000);
  });

  it('starts again from an abandoned transfer, whose rate the fast pieces before it would hide', () => {
    const t = new ThroughputEstimator();
    t.add({ bytes: 55_000, transferMs: 10 });
    t.add({ bytes: 55_000, transferMs: 10 });
    t.restartFrom({ bytes: 18_750, transferMs: 250 }); // 600 kbps, abandoned
    expect(t.estimate()).toBe(600_000);
    // ABR then steps straight down to what that rate carries, not one rendition at a time.
    expect(
      chooseVariant({
        candidates: LADDER,
        current: 3,
        throughputBps: t.estimate(),
        bufferS: 0.3,
        maxWidth: 0,
        maxHeight: 0,
      }),
    ).toBe(0);
    t.add({ bytes: 15_000, transferMs: 200 });
    expect(t.estimate()).toBe(600_000);
  });
});

describe('chooseVariant', () => {
  const base = { candidates: LADDER, current: 1, bufferS: 1, maxWidth: 0, maxHeight: 0 };

  it('climbs with headroom and a buffer to spare, not without either', () => {
    expect(chooseVariant({ ...base, throughputBps: 4_000_000 })).toBe(3);
    expect(chooseVariant({ ...base, throughputBps: 4_000_000, bufferS: 0.2 })).toBe(1);
    // 1.2 Mbit/s carries 1.096 but not with 30 % headroom: stay.
    expect(chooseVariant({ ...base, throughputBps: 1_200_000 })).toBe(1);
  });

  it('steps down at once when throughput no longer carries the current rendition', () => {
    expect(chooseVariant({ ...base, current: 3, throughputBps: 900_000 })).toBe(1);
    expect(chooseVariant({ ...base, current: 3, throughputBps: 100_000 })).toBe(0);
  });

  it('never climbs past the smallest rendition that fills the element in device pixels', () => {
    // A 375 × 211 embed at DPR 1: 480p is the first to cover it... 360p is 640×360, which covers it.
    expect(chooseVariant({ ...base, throughputBps: 50_000_000, maxWidth: 375, maxHeight: 211 })).toBe(1);
    expect(chooseVariant({ ...base, throughputBps: 50_000_000, maxWidth: 1920, maxHeight: 1080 })).toBe(3);
  });

  it('keeps to the cap (transcodes only) and the current choice without a measurement', () => {
    expect(chooseVariant({ ...base, throughputBps: 50_000_000, cap: 2 })).toBe(2);
    expect(chooseVariant({ ...base, throughputBps: null })).toBe(1);
  });
});
