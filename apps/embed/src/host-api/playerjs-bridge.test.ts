import type { Player, PlayerStateObject } from '@onair/player';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayerRequester } from '../player/player-requester.ts';
import { parsePlayerJs, PlayerJsBridge, TIMEUPDATE_INTERVAL_MS } from './playerjs-bridge.ts';

/** A player whose state the test sets; play/pause/sound apply at once, as on the real one. */
function fakePlayer() {
  const listeners = new Set<() => void>();
  let state = {
    state: 'Playing',
    paused: false,
    muted: true,
    volume: 1,
    qualities: [],
    audioTracks: [],
    textTracks: [],
    position: 12.3456,
    duration: Number.POSITIVE_INFINITY,
    seekable: { start: 2, end: 14 },
    error: null,
  } as unknown as PlayerStateObject;
  const set = (patch: Partial<PlayerStateObject>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const player = {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on() {},
    off() {},
    play: () => Promise.resolve(set({ paused: false })),
    pause: () => set({ paused: true }),
    setMuted: (muted: boolean) => set({ muted }),
    setVolume: (volume: number) => set({ volume }),
  } as unknown as Player;
  return { player, set };
}

function setUp({ ready = true }: { ready?: boolean } = {}) {
  const posted: Record<string, unknown>[] = [];
  const bridge = new PlayerJsBridge(
    {
      post: (text) => void posted.push(JSON.parse(text) as Record<string, unknown>),
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
    'https://player.example/studio-live?muted=true',
  );
  if (ready) bridge.sayReady();
  const fake = fakePlayer();
  const detach = bridge.attach(
    fake.player,
    createPlayerRequester(fake.player, () => Date.now()),
  );
  const send = (fields: Record<string, unknown>) =>
    bridge.receive(JSON.stringify({ context: 'player.js', version: '0.0.11', ...fields }));
  return { bridge, fake, posted, send, detach };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('parsePlayerJs', () => {
  it.each([
    ['our own protocol', { onair: 2, type: 'command', id: 'c', command: 'play' }],
    ['text that is not JSON', 'play'],
    ['another context', JSON.stringify({ context: 'other', method: 'play' })],
    ['an unknown method', JSON.stringify({ context: 'player.js', method: 'setCurrentTime', value: 3 })],
  ])('ignores %s', (_, data) => {
    expect(parsePlayerJs(data)).toBeNull();
  });
});

describe('PlayerJsBridge', () => {
  it('says ready with the frame’s src, its events and methods, whoever listens', () => {
    const { posted } = setUp();
    expect(posted[0]).toMatchObject({
      context: 'player.js',
      version: '0.0.11',
      event: 'ready',
      value: { src: 'https://player.example/studio-live?muted=true', events: expect.arrayContaining(['timeupdate']) },
    });
    expect((posted[0]!.value as { methods: string[] }).methods).toContain('getVolume');
  });

  it('answers getters as events named after the method, echoing the listener', () => {
    const { send, posted } = setUp();
    send({ method: 'getPaused', listener: 'a' });
    send({ method: 'getMuted', listener: 'b' });
    send({ method: 'getVolume', listener: 'c' });
    send({ method: 'getCurrentTime', listener: 'd' });
    send({ method: 'getDuration', listener: 'e' });
    expect(posted.slice(1).map(({ event, listener, value }) => [event, listener, value])).toEqual([
      ['getPaused', 'a', false],
      ['getMuted', 'b', true],
      ['getVolume', 'c', 100],
      ['getCurrentTime', 'd', 12.346],
      // Live: the edge on the same timeline.
      ['getDuration', 'e', 14],
    ]);
  });

  it('runs commands with the viewer’s rules (setVolume 0–100 unmutes) and tells its listeners only', () => {
    const { send, posted, fake } = setUp();
    send({ method: 'addEventListener', value: 'pause', listener: 'p1' });
    send({ method: 'pause' });
    expect(fake.player.getState().paused).toBe(true);
    send({ method: 'setVolume', value: 40 });
    expect(fake.player.getState()).toMatchObject({ volume: 0.4, muted: false });
    send({ method: 'mute' });
    expect(fake.player.getState().muted).toBe(true);
    send({ method: 'setVolume', value: 400 });
    expect(fake.player.getState().volume).toBe(0.4);
    expect(posted.slice(1)).toEqual([{ context: 'player.js', version: '0.0.11', event: 'pause', listener: 'p1' }]);
  });

  it('sends timeupdate four times a second while playing, to each listener, until removed or detached', () => {
    const { send, posted, fake, detach } = setUp();
    send({ method: 'addEventListener', value: 'timeupdate', listener: 't1' });
    vi.advanceTimersByTime(2 * TIMEUPDATE_INTERVAL_MS);
    expect(posted.slice(1)).toEqual([
      {
        context: 'player.js',
        version: '0.0.11',
        event: 'timeupdate',
        listener: 't1',
        value: { seconds: 12.346, duration: 14 },
      },
      {
        context: 'player.js',
        version: '0.0.11',
        event: 'timeupdate',
        listener: 't1',
        value: { seconds: 12.346, duration: 14 },
      },
    ]);
    fake.set({ paused: true, state: 'Ready' as PlayerStateObject['state'] });
    vi.advanceTimersByTime(4 * TIMEUPDATE_INTERVAL_MS);
    expect(posted).toHaveLength(3);
    send({ method: 'removeEventListener', value: 'timeupdate', listener: 't1' });
    fake.set({ paused: false, state: 'Playing' as PlayerStateObject['state'] });
    vi.advanceTimersByTime(4 * TIMEUPDATE_INTERVAL_MS);
    expect(posted).toHaveLength(3);
    detach();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('emits a stream gone (NotAvailable) only once the screen shows it; other errors at once', () => {
    const { bridge, send, posted, fake } = setUp();
    send({ method: 'addEventListener', value: 'error', listener: 'e1' });
    const gone = { type: 'NotAvailable', code: 404, source: 'x', message: 'gone' } as never;
    fake.set({ error: gone });
    expect(posted).toHaveLength(1);
    bridge.errorShown(gone);
    expect(posted.slice(1)).toMatchObject([{ event: 'error', listener: 'e1', value: { code: -1 } }]);
    fake.set({ error: { type: 'Network', code: 1, source: 'x', message: 'down' } as never });
    expect(posted).toHaveLength(3);
  });

  it('says nothing before ready, not even to a page that asks for it, then ready once', () => {
    const { bridge, send, posted } = setUp({ ready: false });
    send({ method: 'addEventListener', value: 'ready', listener: 'early' });
    expect(posted).toEqual([]);
    bridge.sayReady();
    bridge.sayReady();
    expect(posted).toEqual([expect.objectContaining({ event: 'ready' })]);
  });

  it('says ready again to a page that listens for it after the first went by', () => {
    const { send, posted } = setUp();
    send({ method: 'addEventListener', value: 'ready', listener: 'late' });
    expect(posted.at(-1)).toMatchObject({
      event: 'ready',
      listener: 'late',
      value: { src: 'https://player.example/studio-live?muted=true' },
    });
  });
});
