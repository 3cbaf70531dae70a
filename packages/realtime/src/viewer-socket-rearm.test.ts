import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewerSocket, ViewerSocketState } from './viewer-socket.ts';
import { VIEWER_SOCKET_REARM_MS, hasGivenUp, rearmViewerSocket, type RearmEnvironment } from './viewer-socket-rearm.ts';

const GAVE_UP: ViewerSocketState = { status: 'closed', reason: 'connection-lost', willReconnect: false };

/** The state machine's surface: `connect` starts a new round (fetching a token). */
function fakeSocket(initial: ViewerSocketState) {
  let state = initial;
  const listeners = new Set<(state: ViewerSocketState) => void>();
  const move = (next: ViewerSocketState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  const socket = {
    getState: () => state,
    subscribe: (listener: (state: ViewerSocketState) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect: vi.fn(() => {
      if (hasGivenUp(state)) move({ status: 'fetching-token', attempt: 0 });
    }),
  } as unknown as ViewerSocket & { connect: ReturnType<typeof vi.fn> };
  return { socket, move };
}

function environment() {
  const online = new Set<() => void>();
  const visible = new Set<() => void>();
  const env: RearmEnvironment = {
    timers: {
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (h) => clearInterval(h as number),
    },
    onOnline: (listener) => (online.add(listener), () => online.delete(listener)),
    onVisible: (listener) => (visible.add(listener), () => visible.delete(listener)),
  };
  return { env, online: () => online.forEach((l) => l()), visible: () => visible.forEach((l) => l()) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('rearmViewerSocket', () => {
  it('connects again on the slow timer once given up, and stops the timer when it is back', () => {
    const { socket, move } = fakeSocket({ status: 'open' });
    const { env } = environment();
    rearmViewerSocket(socket, env);
    move(GAVE_UP);
    vi.advanceTimersByTime(VIEWER_SOCKET_REARM_MS - 1);
    expect(socket.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(socket.connect).toHaveBeenCalledOnce();
    move({ status: 'open' });
    vi.advanceTimersByTime(10 * VIEWER_SOCKET_REARM_MS);
    expect(socket.connect).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('connects again when the browser is back online or the page becomes visible', () => {
    const { socket, move } = fakeSocket(GAVE_UP);
    const { env, online, visible } = environment();
    rearmViewerSocket(socket, env);
    online();
    expect(socket.connect).toHaveBeenCalledTimes(1);
    move(GAVE_UP);
    visible();
    expect(socket.connect).toHaveBeenCalledTimes(2);
  });

  it('leaves a socket alone that is retrying, idle or closed by the page', () => {
    for (const state of [
      { status: 'closed', reason: 'connection-lost', willReconnect: true },
      { status: 'closed', reason: 'idle', willReconnect: false },
      { status: 'closed', reason: 'client', willReconnect: false },
      { status: 'open' },
    ] as ViewerSocketState[]) {
      const { socket } = fakeSocket(state);
      const { env, online, visible } = environment();
      const stop = rearmViewerSocket(socket, env);
      online();
      visible();
      vi.advanceTimersByTime(2 * VIEWER_SOCKET_REARM_MS);
      expect(socket.connect, JSON.stringify(state)).not.toHaveBeenCalled();
      stop();
    }
  });

  it('stops listening and its timer when stopped', () => {
    const { socket } = fakeSocket(GAVE_UP);
    const { env, online } = environment();
    const stop = rearmViewerSocket(socket, env);
    expect(vi.getTimerCount()).toBe(1);
    stop();
    online();
    expect(vi.getTimerCount()).toBe(0);
    expect(socket.connect).not.toHaveBeenCalled();
  });
});
