import type { Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { callPlayer, labEvents, openLab, playerState, startPlayer } from './support/player-lab.ts';

/**
 * DRM for real (issue 34): the stand-in's protected-room leaves its origin CENC-encrypted and
 * names the ClearKey key system, which Chromium has through EME without any CDM to install.
 * Our engine appends the encrypted media in its worker; the page's MediaKeys decrypt it.
 */
const PROTECTED = '/hls/protected-room/master.m3u8';

/** Bytes of audio the element decoded (Chromium's counter). */
const audioBytes = (page: Page) =>
  page
    .locator('video')
    .evaluate(
      (v: HTMLVideoElement) => (v as unknown as { webkitAudioDecodedByteCount: number }).webkitAudioDecodedByteCount,
    );

test.describe('a DRM-protected stream', () => {
  test.beforeEach(async ({ page }) => {
    await openLab(page);
  });

  test('plays on our engine with ClearKey: licensed, frames decoded, sound decoded', async ({ page }) => {
    await startPlayer(page, PROTECTED, { muted: true });
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1 });
    expect(await playerState(page, 'sink')).toBe('mse-worker');
    const mediaKeys = await page.locator('video').evaluate((v: HTMLVideoElement) => v.mediaKeys !== null);
    expect(mediaKeys).toBe(true);
    await expect.poll(() => audioBytes(page)).toBeGreaterThan(0);
    expect(await labEvents(page, 'error')).toEqual([]);
  });

  test('plays with the MediaSource on the page too (default-media-source)', async ({ page }) => {
    await startPlayer(page, PROTECTED, { muted: true, config: { sink: 'default-media-source' } });
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1 });
    expect(await playerState(page, 'sink')).toBe('default-media-source');
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.mediaKeys !== null)).toBe(true);
    expect(await labEvents(page, 'error')).toEqual([]);
  });

  test('is really encrypted: without keys the media is buffered and nothing decodes (no CDM)', async ({ page }) => {
    // A browser with no CDM for the key system: EME refuses it.
    await page.evaluate(() => {
      navigator.requestMediaKeySystemAccess = () => Promise.reject(new DOMException('none here', 'NotSupportedError'));
    });
    await startPlayer(page, PROTECTED, { muted: true });
    await expect
      .poll(() =>
        page
          .locator('video')
          .evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.buffered.end(0) - v.buffered.start(0) : 0)),
      )
      .toBeGreaterThan(1);
    await expect.poll(async () => (await labEvents(page, 'error')).length).toBeGreaterThan(0);
    const [error] = await labEvents(page, 'error');
    expect(error!.payload).toMatchObject({
      type: 'NotSupported',
      code: 1019,
      source: 'drm',
      drm: 'no-cdm',
      fatal: true,
    });
    expect((error!.payload as { message: string }).message).toContain('Browser supports no DRM CDM');
    expect(
      await page.locator('video').evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames),
    ).toBe(0);
  });
});

test('a clear and a protected channel in one player swap sinks with nothing of the viewer’s lost', async ({ page }) => {
  await openLab(page);
  await startPlayer(page, '/hls/studio-live/master.m3u8', { muted: true });
  await waitForPlayback(page);
  await callPlayer(page, 'setVolume', 0.3);
  await callPlayer(page, 'setPlaybackRate', 1.5);
  // Each source is a new sink (a new session of the player): its id says so.
  const sessions = [await playerState<string>(page, 'sessionId')];

  await callPlayer(page, 'load', new URL(PROTECTED, page.url()).href);
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.mediaKeys !== null)).toBe(true);
  await expectPlaybackAdvances(page, { frames: 20, seconds: 1 });
  sessions.push(await playerState<string>(page, 'sessionId'));
  // Back to the clear channel: it plays on an element that keeps its MediaKeys.
  await callPlayer(page, 'load', new URL('/hls/studio-live/master.m3u8', page.url()).href);
  await expectPlaybackAdvances(page, { frames: 20, seconds: 1 });
  sessions.push(await playerState<string>(page, 'sessionId'));
  expect(new Set(sessions).size).toBe(3);
  const video = await page.locator('video').evaluate((v: HTMLVideoElement) => ({
    volume: v.volume,
    muted: v.muted,
    rate: v.defaultPlaybackRate,
  }));
  expect(video).toEqual({ volume: 0.3, muted: true, rate: 1.5 });
  expect(await playerState(page, 'volume')).toBeCloseTo(0.3);
  expect(await labEvents(page, 'error')).toEqual([]);
});

