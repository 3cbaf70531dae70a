import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionState } from './connection-state.ts';

const TIMINGS = { activityTimeoutS: 120, pongTimeoutMs: 30_000 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function make() {
  const ping = vi.fn();
  const timedOut = vi.fn();
  const state = new ConnectionState('1.2', TIMINGS, { ping, timedOut });
  return { state, ping, timedOut };
}

describe('ConnectionState activity check', () => {
  it('pings after the activity timeout of silence, then times out after the pong timeout', () => {
    const { state, ping, timedOut } = make();
    vi.advanceTimersByTime(119_999);
    expect(ping).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ping).toHaveBeenCalledOnce();
    expect(state.activity).toBe('awaiting-pong');
    vi.advanceTimersByTime(29_999);
    expect(timedOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(timedOut).toHaveBeenCalledOnce();
    expect(state.activity).toBe('timed-out');
  });

  it('counts any message as life: the silence period starts again', () => {
    const { state, ping, timedOut } = make();
    vi.advanceTimersByTime(100_000);
    state.touched();
    vi.advanceTimersByTime(100_000);
    expect(ping).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20_000);
    expect(ping).toHaveBeenCalledOnce();
    state.touched(); // the pong
    expect(state.activity).toBe('active');
    vi.advanceTimersByTime(60_000);
    expect(timedOut).not.toHaveBeenCalled();
  });

  it('fires nothing once stopped, and ignores messages after timing out', () => {
    const { state, ping, timedOut } = make();
    state.stop();
    vi.advanceTimersByTime(10 * 60_000);
    expect(ping).not.toHaveBeenCalled();
    expect(state.activity).toBe('stopped');

    const other = make();
    vi.advanceTimersByTime(150_000);
    expect(other.timedOut).toHaveBeenCalledOnce();
    other.state.touched();
    expect(other.state.activity).toBe('timed-out');
    expect(timedOut).not.toHaveBeenCalled();
  });

  it('tracks the channels joined and left', () => {
    const { state } = make();
    state.joined('a');
    state.joined('b');
    state.left('a');
    expect([...state.channels]).toEqual(['b']);
    expect(state.isIn('b')).toBe(true);
    state.stop();
  });
});
