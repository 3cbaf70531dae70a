/** A value with subscribers, as useSyncExternalStore reads one. */
export interface ExternalStore<T> {
  /** The same object until it changes. */
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export interface DeferredStore<T> extends ExternalStore<T> {
  /** The store has loaded: a choice made before goes into it, and from now on it holds the value. */
  attach(store: ExternalStore<T>): void;
  /** Stops listening to the attached store (a page-wide store outlives its readers). */
  destroy(): void;
}

/**
 * A store that stands in for one loaded later (the caption preferences load after the first
 * frame): until then it holds `defaults`, or the viewer's choice made meanwhile, which goes into
 * the real store when it arrives. One object holds both sides, so there is no moment in which a
 * choice goes to neither: a `set` made after `attach` reaches the real store even before React
 * renders again (seen: `c` pressed between the store's load and the next render was lost).
 */
export function deferredStore<T>(defaults: T): DeferredStore<T> {
  let target: ExternalStore<T> | null = null;
  let early: { value: T } | null = null;
  let unsubscribe = (): void => undefined;
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of listeners) listener();
  };
  return {
    get: () => (target ? target.get() : (early?.value ?? defaults)),
    set(next) {
      if (target) return target.set(next);
      early = { value: next };
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach(store) {
      unsubscribe();
      if (early) store.set(early.value);
      early = null;
      target = store;
      unsubscribe = store.subscribe(notify);
      notify();
    },
    destroy() {
      unsubscribe();
      unsubscribe = () => undefined;
    },
  };
}
