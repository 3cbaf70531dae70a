/**
 * A tiny typed event emitter. A listener that throws must not stall the player: the error is
 * handed to `onListenerError` with the event's type (the player turns it into an error event,
 * or only logs it when the throwing listener was itself an error listener, so that one bad
 * listener cannot recurse) and the others still run.
 */
export class Emitter<Events extends object> {
  readonly #listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  constructor(private readonly onListenerError: (error: unknown, type: keyof Events) => void = () => {}) {}

  on<K extends keyof Events>(type: K, listener: (payload: Events[K]) => void): void {
    let set = this.#listeners.get(type);
    if (!set) this.#listeners.set(type, (set = new Set()));
    set.add(listener as (payload: never) => void);
  }

  off<K extends keyof Events>(type: K, listener: (payload: Events[K]) => void): void {
    this.#listeners.get(type)?.delete(listener as (payload: never) => void);
  }

  emit<K extends keyof Events>(type: K, payload: Events[K]): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) {
      try {
        (listener as (payload: Events[K]) => void)(payload);
      } catch (error) {
        this.onListenerError(error, type);
      }
    }
  }

  clear(): void {
    this.#listeners.clear();
  }
}
