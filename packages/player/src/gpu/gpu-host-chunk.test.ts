import { describe, expect, it, vi } from 'vitest';
import { GpuHost } from './gpu-host.ts';

// The module's chunk cannot be fetched (offline, or a deploy removed it).
vi.mock('./gpu-session.ts', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('GpuHost when the module chunk does not load', () => {
  it('fails the surface with SPEC §8 fetch (-1600), once, and shows the video', async () => {
    const harness = {
      env: {
        timers: { setTimeout: vi.fn(), clearTimeout: vi.fn(), setInterval: vi.fn(), clearInterval: vi.fn() },
        logger: { warn: vi.fn(), error: vi.fn() },
      },
      onState: vi.fn(),
      onAnalytics: vi.fn(),
    };
    const host = new GpuHost({ surfaceMode: 'canvas' }, [], harness);
    host.attach({} as HTMLVideoElement, {} as HTMLCanvasElement);
    host.setPlaying(true);
    await vi.dynamicImportSettled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(host.state).toMatchObject({
      status: 'failed',
      errorCode: -1600,
      support: { supported: false, reason: 'Fetch' },
    });
    expect(harness.onAnalytics.mock.calls.map(([event]) => [event.name, event.properties.gpu_error_code])).toEqual([
      ['onGpuError', -1600],
    ]);
  });
});
