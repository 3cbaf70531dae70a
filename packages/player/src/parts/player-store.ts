import { INITIAL_VOLUME } from '../types/constants.ts';
import type { Emitter } from '../base/emitter.ts';
import type { PlayerEventMap } from '../types/events.ts';
import { initialState, type PlayerStateObject } from '../types/state.ts';

/**
 * The player's one state object (SPEC §3 "Player state"): replaced, never mutated, on every
 * change, so `getState()` is a `useSyncExternalStore` snapshot; subscribers hear every change,
 * and a change of playback state is also a 'state-changed' event.
 */
export class PlayerStore {
  #state: PlayerStateObject = { ...initialState(), volume: INITIAL_VOLUME };
  readonly #subscribers = new Set<() => void>();

  constructor(private readonly emitter: Emitter<PlayerEventMap>) {}

  get state(): PlayerStateObject {
    return this.#state;
  }

  set(patch: Partial<PlayerStateObject>): void {
    const keys = Object.keys(patch) as (keyof PlayerStateObject)[];
    if (keys.every((k) => Object.is(patch[k], this.#state[k]))) return;
    const previous = this.#state.state;
    this.#state = { ...this.#state, ...patch };
    for (const subscriber of [...this.#subscribers]) subscriber();
    if (this.#state.state !== previous) this.emitter.emit('state-changed', { state: this.#state.state });
  }

  /** Mute and volume reach the state (and their events) once, whoever changed them. */
  setMuted(muted: boolean): void {
    if (muted === this.#state.muted) return;
    this.set({ muted });
    this.emitter.emit('muted-changed', { muted });
  }

  setVolume(volume: number): void {
    if (volume === this.#state.volume) return;
    this.set({ volume });
    this.emitter.emit('volume-changed', { volume });
  }

  subscribe(listener: () => void): () => void {
    this.#subscribers.add(listener);
    return () => this.#subscribers.delete(listener);
  }

  destroy(): void {
    this.#subscribers.clear();
  }
}
