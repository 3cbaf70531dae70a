import { describe, expect, it, vi } from 'vitest';
import { deferredStore, type ExternalStore } from './deferred-store.ts';

function memoryStore(initial: string): ExternalStore<string> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('deferredStore', () => {
  it('holds the defaults, then a choice made before the store loads, and tells its readers', () => {
    const deferred = deferredStore('off');
    const heard = vi.fn();
    deferred.subscribe(heard);
    expect(deferred.get()).toBe('off');
    deferred.set('on');
    expect(deferred.get()).toBe('on');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('carries the early choice into the store when it loads', () => {
    const deferred = deferredStore('off');
    deferred.set('on');
    const real = memoryStore('saved');
    deferred.attach(real);
    expect(real.get()).toBe('on');
    expect(deferred.get()).toBe('on');
  });

  it('reads the loaded store where no choice came first', () => {
    const deferred = deferredStore('off');
    const heard = vi.fn();
    deferred.subscribe(heard);
    deferred.attach(memoryStore('saved'));
    expect(deferred.get()).toBe('saved');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('sends a choice made right after the load to the store, and passes on its changes', () => {
    const deferred = deferredStore('off');
    const real = memoryStore('off');
    deferred.attach(real);
    // The moment the hook's old shape lost: loaded, not yet rendered again.
    deferred.set('on');
    expect(real.get()).toBe('on');
    const heard = vi.fn();
    deferred.subscribe(heard);
    real.set('other tab');
    expect(deferred.get()).toBe('other tab');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('stops listening to the store once destroyed', () => {
    const deferred = deferredStore('off');
    const real = memoryStore('off');
    deferred.attach(real);
    const heard = vi.fn();
    deferred.subscribe(heard);
    deferred.destroy();
    real.set('on');
    expect(heard).not.toHaveBeenCalled();
  });
});
