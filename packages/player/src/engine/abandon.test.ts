import { describe, expect, it } from 'vitest';
import { ABANDON_MIN_MS, shouldAbandon, type AbandonInput } from './abandon.ts';

// A 0.2 s part of 55 kB (720p at 2.2 Mbit/s), with 0.45 s buffered ahead (live, ~0.6 s latency).
const base: AbandonInput = {
  elapsedMs: 100,
  durationS: 0.2,
  receivedBytes: 7_500,
  expectedBytes: 55_000,
  bufferAheadS: 0.45,
  canStepDown: true,
};

describe('shouldAbandon', () => {
  it('abandons a part whose rate so far (600 kbit/s) brings the rest after the buffer runs dry', () => {
    // 47.5 kB more at 75 B/ms: 633 ms, with 450 ms buffered.
    expect(shouldAbandon(base)).toBe(true);
  });

  it('lets a part finish that arrives faster than it plays, however little is buffered', () => {
    // 50 kB in 150 ms (2.7 Mbit/s): the rest in 15 ms, the part whole in 165 ms of its 200.
    expect(shouldAbandon({ ...base, elapsedMs: 150, receivedBytes: 50_000, bufferAheadS: 0.1 })).toBe(false);
  });

  it('lets a slow part finish while the buffer ahead outlasts it (the next switch point decides)', () => {
    // 633 ms more with 1.5 s buffered: slower than it plays, but no stall from this part.
    expect(shouldAbandon({ ...base, bufferAheadS: 1.5 })).toBe(false);
    expect(shouldAbandon({ ...base, bufferAheadS: 2.5, elapsedMs: 400 })).toBe(false); // over ABANDON_BUFFER_S
  });

  it('never judges a rate before ABANDON_MIN_MS, nor without a lower rendition to go to', () => {
    expect(shouldAbandon({ ...base, elapsedMs: ABANDON_MIN_MS - 1 })).toBe(false);
    expect(shouldAbandon({ ...base, canStepDown: false, elapsedMs: 1_000 })).toBe(false);
  });

  it('without a size or a first byte, waits until the part is late (as long as it plays for)', () => {
    expect(shouldAbandon({ ...base, expectedBytes: null })).toBe(false);
    expect(shouldAbandon({ ...base, receivedBytes: 0 })).toBe(false);
    expect(shouldAbandon({ ...base, expectedBytes: null, elapsedMs: 200 })).toBe(true);
    expect(shouldAbandon({ ...base, receivedBytes: 0, elapsedMs: 200 })).toBe(true);
  });

  it('counts what the step down costs: a part due just before the buffer runs dry is still abandoned', () => {
    // 40 kB more at 94 B/ms: 427 ms, 23 ms before the 450 ms buffered run out, within the margin.
    expect(shouldAbandon({ ...base, elapsedMs: 60 + ABANDON_MIN_MS, receivedBytes: 15_000 })).toBe(true);
  });
});