/** Each of SPEC §8's DRM messages, from the real failure it names. */
test.describe('DRM failures', () => {
  test.beforeEach(async ({ page }) => {
    await openLab(page);
  });
  test.afterEach(async ({ admin }) => {
    await admin.delete('/admin/drm/protected-room/license-fault');
  });

  for (const [status, drm, type] of [
    [403, 'license-unauthorized', 'Authorization'],
    [404, 'license-unavailable', 'NotAvailable'],
    [500, 'license-server', 'Network'],
  ] as const) {
    test(`a license server answering ${status} is "${drm}"`, async ({ page, admin }) => {
      expect((await admin.post('/admin/drm/protected-room/license-fault', { data: { status } })).status()).toBe(204);
      await startPlayer(page, PROTECTED, { muted: true });
      await expect.poll(async () => (await labEvents(page, 'error')).length).toBeGreaterThan(0);
      const [error] = await labEvents(page, 'error');
      expect(error!.payload).toMatchObject({ type, code: status, source: 'drm', drm, fatal: true });
    });
  }

  test('after a license server failure, loading the stream again (a Retry) plays', async ({ page, admin }) => {
    expect((await admin.post('/admin/drm/protected-room/license-fault', { data: { status: 503 } })).status()).toBe(204);
    await startPlayer(page, PROTECTED, { muted: true });
    await expect.poll(async () => (await labEvents(page, 'error')).length).toBeGreaterThan(0);
    expect((await labEvents(page, 'error'))[0]!.payload).toMatchObject({ drm: 'license-server', code: 503 });
    await admin.delete('/admin/drm/protected-room/license-fault');
    await callPlayer(page, 'load', new URL(PROTECTED, page.url()).href);
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1 });
  });

  const servers = (server: Record<string, string>) => ({ drm: { servers: { 'org.w3.clearkey': server } } });
  for (const [name, config, drm, message] of [
    [
      'a license server that cannot be reached',
      servers({ licenseUrl: 'http://127.0.0.1:9/license' }),
      'license-request',
      'Error requesting the license',
    ],
    [
      'a certificate that cannot be had',
      servers({ licenseUrl: '/drm/clearkey/protected-room', certificateUrl: '/drm/no-certificate' }),
      'certificate',
      'Request for DRM certificate failed',
    ],
    [
      'an AuthXML that cannot be had',
      servers({ licenseUrl: '/drm/clearkey/protected-room', authXmlUrl: '/drm/no-authxml' }),
      'auth-xml',
      'Request for AuthXML failed',
    ],
  ] as const) {
    test(`${name} is "${drm}"`, async ({ page }) => {
      await startPlayer(page, PROTECTED, { muted: true, config });
      await expect.poll(async () => (await labEvents(page, 'error')).length).toBeGreaterThan(0);
      const [error] = await labEvents(page, 'error');
      expect(error!.payload).toMatchObject({ source: 'drm', drm, fatal: true });
      expect((error!.payload as { message: string }).message).toContain(message);
    });
  }
});

test.describe('a DRM-protected channel in the embed', () => {
  test.afterEach(async ({ admin }) => {
    await admin.delete('/admin/drm/protected-room/license-fault');
  });

  test('plays, licensed by the platform’s server', async ({ page }) => {
    await page.goto('/protected-room?muted=true');
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1 });
    expect(await page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.mediaKeys !== null)).toBe(true);
    await expect(page.getByTestId('player-error')).toHaveCount(0);
  });

  test('a refused license reaches the screen as written copy, with no Retry', async ({ page, admin }) => {
    expect((await admin.post('/admin/drm/protected-room/license-fault', { data: { status: 403 } })).status()).toBe(204);
    await page.goto('/protected-room?muted=true');
    const error = page.getByTestId('player-error');
    await expect(error).toHaveAttribute('data-drm', 'license-unauthorized', { timeout: 20_000 });
    await expect(
      error.getByText("This browser isn't allowed to play this protected stream. Try another browser or device."),
    ).toBeVisible();
    await expect(error).not.toContainText(/HTTP|403|license|DRM/i);
    await expect(error.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });
});
