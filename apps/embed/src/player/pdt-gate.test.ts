import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_HOLD_MS, PdtGate, type ShownFrame } from './pdt-gate.ts';
import { shownFrame } from './use-in-step.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A picture whose PDT runs with the fake clock at `rate` from `startPdt`, until paused. */
function picture(startPdt: number | null) {
  let base = startPdt;
  let since = Date.now();
  let rate = 1;
  const shown = (): ShownFrame => ({
    pdt: base === null ? null : base + (Date.now() - since) * rate,
    rate,
  });
  const setRate = (next: number) => {
    if (base !== null) base += (Date.now() - since) * rate;
    since = Date.now();
    rate = next;
  };
  return { shown, setRate };
}

function gateFor(shown: () => ShownFrame) {
  const delivered: string[] = [];
  const gate = new PdtGate({
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    shown,
  });
  return { gate, delivered, hold: (at: number, what: string) => gate.hold(at, () => delivered.push(what)) };
}

describe('news in step with the picture', () => {
  it('holds news until the frame on screen reaches its moment, to the millisecond of the timer', () => {
    const { shown } = picture(10_000);
    const { hold, delivered } = gateFor(shown);
    hold(11_500, 'title');
    vi.advanceTimersByTime(1_499);
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual(['title']);
  });

  it('delivers what the picture has already shown at once, and in the stream’s order', () => {
    const { shown } = picture(10_000);
    const { hold, delivered, gate } = gateFor(shown);
    hold(9_000, 'past');
    expect(delivered).toEqual(['past']);
    hold(10_400, 'second');
    hold(10_200, 'first');
    vi.advanceTimersByTime(400);
    expect(delivered).toEqual(['past', 'first', 'second']);
    expect(gate.holding).toBe(0);
  });

  it('waits while the picture is paused, and follows a faster playback rate', () => {
    const clock = picture(10_000);
    const { hold, delivered, gate } = gateFor(clock.shown);
    clock.setRate(0);
    hold(11_000, 'title');
    vi.advanceTimersByTime(5_000);
    gate.check();
    expect(delivered).toEqual([]);
    clock.setRate(2);
    gate.check();
    vi.advanceTimersByTime(499);
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual(['title']);
  });

  it('never holds longer than MAX_HOLD_MS, and flush gives everything at once', () => {
    const clock = picture(10_000);
    const { hold, delivered, gate } = gateFor(clock.shown);
    clock.setRate(0);
    hold(20_000, 'late');
    vi.advanceTimersByTime(MAX_HOLD_MS - 1);
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual(['late']);
    hold(30_000, 'ended');
    gate.flush();
    expect(delivered).toEqual(['late', 'ended']);
  });

  it('delivers at once where the stream has no PDT: nothing to be in step with', () => {
    const { hold, delivered } = gateFor(picture(null).shown);
    hold(50_000, 'ended');
    expect(delivered).toEqual(['ended']);
  });

  it('reads the frame on screen from the last sample and the media time played since', () => {
    const state = { syncTime: 1_000_000, position: 20, state: 'Playing' as const };
    expect(shownFrame(state, { currentTime: 20.25, paused: false, playbackRate: 1 })).toEqual({
      pdt: 1_000_250,
      rate: 1,
    });
    expect(shownFrame(state, { currentTime: 20.25, paused: true, playbackRate: 1 }).rate).toBe(0);
    expect(shownFrame({ ...state, syncTime: Number.NaN }, { currentTime: 1, paused: false, playbackRate: 1 })).toEqual({
      pdt: null,
      rate: 0,
    });
  });
});
