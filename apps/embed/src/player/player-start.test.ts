import { describe, expect, it } from 'vitest';
import { ADOPT_WINDOW_MS, createStartHolder, type PlayerStart } from './player-start.ts';

const START: PlayerStart = { url: 'https://live.test/a.m3u8', muted: false, autoplay: true };

function setup() {
  let next = 0;
  const created: number[] = [];
  const destroyed: number[] = [];
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let timerId = 0;
  const holder = createStartHolder<number>({
    create: () => {
      created.push(++next);
      return next;
    },
    destroy: (value) => destroyed.push(value),
    later: (fn, ms) => {
      const id = ++timerId;
      timers.set(id, { fn, ms });
      return () => timers.delete(id);
    },
  });
  const runTimers = () => {
    for (const [id, timer] of [...timers]) {
      timers.delete(id);
      timer.fn();
    }
  };
  return { holder, created, destroyed, timers, runTimers };
}

describe('createStartHolder', () => {
  it('hands the early-started player to the screen instead of creating another', () => {
    const { holder, created, destroyed, runTimers } = setup();
    holder.startEarly(START);
    expect(holder.acquire({ ...START })).toBe(1);
    runTimers();
    expect(created).toEqual([1]);
    expect(destroyed).toEqual([]);
  });

  it('keeps one player through StrictMode cleanup and re-run, and deletes it on a real unmount', () => {
    const { holder, created, destroyed, runTimers } = setup();
    holder.startEarly(START);
    const first = holder.acquire(START);
    holder.release(START, first);
    const second = holder.acquire(START);
    runTimers();
    expect(second).toBe(first);
    expect(created).toEqual([1]);
    expect(destroyed).toEqual([]);
    holder.release(START, second);
    runTimers();
    expect(destroyed).toEqual([1]);
  });

  it('does not start a second player while one for the same start is in use', () => {
    const { holder, created } = setup();
    holder.acquire(START);
    holder.startEarly(START);
    holder.startEarly(START);
    expect(created).toEqual([1]);
  });

  it('creates a new player for another URL or other params, and the old one goes on release', () => {
    const { holder, created, destroyed, runTimers } = setup();
    holder.startEarly(START);
    const first = holder.acquire(START);
    const other = { ...START, url: 'https://live.test/b.m3u8' };
    const second = holder.acquire(other);
    holder.release(START, first);
    runTimers();
    expect(second).toBe(2);
    expect(holder.acquire({ ...other, muted: true })).toBe(3);
    expect(created).toEqual([1, 2, 3]);
    expect(destroyed).toEqual([1]);
  });

  it('deletes an early player nobody took: on a navigation elsewhere, or after the adopt window', () => {
    const { holder, destroyed, timers, runTimers } = setup();
    holder.startEarly(START);
    holder.discardHeld();
    expect(destroyed).toEqual([1]);
    expect(timers.size).toBe(0);

    holder.startEarly(START);
    expect([...timers.values()].map((t) => t.ms)).toEqual([ADOPT_WINDOW_MS]);
    runTimers();
    expect(destroyed).toEqual([1, 2]);
    expect(holder.acquire(START)).toBe(3);
  });

  it('ignores a release of a player it does not hold in use (deleted once)', () => {
    const { holder, destroyed, runTimers } = setup();
    const value = holder.acquire(START);
    holder.release(START, value);
    holder.release(START, value);
    runTimers();
    expect(destroyed).toEqual([value]);
  });
});
