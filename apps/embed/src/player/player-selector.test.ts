import { describe, expect, it } from 'vitest';
import { selection, shallowEqual } from './player-selector.ts';

describe('player selector', () => {
  it('gives the same value while the part it reads is equal, a new one when it changes', () => {
    const tracks = ['en'];
    let state = { paused: false, position: 1, tracks };
    const read = selection(
      () => state,
      (s) => ({ paused: s.paused, tracks: s.tracks }),
      shallowEqual,
    );
    const first = read();
    // The live sample moves the position every 500 ms: what the screen shows did not change.
    state = { ...state, position: 1.5 };
    expect(read()).toBe(first);
    state = { ...state, position: 2 };
    expect(read()).toBe(first);
    state = { ...state, paused: true };
    const paused = read();
    expect(paused).not.toBe(first);
    expect(paused).toEqual({ paused: true, tracks });
    // A new list (the same words) is a change: the store replaces a list only when it changes.
    state = { ...state, tracks: ['en'] };
    expect(read()).not.toBe(paused);
  });

  it('compares one level deep', () => {
    expect(shallowEqual({ a: 1, b: 'x' }, { a: 1, b: 'x' })).toBe(true);
    expect(shallowEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(shallowEqual({ a: [1] }, { a: [1] })).toBe(false);
    expect(shallowEqual({ a: Number.NaN }, { a: Number.NaN })).toBe(true);
    expect(shallowEqual(null, null)).toBe(true);
    expect(shallowEqual(null, {})).toBe(false);
  });
});
