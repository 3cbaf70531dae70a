import type { Player, PlayerStateObject } from '@onair/player';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * A reader of part of a store's state that keeps giving the same value (the same object) while
 * that part is equal, so a component that reads it renders again only when what it shows
 * changed (media-chrome's `useMediaSelector`, React's `useSyncExternalStoreWithSelector`). The
 * player's store changes every 500 ms (its live sample: statistics, latency, position): read
 * whole, it re-rendered the whole player screen each time, long tasks on a slow machine.
 */
export function selection<S, T>(getState: () => S, select: (state: S) => T, equal: (a: T, b: T) => boolean): () => T {
  let seen = false;
  let lastState: S;
  let last: T;
  return () => {
    const state = getState();
    if (seen && Object.is(state, lastState)) return last;
    const next = select(state);
    lastState = state;
    if (seen && equal(last, next)) return last;
    seen = true;
    last = next;
    return next;
  };
}

/** Equal when both have the same keys with `Object.is`-equal values (one level deep). */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a) as (keyof T)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && Object.is(a[key], b[key]));
}

const NO_SUBSCRIBE = () => () => {};
const NO_STATE = (): null => null;

/**
 * Part of the player's state, for rendering: `select` (a stable function, declared outside the
 * component) picks what the component shows; it renders again only when that changes.
 */
export function usePlayerSelector<T>(
  player: Player | null,
  select: (state: PlayerStateObject) => T,
  equal: (a: T, b: T) => boolean = shallowEqual,
): T | null {
  const getSnapshot = useMemo(
    () => (player ? selection(player.getState, select, equal) : NO_STATE),
    [player, select, equal],
  );
  return useSyncExternalStore(player ? player.subscribe : NO_SUBSCRIBE, getSnapshot);
}
