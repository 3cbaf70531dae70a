import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIDDEN_FOR_MS, HiddenListening } from './hidden-listening.ts';
import { audioOnlyWhenHiddenRequested } from './use-audio-when-hidden.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function rule() {
  const calls: boolean[] = [];
  const listening = new HiddenListening({
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    setAudioOnly: (on) => calls.push(on),
  });
  listening.update({ playing: true, pageVisible: true, ratio: 1 });
  return { listening, calls };
}

describe('audio-only when hidden', () => {
  it('turns audio-only on after 30 s scrolled out of view, and off the moment it is back', () => {
    const { listening, calls } = rule();
    listening.update({ ratio: 0 });
    vi.advanceTimersByTime(HIDDEN_FOR_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([true]);
    listening.update({ ratio: 0.1 });
    expect(calls).toEqual([true, false]);
  });

  it('counts a hidden page as out of sight, and starts over after a glance back', () => {
    const { listening, calls } = rule();
    listening.update({ pageVisible: false });
    vi.advanceTimersByTime(HIDDEN_FOR_MS / 2);
    listening.update({ pageVisible: true });
    listening.update({ pageVisible: false });
    vi.advanceTimersByTime(HIDDEN_FOR_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([true]);
  });

  it('leaves a paused player alone, and a player partly in view shows its picture', () => {
    const { listening, calls } = rule();
    listening.update({ ratio: 0.01 });
    vi.advanceTimersByTime(HIDDEN_FOR_MS * 2);
    listening.update({ playing: false, ratio: 0 });
    vi.advanceTimersByTime(HIDDEN_FOR_MS * 2);
    expect(calls).toEqual([]);
  });

  it('turns off only what it turned on: a choice made by someone else stays', () => {
    const { listening, calls } = rule();
    listening.update({ ratio: 0 });
    vi.advanceTimersByTime(HIDDEN_FOR_MS);
    listening.release(); // the host turned it off while hidden
    listening.update({ ratio: 1 });
    expect(calls).toEqual([true]);
  });

  it('is on only when the embed URL says exactly true', () => {
    expect(audioOnlyWhenHiddenRequested('?muted=true&audioonlywhenhidden=true')).toBe(true);
    expect(audioOnlyWhenHiddenRequested('?audioonlywhenhidden=1')).toBe(false);
    expect(audioOnlyWhenHiddenRequested('')).toBe(false);
  });
});
