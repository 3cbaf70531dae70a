import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classifyBreakpoint, createBreakpointStore, debounce, type ViewportSource } from './breakpoint.ts';

describe('classifyBreakpoint (SPEC §2)', () => {
  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1279, 'desktop'],
    [1280, 'desktopLarge'],
    [2560, 'desktopLarge'],
  ] as const)('%d px is %s', (width, breakpoint) => {
    expect(classifyBreakpoint(width)).toBe(breakpoint);
  });
});

class FakeViewport extends EventTarget implements ViewportSource {
  innerWidth: number;
  constructor(width: number) {
    super();
    this.innerWidth = width;
  }
  resize(width: number) {
    this.innerWidth = width;
    this.dispatchEvent(new Event('resize'));
  }
  listenerCount = 0;
  override addEventListener(type: string, listener: () => void) {
    this.listenerCount += 1;
    super.addEventListener(type, listener);
  }
  override removeEventListener(type: string, listener: () => void) {
    this.listenerCount -= 1;
    super.removeEventListener(type, listener);
  }
}

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, 150 ms after the last call of a burst', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 150);
    for (let i = 0; i < 5; i += 1) {
      debounced();
      vi.advanceTimersByTime(100);
    }
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(49);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('cancel drops the pending call', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 150);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('createBreakpointStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the width at once, then reports one change after a burst of resizes settles', () => {
    const viewport = new FakeViewport(375);
    const store = createBreakpointStore(viewport);
    const onChange = vi.fn();
    const unsubscribe = store.subscribe(onChange);
    expect(store.getSnapshot()).toBe('mobile');

    for (const width of [500, 900, 1100, 1400, 1300]) {
      viewport.resize(width);
      vi.advanceTimersByTime(50);
    }
    expect(store.getSnapshot()).toBe('mobile');
    vi.advanceTimersByTime(100);
    expect(store.getSnapshot()).toBe('desktopLarge');
    expect(onChange).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('stays quiet when a resize keeps the breakpoint', () => {
    const viewport = new FakeViewport(800);
    const store = createBreakpointStore(viewport);
    const onChange = vi.fn();
    store.subscribe(onChange);
    viewport.resize(1000);
    vi.advanceTimersByTime(200);
    expect(store.getSnapshot()).toBe('tablet');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('listens only while subscribed, and re-reads the width for a new first subscriber', () => {
    const viewport = new FakeViewport(375);
    const store = createBreakpointStore(viewport);
    const a = store.subscribe(() => {});
    const b = store.subscribe(() => {});
    expect(viewport.listenerCount).toBe(1);
    viewport.resize(1100);
    a();
    b();
    expect(viewport.listenerCount).toBe(0);
    vi.advanceTimersByTime(200);
    expect(store.getSnapshot()).toBe('mobile');

    store.subscribe(() => {});
    expect(store.getSnapshot()).toBe('desktop');
  });
});
