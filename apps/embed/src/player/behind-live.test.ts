import { describe, expect, it } from 'vitest';
import { AT_LIVE, BEHIND_LIVE_ENTER_S, nextBehindLive, type BehindLive } from './behind-live.ts';

const feed = (samples: [latency: number, playing: boolean][], from: BehindLive = AT_LIVE): BehindLive =>
  samples.reduce((state, [latency, playing]) => nextBehindLive(state, { latency, playing }), from);

describe('behind live', () => {
  it('is at live while playback holds its own normal latency, low or not', () => {
    expect(
      feed([
        [0.9, true],
        [0.7, true],
        [0.8, true],
        [0.75, true],
      ]).behind,
    ).toBe(false);
    expect(
      feed([
        [7.1, true],
        [6.4, true],
        [6.9, true],
      ]).behind,
    ).toBe(false);
  });

  it('is behind once a pause lets it trail its edge by more than 3 s, with the seconds', () => {
    const paused = feed([
      [0.7, true],
      [0.7 + BEHIND_LIVE_ENTER_S, false],
    ]);
    expect(paused.behind).toBe(false);
    const later = feed([[15.8, false]], paused);
    expect(later).toMatchObject({ behind: true, seconds: 15, edgeLatency: 0.7 });
  });

  it('stays behind until it is within 1.5 s of the edge again (no flicker around the bound)', () => {
    const behind = feed([
      [0.6, true],
      [5, true],
    ]);
    expect(behind.behind).toBe(true);
    expect(feed([[3, true]], behind).behind).toBe(true);
    expect(feed([[2.2, true]], behind).behind).toBe(true);
    expect(feed([[2, true]], behind)).toMatchObject({ behind: false, seconds: 0 });
  });

  it('takes no edge from a paused sample, and ignores unknown latency', () => {
    expect(feed([[0.5, false]]).edgeLatency).toBe(Number.POSITIVE_INFINITY);
    const state = feed([[0.6, true]]);
    expect(nextBehindLive(state, { latency: Number.NaN, playing: true })).toBe(state);
  });

  it('starts a new edge after a reset: a stream whose latency grew is not behind forever', () => {
    const grown = feed([
      [0.6, true],
      [6.5, true],
    ]);
    expect(grown.behind).toBe(true);
    expect(
      feed([
        [6.5, true],
        [6.3, true],
      ]).behind,
    ).toBe(false);
  });

  it('returns the same object when nothing changed (a cheap React state)', () => {
    const state = feed([[0.6, true]]);
    expect(nextBehindLive(state, { latency: 0.8, playing: true })).toBe(state);
  });
});
