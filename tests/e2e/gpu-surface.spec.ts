/// <reference types="@webgpu/types" />
import type { Locator, Page } from '@playwright/test';
import { storePreferences } from './support/analytics.ts';
import { ALLOW_SOUND_AUTOPLAY, WEBGPU_SWIFTSHADER_ARGS } from './support/chromium.ts';
import { freezeClock } from './support/clock.ts';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { ANY_ADAPTER, canvas, eventsNamed, firstSent, openWith, player, SWIFTSHADER } from './support/gpu-surface.ts';

/**
 * The GPU surface (SPEC §1, §4, §5, §8) in the embed, on a real WebGPU adapter: Chromium's
 * SwiftShader (vendor google, architecture swiftshader), on the CPU. It draws a few frames a
 * second where the video presents 30, so the journeys about the picture turn the monitor off
 * through the GPU experiment's module part; the monitor's own journey leaves it on and sees it
 * act. The viewport is small (the canvas is sized to the screen's pixels) to keep SwiftShader's
 * share of a 2-core machine small.
 */
/** A stats-panel figure (the panel refreshes every second while open). */
async function statValue(page: Page, label: string): Promise<string> {
  return (await page.locator(`[data-stat="${label}"]`).textContent()) ?? '';
}

/** Frames the canvas drew, from the stats panel's "drawn / presented". */
async function framesDrawn(page: Page): Promise<number> {
  const value = await statValue(page, 'GPU frames drawn / presented');
  return Number(value.split('/')[0]!.replace(/,/g, '').trim() || 'NaN');
}

async function openStats(page: Page): Promise<void> {
  await player(page).focus();
  await page.keyboard.press('i');
  await expect(page.getByTestId('stats-panel')).toBeVisible();
}

/**
 * How far a picture on screen is from the <video>'s current frame: the mean difference per
 * channel (0 … 255) of both shrunk to 48 × 27, over the middle band of the picture (the
 * overlay and the controls cover its top and bottom while paused). The screen side is a real
 * screenshot of the element's box (what the compositor shows, canvas or video); the video side
 * is its frame drawn on a 2D canvas.
 */
async function differenceFromVideo(page: Page, shown: Locator): Promise<number> {
  const box = await shown.evaluate((element: HTMLElement) => {
    const video = document.querySelector('video')!;
    const rect = element.getBoundingClientRect();
    const scale = Math.min(rect.width / video.videoWidth, rect.height / video.videoHeight);
    const width = video.videoWidth * scale;
    const height = video.videoHeight * scale;
    return { x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width, height };
  });
  const band = { x: box.x, y: box.y + box.height * 0.3, width: box.width, height: box.height * 0.4 };
  const png = (await page.screenshot({ clip: band })).toString('base64');
  return page.evaluate(async (screenshot) => {
    const W = 48;
    const H = 27;
    const pixels = (source: CanvasImageSource, sx: number, sy: number, sw: number, sh: number) => {
      const context = Object.assign(document.createElement('canvas'), { width: W, height: H }).getContext('2d')!;
      context.drawImage(source, sx, sy, sw, sh, 0, 0, W, H);
      return context.getImageData(0, 0, W, H).data;
    };
    const video = document.querySelector('video')!;
    const { videoWidth: vw, videoHeight: vh } = video;
    const fromVideo = pixels(video, 0, vh * 0.3, vw, vh * 0.4);
    // Decoded here, not fetched from a data: URL, which the embed's CSP refuses.
    const bytes = Uint8Array.from(atob(screenshot), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const fromScreen = pixels(image, 0, 0, image.width, image.height);
    let sum = 0;
    let count = 0;
    for (let i = 0; i < fromVideo.length; i += 4) {
      for (let c = 0; c < 3; c++) sum += Math.abs(fromVideo[i + c]! - fromScreen[i + c]!);
      count += 3;
    }
    return sum / count;
  }, png);
}

/** Pauses, then waits until the shown picture is the paused video's frame (the GPU path draws what it had captured). */
async function expectSamePictureWhenPaused(page: Page, shown: Locator): Promise<void> {
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  // Measured on SwiftShader: 2–5 for the same frame (upscale, sharpen, two scalings), 9–27 for a
  // frame or two apart, above 100 with red and blue swapped in the present pass.
  await expect
    .poll(() => differenceFromVideo(page, shown), { message: 'the picture differs from the video' })
    .toBeLessThan(8);
}

test.use({
  viewport: { width: 640, height: 360 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...WEBGPU_SWIFTSHADER_ARGS, ALLOW_SOUND_AUTOPLAY],
  },
});

