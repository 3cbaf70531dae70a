import { describe, expect, it } from 'vitest';
import { judgeFlat, judgePlaying, type Sample } from './judge.ts';

const flat = (n: number, change: (i: number) => Partial<Sample> = () => ({})): Sample[] =>
  Array.from({ length: n }, (_, i) => ({
    atMinute: i,
    heapMiB: 20 + (i % 3),
    listeners: 100 + (i % 2),
    timers: 12,
    nodes: 900,
    ...change(i),
  }));

describe('judgeFlat', () => {
  it('passes a page whose numbers wander but do not grow', () => {
    expect(judgeFlat(flat(30))).toEqual({ ok: true, failures: [] });
  });

  it('fails a heap that keeps growing', () => {
    const verdict = judgeFlat(flat(30, (i) => ({ heapMiB: 20 + i })));
    expect(verdict.ok).toBe(false);
    expect(verdict.failures[0]).toMatch(/^JS heap grew/);
  });

  it('fails a listener or timer leaked per cycle', () => {
    expect(judgeFlat(flat(40, (i) => ({ listeners: 100 + i }))).failures).toEqual(['listeners grew: max 112 → 139']);
    expect(judgeFlat(flat(40, (i) => ({ timers: 12 + i }))).failures).toEqual(['timers grew: max 24 → 51']);
  });

  it('refuses to judge too few samples', () => {
    expect(judgeFlat(flat(5)).ok).toBe(false);
  });
});

describe('judgePlaying', () => {
  const steady = Array.from({ length: 20 }, (_, i) => ({ wallS: i, mediaS: 100 + i }));

  it('passes media time that keeps up with the wall clock', () => {
    expect(judgePlaying(steady).ok).toBe(true);
  });

  it('fails a stall longer than allowed, even when the total catches up', () => {
    const stalled = steady.map((p) => (p.wallS >= 5 && p.wallS <= 10 ? { ...p, mediaS: 105 } : p));
    expect(judgePlaying(stalled, { share: 0.5 }).failures).toEqual(['stood still 4.0 s at 9 s']);
  });

  it('fails playback that falls behind', () => {
    const slow = steady.map((p) => ({ ...p, mediaS: 100 + p.wallS / 2 }));
    expect(judgePlaying(slow).failures[0]).toMatch(/^played 9\.5 s of media in 19\.0 s/);
  });
});
