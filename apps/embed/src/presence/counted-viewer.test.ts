import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNT_AFTER_MS, CountedViewer, inSight, MIN_HEIGHT, MIN_WIDTH, type Sight } from './counted-viewer.ts';

const SEEN: Sight = { pageVisible: true, ratio: 1, width: 640, height: 360, playing: true };

function viewer() {
  const changes: boolean[] = [];
  const counted = new CountedViewer({
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    onChange: (value) => void changes.push(value),
  });
  return { counted, changes };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('inSight', () => {
  it.each<[string, Partial<Sight>]>([
    ['a hidden page', { pageVisible: false }],
    ['less than half in view', { ratio: 0.49 }],
    ['a 1×1 frame', { width: 1, height: 1 }],
    ['a frame just under the minimum width', { width: MIN_WIDTH - 1 }],
    ['a frame just under the minimum height', { height: MIN_HEIGHT - 1 }],
    ['a paused player', { playing: false }],
  ])('is false for %s', (_, patch) => {
    expect(inSight({ ...SEEN, ...patch })).toBe(false);
  });

  it('is true for a visible page, half in view, at the minimum size, playing', () => {
    expect(inSight({ ...SEEN, ratio: 0.5, width: MIN_WIDTH, height: MIN_HEIGHT })).toBe(true);
  });
});

describe('CountedViewer', () => {
  it(`counts after ${COUNT_AFTER_MS} ms in sight, and stops at once when out of it`, () => {
    const { counted, changes } = viewer();
    counted.update(SEEN);
    vi.advanceTimersByTime(COUNT_AFTER_MS - 1);
    expect(counted.counted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true]);
    counted.update({ ratio: 0.2 });
    expect(changes).toEqual([true, false]);
  });

  it('starts the dwell again when sight is lost before it ends', () => {
    const { counted, changes } = viewer();
    counted.update(SEEN);
    vi.advanceTimersByTime(1500);
    counted.update({ pageVisible: false });
    counted.update({ pageVisible: true });
    vi.advanceTimersByTime(1500);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(changes).toEqual([true]);
  });

  it('never counts a 1-pixel frame, however long it plays', () => {
    const { counted, changes } = viewer();
    counted.update({ ...SEEN, width: 1, height: 1 });
    vi.advanceTimersByTime(60_000);
    expect(changes).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind on destroy', () => {
    const { counted } = viewer();
    counted.update(SEEN);
    counted.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });
});
