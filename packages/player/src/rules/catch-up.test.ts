import { describe, expect, it } from 'vitest';
import {
  CATCH_UP_DEFAULTS,
  forwardBufferS,
  INITIAL_CATCH_UP,
  lowLatencyTarget,
  nextCatchUp,
  type CatchUpState,
} from './catch-up.ts';

const TARGET = 0.6;
const input = (nowMs: number, latencyS: number, extra: { active?: boolean; targetS?: number | null } = {}) => ({
  nowMs,
  latencyS,
  targetS: extra.targetS === undefined ? TARGET : extra.targetS,
  active: extra.active ?? true,
});

/** Plays a latency trace sampled every `stepMs`; returns the rates and the number of changes. */
function run(
  trace: number[],
  stepMs = 500,
  from: CatchUpState = INITIAL_CATCH_UP,
): { rates: number[]; changes: number } {
  let state = from;
  const rates: number[] = [];
  let changes = 0;
  trace.forEach((latency, i) => {
    const next = nextCatchUp(state, input(i * stepMs, latency));
    if (next.rate !== state.rate) changes += 1;
    state = next;
    rates.push(state.rate);
  });
  return { rates, changes };
}

/** Whether the rate was still above 1 at a sample behind the target but within the release band. */
const stillFastInBand = (trace: number[], rates: number[]) =>
  trace.some(
    (latency, i) => latency - TARGET > 1e-9 && latency - TARGET <= CATCH_UP_DEFAULTS.releaseS && rates[i]! > 1,
  );