test.describe('the GPU surface on a WebGPU adapter', () => {
  test.beforeEach(async ({ page, admin }) => {
    await admin.delete('/admin/analytics/events');
    await storePreferences(page, { functional: true, performance: true, targeting: true });
  });

  test('canvas: the GPU draws the video over it, counts its frames, and analytics carry the adapter', async ({
    page,
    admin,
  }) => {
    await openWith(page, { PUBLIC_GPU_SURFACE_MODE: 'canvas', ...ANY_ADAPTER });
    await waitForPlayback(page);
    await expect(player(page)).toHaveAttribute('data-gpu-status', 'presenting');
    await expect(canvas(page)).toBeVisible();

    await openStats(page);
    await expect.poll(() => statValue(page, 'GPU surface')).toBe('canvas, presenting');
    expect(await statValue(page, 'GPU adapter')).toBe('google / swiftshader');
    const drawn = await framesDrawn(page);
    await expect.poll(() => framesDrawn(page), { message: 'the canvas draws new frames' }).toBeGreaterThan(drawn + 3);
    await page.keyboard.press('i');

    await expectSamePictureWhenPaused(page, canvas(page));

    const init = await firstSent(admin, 'onGpuInit');
    expect(init.properties).toMatchObject({
      gpu_supported: true,
      gpu_unsupported_reason: null,
      gpu_vendor: SWIFTSHADER.vendor,
      gpu_architecture: SWIFTSHADER.architecture,
      surface_mode: 'canvas',
      app_platform: 'web',
    });
    const play = await firstSent(admin, 'video-play');
    expect(play.properties).toMatchObject({ gpu_supported: true, gpu_vendor: 'google', app_platform: 'web' });
  });

  test('debug_both: the video and the canvas side by side, showing the same picture', async ({ page }) => {
    await openWith(page, { PUBLIC_GPU_SURFACE_MODE: 'debug_both', ...ANY_ADAPTER });
    await waitForPlayback(page);
    await expect(player(page)).toHaveAttribute('data-gpu-status', 'presenting');
    const video = page.locator('video');
    const [videoBox, canvasBox] = [await video.boundingBox(), await canvas(page).boundingBox()];
    expect(videoBox!.width).toBeCloseTo(320, 0);
    expect(canvasBox).toMatchObject({ x: 320, width: 320 });

    await expectSamePictureWhenPaused(page, canvas(page));
    expect(await differenceFromVideo(page, video)).toBeLessThan(8);
  });

  test('the default allow-list (nvidia; ampere, lovelace) keeps SwiftShader off: plain video, the reason reported', async ({
    page,
    admin,
  }) => {
    await openWith(page, { PUBLIC_GPU_SURFACE_MODE: 'canvas' });
    await waitForPlayback(page);
    await expect(player(page)).toHaveAttribute('data-gpu-status', 'unsupported');
    await expect(canvas(page)).toBeHidden();
    await expectPlaybackAdvances(page, { frames: 10, seconds: 0.5 });

    await expect.poll(async () => (await eventsNamed(admin, 'video-play')).length).toBe(1);
    const play = await firstSent(admin, 'video-play');
    expect(play.properties).toMatchObject({
      gpu_supported: false,
      gpu_unsupported_reason: 'vendor-not-allowed',
      gpu_vendor: 'google',
      gpu_architecture: 'swiftshader',
    });
    expect(await eventsNamed(admin, 'onGpuError')).toEqual([]);
  });

  test('a shader that does not compile: -1100, and the video again with frames advancing', async ({ page, admin }) => {
    // The upscale's WGSL broken on its way into the real compiler.
    await page.addInitScript(() => {
      const create = GPUDevice.prototype.createShaderModule;
      GPUDevice.prototype.createShaderModule = function (descriptor) {
        const code = descriptor.code.includes('@compute') ? `${descriptor.code}\nfn broken( {` : descriptor.code;
        return create.call(this, { ...descriptor, code });
      };
    });
    await openWith(page, { PUBLIC_GPU_SURFACE_MODE: 'canvas', ...ANY_ADAPTER });
    await waitForPlayback(page);
    await expect(player(page)).toHaveAttribute('data-gpu-status', 'failed');
    await expect(canvas(page)).toBeHidden();
    await expectPlaybackAdvances(page, { frames: 10, seconds: 0.5 });
    await expect
      .poll(async () => (await eventsNamed(admin, 'onGpuError')).map((e) => e.properties.gpu_error_code))
      .toEqual([-1100]);
  });

  test('a lost device (device.destroy()): -1300, and the video again with frames advancing', async ({
    page,
    admin,
  }) => {
    await page.addInitScript(() => {
      const request = GPUAdapter.prototype.requestDevice;
      GPUAdapter.prototype.requestDevice = async function (descriptor) {
        const device = await request.call(this, descriptor);
        (window as unknown as { e2eDevice: GPUDevice }).e2eDevice = device;
        return device;
      };
    });
    await openWith(page, { PUBLIC_GPU_SURFACE_MODE: 'canvas', ...ANY_ADAPTER });
    await waitForPlayback(page);
    await expect(player(page)).toHaveAttribute('data-gpu-status', 'presenting');
    await page.evaluate(() => (window as unknown as { e2eDevice: GPUDevice }).e2eDevice.destroy());
    await expect(player(page)).toHaveAttribute('data-gpu-status', 'failed');
    await expect(canvas(page)).toBeHidden();
    await expectPlaybackAdvances(page, { frames: 10, seconds: 0.5 });
    const error = await firstSent(admin, 'onGpuError');
    expect(error.properties).toMatchObject({ gpu_error_code: -1300, gpu_error_name: 'DeviceLost' });
  });

  test('the monitor: SwiftShader cannot keep pace with the video, so after one interval the path stops', async ({
    page,
    admin,
  }) => {
    await page.clock.install();
    await openWith(page, {
      PUBLIC_GPU_SURFACE_MODE: 'canvas',
      PUBLIC_GPU_ALLOWED_VENDORS: '*',
      PUBLIC_GPU_ALLOWED_ARCHITECTURES: '*',
    });
    await waitForPlayback(page);
    await expect(player(page)).toHaveAttribute('data-gpu-status', 'presenting');
    await freezeClock(page);
    // SPEC §9: the monitor looks every 5000 ms.
    await page.clock.runFor(5000);
    await expect(player(page)).toHaveAttribute('data-gpu-status', 'failed');
    await expect(canvas(page)).toBeHidden();
    const error = await firstSent(admin, 'onGpuError');
    // Which rate falls short first depends on how the machine's time splits between decoding
    // and SwiftShader; each is one of the monitor's codes (SPEC §8).
    expect([-2001, -2002, -2010, -2011]).toContain(error.properties.gpu_error_code);
  });
});
