import type { Player, PlayerStateObject } from '@onair/player';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { AT_LIVE, nextBehindLive, type BehindLive } from './behind-live.ts';
import { createPlayerRequester, type PlayerRequester } from './player-requester.ts';
import { PlayerState } from '@onair/player';

/** The player's requester (player-requester.ts) for as long as the player lives. */
export function usePlayerRequester(player: Player | null): PlayerRequester | null {
  const [requester, setRequester] = useState<PlayerRequester | null>(null);
  useEffect(() => {
    if (!player) return;
    const created = createPlayerRequester(player);
    // The requester subscribes to the player: an external resource React learns of here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRequester(created);
    return () => {
      created.destroy();
      setRequester(null);
    };
  }, [player]);
  return requester;
}

/**
 * Behind-live tracking (behind-live.ts) fed by the player's state, reset by a new source and
 * by every jump to the live edge, whoever asked for it.
 */
export function createBehindLiveStore(player: Player, requester: PlayerRequester) {
  let current = AT_LIVE;
  const listeners = new Set<() => void>();
  const update = (next: BehindLive) => {
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
  };
  const sample = (state: PlayerStateObject) =>
    state.loaded
      ? nextBehindLive(current, { latency: state.liveLatency, playing: state.state === PlayerState.Playing })
      : AT_LIVE;
  const unsubscribePlayer = player.subscribe(() => update(sample(player.getState())));
  const unsubscribeJumps = requester.onLiveJump(() => update(AT_LIVE));
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => current,
    destroy() {
      unsubscribePlayer();
      unsubscribeJumps();
      listeners.clear();
    },
  };
}

type BehindLiveStore = ReturnType<typeof createBehindLiveStore>;
const NO_STORE = { subscribe: () => () => {}, getSnapshot: () => AT_LIVE };

export function useBehindLive(player: Player | null, requester: PlayerRequester | null): BehindLive {
  const [store, setStore] = useState<BehindLiveStore | null>(null);
  useEffect(() => {
    if (!player || !requester) return;
    const created = createBehindLiveStore(player, requester);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setStore(created);
    return () => {
      created.destroy();
      setStore(null);
    };
  }, [player, requester]);
  const source = store ?? NO_STORE;
  return useSyncExternalStore(source.subscribe, source.getSnapshot);
}
