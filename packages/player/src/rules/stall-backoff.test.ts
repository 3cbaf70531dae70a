import { describe, expect, it } from 'vitest';
import {
  afterStall,
  NO_STALL_BACKOFF,
  stallExtra,
  STALL_DECAY_PER_S,
  STALL_HOLD_MS,
  STALL_MAX_S,
  STALL_STEP_S,
} from './stall-backoff.ts';

const C = { stepS: STALL_STEP_S, maxS: STALL_MAX_S, holdMs: STALL_HOLD_MS, decayPerS: STALL_DECAY_PER_S };

describe('stall back-off', () => {
  it('adds nothing before a stall', () => {
    expect(stallExtra(NO_STALL_BACKOFF, 1_000_000)).toBe(0);
  });

  it('adds a step per stall up to the cap', () => {
    let b = afterStall(NO_STALL_BACKOFF, 1000);
    expect(stallExtra(b, 1000)).toBeCloseTo(C.stepS);
    b = afterStall(b, 2000);
    expect(stallExtra(b, 2000)).toBeCloseTo(2 * C.stepS);
    for (let i = 0; i < 10; i++) b = afterStall(b, 3000 + i);
    expect(stallExtra(b, 4000)).toBeCloseTo(C.maxS);
  });

  it('holds, then decays slowly to nothing', () => {
    const b = afterStall(NO_STALL_BACKOFF, 0);
    expect(stallExtra(b, C.holdMs)).toBeCloseTo(C.stepS);
    const after10s = stallExtra(b, C.holdMs + 10_000);
    expect(after10s).toBeCloseTo(C.stepS - 10 * C.decayPerS);
    expect(after10s).toBeGreaterThan(0);
    expect(stallExtra(b, C.holdMs + 1_000_000)).toBe(0);
  });

  it('a stall during the decay steps up from what is left', () => {
    const b = afterStall(NO_STALL_BACKOFF, 0);
    const at = C.holdMs + 10_000;
    expect(stallExtra(afterStall(b, at), at)).toBeCloseTo(stallExtra(b, at) + C.stepS);
  });
});
