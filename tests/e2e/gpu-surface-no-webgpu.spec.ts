import { storePreferences } from './support/analytics.ts';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { ANY_ADAPTER, canvas, eventsNamed, firstSent, openWith, player } from './support/gpu-surface.ts';

/**
 * The GPU surface where the browser has no WebGPU adapter (this project's Chromium without
 * --enable-unsafe-webgpu): SPEC §8 -1000, and the plain video, which never stopped.
 */
test.describe('the GPU surface without WebGPU', () => {
  test('no adapter: -1000 and the plain video', async ({ page, admin }) => {
    await admin.delete('/admin/analytics/events');
    await storePreferences(page, { functional: true, performance: true, targeting: true });
    await openWith(page, { PUBLIC_GPU_SURFACE_MODE: 'canvas', ...ANY_ADAPTER });
    await waitForPlayback(page);
    await expect(player(page)).toHaveAttribute('data-gpu-status', 'failed');
    await expect(canvas(page)).toBeHidden();
    await expectPlaybackAdvances(page, { frames: 10, seconds: 0.5 });
    await expect.poll(async () => (await eventsNamed(admin, 'onGpuError')).length).toBe(1);
    const error = await firstSent(admin, 'onGpuError');
    expect(error.properties).toMatchObject({ gpu_error_code: -1000, gpu_error_name: 'WebGPUNotAvailable' });
    const init = await firstSent(admin, 'onGpuInit');
    expect(init.properties).toMatchObject({ gpu_supported: false, gpu_unsupported_reason: 'WebGPUNotAvailable' });
  });
});
