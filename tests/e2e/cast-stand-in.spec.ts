import type { Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';

/**
 * The platform's stand-in for a Chromecast (no real one exists here): its sender framework,
 * driven the way a sender page drives Google's (CastContext, CastSession, RemotePlayer and its
 * controller), and its receiver page (a tab playing the part of the TV, with our engine),
 * paired through the platform's relay. Each fault a journey can switch is seen as a real
 * sender would see it.
 */
const STREAM = '/hls/studio-live/master.m3u8';

test.beforeEach(async ({ admin }) => {
  await admin.delete('/admin/cast/faults');
});
test.afterEach(async ({ admin }) => {
  await admin.delete('/admin/cast/faults');
});

async function openReceiver(page: Page): Promise<void> {
  await page.goto('/cast/receiver?name=Living%20Room%20TV');
  await expect(page.getByTestId('receiver-status')).toHaveText('Living Room TV: ready to cast');
}

/**
 * A bare page on the platform's origin with the stand-in framework loaded and its API up. The
 * document is the platform's own (a JSON answer, then replaced): a page Playwright fulfilled
 * itself has no address, and Chromium's local-network checks refuse its websocket to 127.0.0.1.
 */
async function openSender(page: Page): Promise<void> {
  await page.goto('/api/v2/channels/studio-live/info');
  await page.setContent('<!doctype html><title>sender</title>');
  await page.evaluate(() => {
    const w = window as unknown as { castReady: Promise<boolean>; __onGCastApiAvailable: (ok: boolean) => void };
    w.castReady = new Promise((resolve) => (w.__onGCastApiAvailable = resolve));
  });
  await page.addScriptTag({ url: '/cast/sender.js' });
  expect(await page.evaluate(() => (window as unknown as { castReady: Promise<boolean> }).castReady)).toBe(true);
}

/** The sender's CastContext's cast state (NO_DEVICES_AVAILABLE, NOT_CONNECTED, CONNECTED, …). */
function castState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const w = window as unknown as {
      cast: { framework: { CastContext: { getInstance(): { getCastState(): string } } } };
    };
    return w.cast.framework.CastContext.getInstance().getCastState();
  });
}

/** In the sender: requests a session and loads the stream; resolves with what failed, or 'ok'. */
function castStream(page: Page, url: string): Promise<string> {
  return page.evaluate(async (url) => {
    // The framework's own API, as a sender page uses it.
    /* eslint-disable @typescript-eslint/no-explicit-any */
    const w = window as any;
    const context = w.cast.framework.CastContext.getInstance();
    const player = new w.cast.framework.RemotePlayer();
    w.remotePlayer = player;
    w.remoteController = new w.cast.framework.RemotePlayerController(player);
    try {
      await context.requestSession();
      const media = new w.chrome.cast.media.MediaInfo(new URL(url, location.href).href, 'application/x-mpegurl');
      await context.getCurrentSession().loadMedia(new w.chrome.cast.media.LoadRequest(media));
      return 'ok';
    } catch (code) {
      return String(code);
    }
  }, url);
}

function remotePlayerState(page: Page): Promise<string | null> {
  return page.evaluate(
    () => (window as unknown as { remotePlayer: { playerState: string | null } }).remotePlayer.playerState,
  );
}

test.describe('the stand-in cast network', () => {
  test('a sender casts the stream: the receiver plays it, the controls reach it, stop ends it', async ({
    page,
    context,
  }) => {
    const tv = await context.newPage();
    await openReceiver(tv);
    await openSender(page);
    await expect.poll(() => castState(page)).toBe('NOT_CONNECTED');

    expect(await castStream(page, STREAM)).toBe('ok');
    expect(await castState(page)).toBe('CONNECTED');
    await waitForPlayback(tv);
    await expectPlaybackAdvances(tv, { frames: 10, seconds: 0.5 });
    await expect.poll(() => remotePlayerState(page)).toBe('PLAYING');

    await page.evaluate(() =>
      (window as unknown as { remoteController: { playOrPause(): void } }).remoteController.playOrPause(),
    );
    await expect(tv.getByTestId('receiver-status')).toHaveText('Living Room TV: PAUSED');
    await expect.poll(() => remotePlayerState(page)).toBe('PAUSED');

    await page.evaluate(() => {
      const w = window as unknown as {
        cast: { framework: { CastContext: { getInstance(): { endCurrentSession(stop: boolean): void } } } };
      };
      w.cast.framework.CastContext.getInstance().endCurrentSession(true);
    });
    await expect(tv.getByTestId('receiver-status')).toHaveText('Living Room TV: ready to cast');
    await expect.poll(() => castState(page)).toBe('NOT_CONNECTED');
  });

  test('no receiver on the network: no devices, and a request is receiver_unavailable', async ({
    page,
    context,
    admin,
  }) => {
    const tv = await context.newPage();
    await openReceiver(tv);
    await openSender(page);
    await expect.poll(() => castState(page)).toBe('NOT_CONNECTED');
    await admin.put('/admin/cast/faults', { data: { noReceiver: true } });
    await expect.poll(() => castState(page)).toBe('NO_DEVICES_AVAILABLE');
    expect(await castStream(page, STREAM)).toBe('receiver_unavailable');
  });

  test('the receiver refuses the session: session_error, and nothing is left half open', async ({
    page,
    context,
    admin,
  }) => {
    const tv = await context.newPage();
    await openReceiver(tv);
    await admin.put('/admin/cast/faults', { data: { refuseSession: true } });
    await openSender(page);
    await expect.poll(() => castState(page)).toBe('NOT_CONNECTED');
    expect(await castStream(page, STREAM)).toBe('session_error');
    // The receiver plays nothing (the relay's unit test shows it hears nothing at all), and the
    // refusal leaves nothing half open: without the fault, the next request casts.
    await expect(tv.getByTestId('receiver-status')).toHaveText('Living Room TV: ready to cast');
    expect(await tv.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe('');
    await admin.delete('/admin/cast/faults');
    expect(await castStream(page, STREAM)).toBe('ok');
    await waitForPlayback(tv);
  });

  test('the receiver cannot load the media: load_media_failed', async ({ page, context, admin }) => {
    const tv = await context.newPage();
    await openReceiver(tv);
    await admin.put('/admin/cast/faults', { data: { failLoad: true } });
    await openSender(page);
    await expect.poll(() => castState(page)).toBe('NOT_CONNECTED');
    expect(await castStream(page, STREAM)).toBe('load_media_failed');
  });

  test('the receiver drops mid-stream: the sender sees its session end', async ({ page, context, admin }) => {
    const tv = await context.newPage();
    await openReceiver(tv);
    await admin.put('/admin/cast/faults', { data: { dropAfterLoadMs: 0 } });
    await openSender(page);
    await expect.poll(() => castState(page)).toBe('NOT_CONNECTED');
    expect(await castStream(page, STREAM)).toBe('ok');
    await expect.poll(() => castState(page)).toBe('NO_DEVICES_AVAILABLE');
    expect(
      await page.evaluate(() => {
        const w = window as unknown as {
          cast: { framework: { CastContext: { getInstance(): { getSessionState(): string } } } };
        };
        return w.cast.framework.CastContext.getInstance().getSessionState();
      }),
    ).toBe('SESSION_ENDED');
  });
});
