import { describe, expect, it, vi } from 'vitest';
import { APP_LOAD_FAILED, startApp, untilEarlyFirstFrame } from './early-first-frame.ts';

const page = () => {
  const root = { textContent: '' };
  return { root, document: { getElementById: (id: string) => (id === 'root' ? root : null) } as unknown as Document };
};

describe('the app waits for the early first frame', () => {
  it('runs at once without an early engine', async () => {
    const importApp = vi.fn(() => Promise.resolve());
    await startApp({}, page().document, importApp);
    expect(importApp).toHaveBeenCalledOnce();
  });

  it('waits until the early script settles its gate, and not a moment before', async () => {
    let open = () => {};
    const holder = { firstFrame: new Promise<void>((resolve) => (open = resolve)) };
    const importApp = vi.fn(() => Promise.resolve());
    const started = startApp(holder, page().document, importApp);
    await Promise.resolve();
    await Promise.resolve();
    expect(importApp).not.toHaveBeenCalled();
    open();
    await started;
    expect(importApp).toHaveBeenCalledOnce();
  });

  it('runs even when the gate fails', async () => {
    await expect(untilEarlyFirstFrame({ firstFrame: Promise.reject(new Error('no')) })).resolves.toBeUndefined();
  });

  it('says so in words when the app cannot be loaded, without an uncaught error', async () => {
    const { root, document } = page();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(
      startApp({}, document, () => Promise.reject(new TypeError('Failed to fetch'))),
    ).resolves.toBeUndefined();
    expect(root.textContent).toBe(APP_LOAD_FAILED);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