describe('nextCatchUp', () => {
  it('does nothing inside the dead band once settled', () => {
    const settled: CatchUpState = { ...INITIAL_CATCH_UP, settled: true };
    expect(run([0.6, 0.75, 0.45, 0.79, 0.41, 0.6], 500, settled).changes).toBe(0);
  });

  it('approaches the target once from a start inside the dead band, then holds the band', () => {
    // A start 0.12 s behind its target: the band alone would leave it there for good.
    const approach = Array.from({ length: 16 }, (_, i) => Math.max(TARGET - 0.01, TARGET + 0.12 - i * 0.01));
    const { rates, changes } = run([...approach, 0.75, 0.45, 0.79, 0.41, 0.6]);
    // A start is approached at the fast rate, however small its lag.
    expect(rates[0]).toBe(CATCH_UP_DEFAULTS.fastRate);
    expect(changes).toBe(2); // engaged once, released at the target, and no more
    expect(rates.at(-1)).toBe(1);
    // It ran on through the release band, to the target itself.
    expect(approach[rates.indexOf(1)]! - TARGET).toBeLessThanOrEqual(1e-9);
    expect(stillFastInBand(approach, rates)).toBe(true);
    // A start that reads within ±RELEASE of the target is left alone but not settled: only an
    // episode that reaches the target settles it, so a later lag still gets the fast approach.
    const near = nextCatchUp(INITIAL_CATCH_UP, input(0, TARGET + 0.03));
    expect(near).toMatchObject({ rate: 1, settled: false });
    expect(nextCatchUp(near, input(500, TARGET + 0.25)).rate).toBe(CATCH_UP_DEFAULTS.fastRate);
  });

  it('once settled, engages gently for a small lag and fast for a large one', () => {
    const settled: CatchUpState = { ...INITIAL_CATCH_UP, settled: true };
    expect(nextCatchUp(settled, input(0, TARGET + 0.25)).rate).toBe(CATCH_UP_DEFAULTS.gentleRate);
    expect(nextCatchUp(settled, input(0, TARGET + 0.9)).rate).toBe(CATCH_UP_DEFAULTS.fastRate);
    // A start's approach is fast for the same small lag.
    expect(nextCatchUp(INITIAL_CATCH_UP, input(0, TARGET + 0.25)).rate).toBe(CATCH_UP_DEFAULTS.fastRate);
  });

  it('ends an episode the sample it reaches its target, within the dwell time', () => {
    // A start 0.2 s behind, sampled every 500 ms at +10 %: at the target after 2 s, not 3 s.
    let latency = TARGET + 0.2;
    let state: CatchUpState = INITIAL_CATCH_UP;
    const rates: number[] = [];
    for (let t = 0; t < 6000; t += 500) {
      state = nextCatchUp(state, input(t, latency));
      rates.push(state.rate);
      latency -= (state.rate - 1) * 0.5;
    }
    expect(rates.slice(0, 5)).toEqual([1.1, 1.1, 1.1, 1.1, 1]);
    expect(latency).toBeCloseTo(TARGET, 9);
    expect(state).toMatchObject({ rate: 1, settled: true });
  });

  it('catches a start 0.4 s behind up at the fast rate, in half the time, and without overshooting', () => {
    // Sampled every 500 ms; the latency falls by what the rate gains on real time.
    let latency = TARGET + 0.4;
    let state: CatchUpState = INITIAL_CATCH_UP;
    let reachedAtMs: number | null = null;
    let lowest = latency;
    for (let t = 0; t < 20_000; t += 500) {
      state = nextCatchUp(state, input(t, latency));
      if (t === 0) expect(state.rate).toBe(CATCH_UP_DEFAULTS.fastRate);
      latency -= (state.rate - 1) * 0.5;
      lowest = Math.min(lowest, latency);
      if (reachedAtMs === null && latency <= TARGET + 1e-9) reachedAtMs = t + 500;
    }
    // 0.4 s at +10 %: 4 s (at +5 % it took 8 s).
    expect(reachedAtMs).toBe(4000);
    // One dwell at the fast rate sheds no more than the lag it engaged for.
    expect(TARGET - lowest).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(state.rate).toBe(1);
  });

  it('slows down when too close to the edge', () => {
    expect(nextCatchUp(INITIAL_CATCH_UP, input(0, TARGET - 0.3)).rate).toBe(CATCH_UP_DEFAULTS.slowRate);
  });

  it('keeps one rate per episode and releases only at the target (hysteresis)', () => {
    // A lag of 1 s shrinking by 0.03 s per 500 ms sample while fast.
    const trace = Array.from({ length: 40 }, (_, i) => Math.max(TARGET, TARGET + 1 - i * 0.03));
    const { rates, changes } = run(trace);
    expect(new Set(rates)).toEqual(new Set([1.1, 1]));
    expect(changes).toBe(2);
    const releasedAt = rates.indexOf(1, 1);
    expect(trace[releasedAt]! - TARGET).toBeLessThanOrEqual(1e-9);
    expect(stillFastInBand(trace, rates)).toBe(true);
  });

  it('begins an episode at most once per dwell time, whatever the input does', () => {
    // Noise swinging well outside the dead band every sample for a minute.
    let state: CatchUpState = INITIAL_CATCH_UP;
    const begun: number[] = [];
    for (let i = 0; i < 120; i += 1) {
      const next = nextCatchUp(state, input(i * 500, i % 2 === 0 ? TARGET + 0.8 : TARGET - 0.8));
      if (next.rate !== 1 && next.rate !== state.rate) begun.push(i * 500);
      state = next;
    }
    expect(begun.length).toBeGreaterThan(0);
    for (let i = 1; i < begun.length; i += 1)
      expect(begun[i]! - begun[i - 1]!).toBeGreaterThanOrEqual(CATCH_UP_DEFAULTS.minDwellMs);
  });

  it('changes rate only a handful of times per minute on a realistic noisy trace', () => {
    // Start 0.5 s late, then jitter of ±0.15 s around whatever latency the rate produces.
    let latency = TARGET + 0.5;
    let state: CatchUpState = INITIAL_CATCH_UP;
    let changes = 0;
    for (let t = 0; t < 60_000; t += 500) {
      const jitter = 0.15 * Math.sin(t / 700);
      const next = nextCatchUp(state, input(t, latency + jitter));
      if (next.rate !== state.rate) changes += 1;
      state = next;
      latency -= (state.rate - 1) * 0.5;
    }
    expect(changes).toBeLessThanOrEqual(4);
    expect(Math.abs(latency - TARGET)).toBeLessThan(0.25);
  });

  it('returns to 1 at once when it has to stand aside, without waiting for the dwell', () => {
    const catching = nextCatchUp(INITIAL_CATCH_UP, input(0, TARGET + 1));
    expect(catching.rate).toBe(1.1);
    expect(nextCatchUp(catching, input(100, TARGET + 1, { active: false })).rate).toBe(1);
    expect(nextCatchUp(catching, input(100, TARGET + 1, { targetS: null })).rate).toBe(1);
    expect(nextCatchUp(catching, input(100, Number.NaN)).rate).toBe(1);
  });

  it('never runs fast on a short forward buffer (a lag the network is not refilling)', () => {
    const short = CATCH_UP_DEFAULTS.minBufferS - 0.1;
    expect(nextCatchUp(INITIAL_CATCH_UP, { ...input(0, TARGET + 1), bufferS: short }).rate).toBe(1);
    expect(nextCatchUp(INITIAL_CATCH_UP, { ...input(0, TARGET + 1), bufferS: 1 }).rate).toBe(1.1);
    // Already fast when the buffer runs short: back to 1 at once, within the dwell time.
    const catching = nextCatchUp(INITIAL_CATCH_UP, { ...input(0, TARGET + 1), bufferS: 1 });
    expect(nextCatchUp(catching, { ...input(100, TARGET + 1), bufferS: short }).rate).toBe(1);
    // Slowing down near the edge does not depend on the buffer.
    expect(nextCatchUp(INITIAL_CATCH_UP, { ...input(0, TARGET - 0.3), bufferS: 0 }).rate).toBe(0.95);
  });

  it('keeps every rate within −5 % and +10 %', () => {
    for (const latency of [-5, -0.5, 0, 0.6, 1, 3, 100]) {
      const { rate } = nextCatchUp(INITIAL_CATCH_UP, input(0, latency));
      expect(rate).toBeGreaterThanOrEqual(0.95);
      expect(rate).toBeLessThanOrEqual(1.1);
    }
  });
});

describe('forwardBufferS', () => {
  const ranges = [
    { start: 0, end: 2 },
    { start: 5, end: 9 },
  ];
  it('measures the range holding the position', () => {
    expect(forwardBufferS(ranges, 1.5)).toBeCloseTo(0.5);
    expect(forwardBufferS(ranges, 6)).toBeCloseTo(3);
  });
  it('tolerates a position just before a range', () => {
    expect(forwardBufferS(ranges, 4.95)).toBeCloseTo(4.05);
  });
  it('is 0 in a gap, past the end or with nothing buffered', () => {
    expect(forwardBufferS(ranges, 3)).toBe(0);
    expect(forwardBufferS(ranges, 9)).toBe(0);
    expect(forwardBufferS([], 0)).toBe(0);
  });
});

describe('lowLatencyTarget', () => {
  it('aims at 3 part targets when PART-HOLD-BACK advises more', () => {
    expect(lowLatencyTarget(1.0, 0.2)).toBeCloseTo(0.6);
  });
  it('never aims further back than PART-HOLD-BACK', () => {
    expect(lowLatencyTarget(0.5, 0.2)).toBe(0.5);
  });
  it('uses the floor when PART-HOLD-BACK is missing', () => {
    expect(lowLatencyTarget(0, 0.33)).toBeCloseTo(0.99);
  });
  it('has no target without parts', () => {
    expect(lowLatencyTarget(3, 0)).toBeNull();
  });
});
