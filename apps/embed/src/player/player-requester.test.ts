import type { Player, PlayerStateObject } from '@onair/player';
import { describe, expect, it } from 'vitest';
import { createPlayerRequester } from './player-requester.ts';
import { RESUME_AT_LIVE_AFTER_MS } from './requests.ts';

/** A player that records its calls and lets a test change its state. */
function fakePlayer() {
  const calls: string[] = [];
  const listeners = new Set<() => void>();
  let state = {
    paused: false,
    muted: false,
    volume: 1,
    qualities: [],
    audioTracks: [],
    textTracks: [],
    loaded: true,
  } as unknown as PlayerStateObject;
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push(args.length ? `${name}(${args.map(String).join()})` : name);
      return Promise.resolve();
    };
  const player = {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    play: record('play'),
    pause: record('pause'),
    setMuted: record('setMuted'),
    setVolume: record('setVolume'),
    setQuality: record('setQuality'),
    setAutoQualityMode: record('setAutoQualityMode'),
    seekToLive: record('seekToLive'),
    setTextTrack: record('setTextTrack'),
  } as unknown as Player;
  const set = (patch: Partial<PlayerStateObject>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  return { player, calls, set, listeners };
}

describe('createPlayerRequester', () => {
  it('times the pause from when the state said paused, and resumes at live after a long one', () => {
    let now = 1000;
    const fake = fakePlayer();
    const requester = createPlayerRequester(fake.player, () => now);
    fake.set({ paused: true });
    now += RESUME_AT_LIVE_AFTER_MS;
    requester.request({ type: 'toggle-play' });
    expect(fake.calls).toEqual(['play']);
    fake.set({ paused: false });
    fake.set({ paused: true });
    now += RESUME_AT_LIVE_AFTER_MS + 1;
    let jumps = 0;
    requester.onLiveJump(() => (jumps += 1));
    requester.request({ type: 'play' });
    expect(fake.calls).toEqual(['play', 'seekToLive', 'play']);
    expect(jumps).toBe(1);
  });

  it('makes the planned calls in order and stops listening on destroy', () => {
    const fake = fakePlayer();
    const requester = createPlayerRequester(fake.player, () => 0);
    fake.set({ muted: true });
    requester.request({ type: 'set-volume', volume: 0.4 });
    expect(fake.calls).toEqual(['setVolume(0.4)', 'setMuted(false)']);
    requester.destroy();
    expect(fake.listeners.size).toBe(0);
  });

  it('tells who listens of each text track chosen, from any way in, and of nothing refused', () => {
    const fake = fakePlayer();
    fake.set({ textTracks: [{ id: 'Deutsch' }] as PlayerStateObject['textTracks'] });
    const requester = createPlayerRequester(fake.player, () => 0);
    const chosen: (string | null)[] = [];
    const off = requester.onTextTrackChosen((id) => chosen.push(id));
    requester.request({ type: 'set-text-track', id: 'Deutsch' });
    requester.request({ type: 'set-text-track', id: 'Klingon' });
    requester.request({ type: 'set-text-track', id: null });
    off();
    requester.request({ type: 'set-text-track', id: 'Deutsch' });
    expect(chosen).toEqual(['Deutsch', null]);
    expect(fake.calls).toEqual(['setTextTrack(Deutsch)', 'setTextTrack(null)', 'setTextTrack(Deutsch)']);
  });
});
