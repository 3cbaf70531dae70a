import { describe, expect, it } from 'vitest';
import {
  DRIFT_DETECTION_MSE,
  DRIFT_DETECTION_NATIVE,
  evaluateDrift,
  INITIAL_DRIFT_STATE,
  type DriftState,
} from './drift.ts';

function run(samples: [number, number][], config = DRIFT_DETECTION_NATIVE) {
  let state: DriftState = INITIAL_DRIFT_STATE;
  const corrections: number[] = [];
  for (const [nowMs, playlistPosition] of samples) {
    const result = evaluateDrift(state, { nowMs, playlistPosition }, config);
    state = result.state;
    if (result.correct) corrections.push(nowMs);
  }
  return corrections;
}

/** One sample a second from `from` to `to` seconds at a fixed position. */
const steady = (from: number, to: number, position: number): [number, number][] =>
  Array.from({ length: to - from + 1 }, (_, i) => [(from + i) * 1000, position]);

describe('drift rule (SPEC §4, constants of §9)', () => {
  it('uses the spec constants: max position 3, threshold 10 s, 60 s between corrections', () => {
    expect(DRIFT_DETECTION_NATIVE).toEqual({
      enabled: true,
      maxPlaylistPosition: 3,
      triggerDetectionThreshold: 10,
      minDurationBetweenCorrections: 60,
    });
    expect(DRIFT_DETECTION_MSE.enabled).toBe(false);
  });

  it('corrects once the position stays above the maximum for more than the threshold', () => {
    expect(run(steady(0, 10, 4))).toEqual([]); // exactly 10 s: not more than the threshold
    expect(run(steady(0, 11, 4))).toEqual([11_000]);
  });

  it('does nothing at or below the maximum', () => {
    expect(run(steady(0, 30, 3))).toEqual([]);
  });

  it('restarts the clock when the position comes back down', () => {
    const samples = [...steady(0, 8, 5), [9_000, 1] as [number, number], ...steady(10, 19, 5)];
    expect(run(samples)).toEqual([]);
  });

  it('waits at least the minimum interval between corrections', () => {
    const corrections = run(steady(0, 130, 6));
    expect(corrections[0]).toBe(11_000);
    expect(corrections[1]! - corrections[0]!).toBeGreaterThanOrEqual(60_000);
    expect(corrections).toHaveLength(2);
  });

  it('is idle when disabled or when the position is unknown', () => {
    expect(run(steady(0, 30, 9), DRIFT_DETECTION_MSE)).toEqual([]);
    expect(run(steady(0, 30, Number.NaN))).toEqual([]);
  });
});
