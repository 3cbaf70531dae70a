import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCastSdk } from './cast-sdk.ts';
import { FinalLoadError, SDK_LOAD_ERROR } from './script-retry.ts';

const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as number),
};

/**
 * A window whose <script> elements do what `behave` says when appended (the framework's script
 * on a real page: it loads, or fails, and calls `__onGCastApiAvailable`). Counts the scripts.
 */
function fakeWindow(behave: (win: FakeWindow, script: FakeScript) => void) {
  const win: FakeWindow = {
    appended: 0,
    document: {
      createElement: () => ({ onload: null, onerror: null, remove: vi.fn() }) as FakeScript,
      head: {
        append: (script: FakeScript) => {
          win.appended += 1;
          queueMicrotask(() => behave(win, script));
        },
      },
    },
  };
  return win;
}

interface FakeScript {
  onload: (() => void) | null;
  onerror: (() => void) | null;
  remove(): void;
}

interface FakeWindow {
  appended: number;
  document: { createElement(): FakeScript; head: { append(script: FakeScript): void } };
  __onGCastApiAvailable?: (available: boolean) => void;
  cast?: unknown;
  chrome?: unknown;
}

const load = (win: FakeWindow) => loadCastSdk('/cast/sender.js', timers, win as never);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('loading the Cast framework', () => {
  it('resolves with the framework once the script says the API is available', async () => {
    const win = fakeWindow((w, script) => {
      w.cast = { framework: { CastContext: {} } };
      w.chrome = { cast: { media: {} } };
      script.onload?.();
      w.__onGCastApiAvailable?.(true);
    });
    const framework = await load(win);
    expect(framework.framework).toEqual({ CastContext: {} });
    expect(win.appended).toBe(1);
  });

  it('tries five times when the script does not load, then says the spec’s error', async () => {
    const win = fakeWindow((_w, script) => script.onerror?.());
    const result = load(win).catch((error: Error) => error);
    await vi.runAllTimersAsync();
    expect(((await result) as Error).message).toBe(SDK_LOAD_ERROR);
    expect(win.appended).toBe(5);
  });

  it('gives up at once, and for good, where the framework says this browser cannot cast', async () => {
    const win = fakeWindow((w, script) => {
      script.onload?.();
      w.__onGCastApiAvailable?.(false);
    });
    const result = load(win).catch((error: Error) => error);
    await vi.runAllTimersAsync();
    expect(await result).toBeInstanceOf(FinalLoadError);
    expect(win.appended).toBe(1);
    // A later player on the page does not load it again.
    const again = load(win).catch((error: Error) => error);
    await vi.runAllTimersAsync();
    expect(await again).toBeInstanceOf(FinalLoadError);
    expect(win.appended).toBe(1);
  });
});
