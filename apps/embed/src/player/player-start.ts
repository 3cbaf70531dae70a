/** What the page starts its player with (SPEC §4 "Player (page level)"). */
export interface PlayerStart {
  url: string;
  muted: boolean;
  autoplay: boolean;
}

/** How long a player started ahead of its screen waits to be taken before it is deleted. */
export const ADOPT_WINDOW_MS = 10_000;

export interface StartHolderDeps<T> {
  create(start: PlayerStart): T;
  destroy(value: T): void;
  /** Runs `fn` after `ms` unless the returned cancel is called first. */
  later(fn: () => void, ms: number): () => void;
}

export interface StartHolder<T> {
  /** Starts a player for `start` ahead of its screen, unless one for it is held or in use. */
  startEarly(start: PlayerStart): void;
  /** The held player for `start` (started early, or just released), or a new one. */
  acquire(start: PlayerStart): T;
  /**
   * Gives a player back. It is deleted on the next turn unless acquired again first: React's
   * StrictMode runs an effect's cleanup and the effect again at once, which must keep the
   * same player instead of starting a second one.
   */
  release(start: PlayerStart, value: T): void;
  /** Deletes every held player now (a navigation elsewhere began before a screen took it). */
  discardHeld(): void;
}

const keyOf = ({ url, muted, autoplay }: PlayerStart) => JSON.stringify([url, muted, autoplay]);

/**
 * The page starts its player once, as soon as the playback URL is known (from the route
 * loader), not after React has rendered and painted the screen; the screen then adopts that
 * player. This holds the players between start and adoption, and after a release, so that
 * each is started once and deleted once. Pure: creation, deletion and timers are passed in.
 */
export function createStartHolder<T>(deps: StartHolderDeps<T>): StartHolder<T> {
  const held = new Map<string, { value: T; cancel: () => void }>();
  const inUse = new Map<T, string>();

  function hold(key: string, value: T, ms: number): void {
    const previous = take(key);
    if (previous !== null) deps.destroy(previous);
    const cancel = deps.later(() => {
      if (held.get(key)?.value !== value) return;
      held.delete(key);
      deps.destroy(value);
    }, ms);
    held.set(key, { value, cancel });
  }

  function take(key: string): T | null {
    const entry = held.get(key);
    if (!entry) return null;
    held.delete(key);
    entry.cancel();
    return entry.value;
  }

  return {
    startEarly(start) {
      const key = keyOf(start);
      if (held.has(key) || [...inUse.values()].includes(key)) return;
      hold(key, deps.create(start), ADOPT_WINDOW_MS);
    },
    acquire(start) {
      const key = keyOf(start);
      const value = take(key) ?? deps.create(start);
      inUse.set(value, key);
      return value;
    },
    release(start, value) {
      if (!inUse.delete(value)) return;
      hold(keyOf(start), value, 0);
    },
    discardHeld() {
      for (const key of [...held.keys()]) {
        const value = take(key);
        if (value !== null) deps.destroy(value);
      }
    },
  };
}
