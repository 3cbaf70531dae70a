import { describe, expect, it } from 'vitest';
import { BufferingWatchdog } from './buffering-watchdog.ts';

/** Steps the clock in 500 ms samples (the player's cadence) and returns the verdicts that were not 'ok'. */
function run(dog: BufferingWatchdog, fromMs: number, toMs: number): { at: number; verdict: string }[] {
  const seen: { at: number; verdict: string }[] = [];
  for (let t = fromMs; t <= toMs; t += 500) {
    const verdict = dog.check(t);
    if (verdict !== 'ok') seen.push({ at: t, verdict });
  }
  return seen;
}

describe('BufferingWatchdog', () => {
  it('reloads after 10 s, then 20 s, then 40 s, and then gives up with a fatal verdict', () => {
    const dog = new BufferingWatchdog();
    dog.onBuffering(0);
    expect(run(dog, 0, 200_000)).toEqual([
      { at: 10_000, verdict: 'reload' },
      { at: 30_000, verdict: 'reload' },
      { at: 70_000, verdict: 'reload' },
      { at: 150_000, verdict: 'fatal' },
    ]);
  });

  it('does nothing while playing or paused', () => {
    const dog = new BufferingWatchdog();
    dog.onBuffering(0);
    dog.onStopped();
    expect(run(dog, 0, 60_000)).toEqual([]);
    dog.onPlaying(60_000);
    expect(run(dog, 60_000, 120_000)).toEqual([]);
  });

  it('counts a short recovery as none: the next wait is longer', () => {
    const dog = new BufferingWatchdog();
    dog.onBuffering(0);
    expect(run(dog, 0, 10_000)).toEqual([{ at: 10_000, verdict: 'reload' }]);
    dog.onPlaying(12_000);
    dog.onBuffering(15_000);
    expect(dog.timeoutMs()).toBe(20_000);
    expect(run(dog, 15_000, 35_000)).toEqual([{ at: 35_000, verdict: 'reload' }]);
  });

  it('starts over after 30 s of uninterrupted playback', () => {
    const dog = new BufferingWatchdog();
    dog.onBuffering(0);
    run(dog, 0, 10_000);
    dog.onPlaying(11_000);
    run(dog, 11_000, 41_000);
    dog.onBuffering(42_000);
    expect(dog.timeoutMs()).toBe(10_000);
    expect(run(dog, 42_000, 52_000)).toEqual([{ at: 52_000, verdict: 'reload' }]);
  });
});
