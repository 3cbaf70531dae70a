import type { Frame, Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { startHostSite, type HostSite } from './support/host-page.ts';

/**
 * The host SDK as a site uses it: a page on another site loads `/sdk/onair-embed.js` with a
 * script tag, creates the player, drives it with the SDK's methods and listens to its events.
 * Needs the SDK's build (scripts/build-sdk.mjs, run by `npm test` and `npm start`).
 */
let host: HostSite;
let stranger: HostSite;
test.beforeAll(async () => {
  host = await startHostSite();
  stranger = await startHostSite();
});
test.afterAll(async () => {
  await host.close();
  await stranger.close();
});

interface Heard {
  event: string;
  [key: string]: unknown;
}

const EVENTS = ['ready', 'play', 'pause', 'playing', 'ended', 'online', 'offline', 'volume', 'quality', 'error'];

function sdkPage(baseURL: string): string {
  return `<!doctype html><html lang="en"><title>A site with the SDK</title>
<div id="player"></div>
<script src="${baseURL}/sdk/onair-embed.js"></script>
<script>
  window.heard = [];
  window.telemetry = [];
  const player = new OnAir.OnAirPlayer('player', { channel: 'studio-live', muted: true });
  for (const name of ${JSON.stringify(EVENTS)}) player.on(name, (event) => window.heard.push({ ...event }));
  player.on('telemetry', (event) => window.telemetry.push({ ...event }));
  window.player = player;
  /** Calls an SDK method; the outcome as data (a rejection's reason), for the test to read. */
  window.call = (method, ...args) =>
    player[method](...args).then(
      (value) => ({ ok: true, value }),
      (error) => ({ ok: false, name: error.name, reason: error.reason }),
    );
</script></html>`;
}

const heard = (page: Page, without: string[] = []) =>
  page.evaluate(
    (without) => (window as unknown as { heard: Heard[] }).heard.filter((e) => !without.includes(e.event)),
    without,
  );
const heardNames = async (page: Page, without: string[] = []) => (await heard(page, without)).map((e) => e.event);
const call = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(
    ({ method, args }) =>
      (window as unknown as { call(m: string, ...a: unknown[]): Promise<Record<string, unknown>> }).call(
        method,
        ...args,
      ),
    { method, args },
  );

async function openSdkPage(page: Page, baseURL: string): Promise<Frame> {
  host.serve('/sdk', sdkPage(baseURL));
  await page.goto(`${host.origin}/sdk`);
  const frame = await (await page.locator('iframe').elementHandle())!.contentFrame();
  if (!frame) throw new Error('the SDK made no frame');
  await waitForPlayback(frame);
  return frame;
}

test.describe('the host SDK on a stranger’s page', () => {
  test('every command changes the player and frames keep advancing; events once and in order', async ({
    page,
    baseURL,
  }) => {
    const frame = await openSdkPage(page, baseURL!);
    await expect.poll(() => heardNames(page, ['quality'])).toEqual(['ready', 'online', 'volume', 'play', 'playing']);
    const before = (await heardNames(page)).length;
    const video = frame.getByTestId('video');

    expect(await call(page, 'pause')).toEqual({ ok: true });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(await call(page, 'play')).toEqual({ ok: true });
    await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });

    expect(await call(page, 'setVolume', 0.4)).toEqual({ ok: true });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => [v.volume, v.muted])).toEqual([0.4, false]);
    expect(await call(page, 'setMuted', true)).toEqual({ ok: true });
    await expect(frame.getByRole('button', { name: 'Unmute' })).toBeVisible();
    await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });

    expect(await call(page, 'setQuality', '160p')).toEqual({ ok: true });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 }).toBe(160);
    await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });
    expect(await call(page, 'setQuality', '4320p')).toMatchObject({
      ok: false,
      name: 'OnAirCommandError',
      reason: 'unknown-quality',
    });
    expect(await call(page, 'setVolume', 7)).toMatchObject({ ok: false, reason: 'invalid-argument' });

    expect(await call(page, 'goLive')).toEqual({ ok: true });
    await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });

    // Automatic quality changes (ABR climbing after the start, at its own pace on a busy
    // machine) are not the commands' doing: only the one setQuality asked for counts here.
    const commanded = (await heard(page))
      .slice(before)
      .filter((e) => !(e.event === 'quality' && e.auto === true))
      .map((e) => e.event);
    const switched = commanded.indexOf('quality');
    expect(commanded.slice(0, switched + 1)).toEqual(['pause', 'play', 'playing', 'volume', 'volume', 'quality']);
    // A rendition switch may make the element wait and play again: nothing else follows it.
    expect(commanded.slice(switched + 1).every((event) => event === 'playing')).toBe(true);
    const volumes = (await heard(page)).filter((e) => e.event === 'volume').slice(1);
    expect(volumes).toEqual([
      { event: 'volume', volume: 0.4, muted: false },
      { event: 'volume', volume: 0.4, muted: true },
    ]);
  });

  test('telemetry every second agrees with the stats panel, and getStats with both', async ({ page, baseURL }) => {
    const frame = await openSdkPage(page, baseURL!);
    await frame.getByTestId('player').focus();
    await frame.locator('body').press('i');
    const panel = frame.getByTestId('stats-panel');
    await expect(panel).toBeVisible();
    const panelLatency = async () =>
      Number.parseFloat(
        (await frame
          .getByText(/^\d+\.\d\d s/)
          .first()
          .textContent()) ?? 'NaN',
      );
    const telemetry = () =>
      page.evaluate(() => (window as unknown as { telemetry: Record<string, unknown>[] }).telemetry);
    await expect.poll(async () => (await telemetry()).length).toBeGreaterThan(2);
    const last = (await telemetry()).at(-1)! as { latency: number; rendition: string; rebuffers: number };
    expect(Math.abs(last.latency - (await panelLatency()))).toBeLessThan(0.5);
    await expect(panel).toContainText(`(${last.rendition}, Auto)`);
    const stats = (await call(page, 'getStats')) as { ok: boolean; value: { latency: number; buffer: number } };
    expect(stats.ok).toBe(true);
    expect(Math.abs(stats.value.latency - (await panelLatency()))).toBeLessThan(0.5);
    expect(stats.value.buffer).toBeGreaterThan(0);
  });

  test('a message from another origin is ignored either way', async ({ page, baseURL }) => {
    const frame = await openSdkPage(page, baseURL!);
    await expect.poll(() => heardNames(page)).toContain('playing');
    // A stranger's frame on the same page: it tells the host page the stream went offline,
    // dressed as the embed, and asks the embed to pause.
    stranger.serve(
      '/meddler',
      `<!doctype html><script>
        parent.postMessage({ onair: 1, type: 'event', event: 'offline' }, '*');
        parent.frames[0].postMessage({ onair: 1, type: 'command', id: 'x', command: 'pause' }, '*');
        parent.postMessage('meddled', '*');
      </script>`,
    );
    await page.evaluate((src) => {
      (window as unknown as { meddled: boolean }).meddled = false;
      window.addEventListener('message', (event) => {
        if (event.data === 'meddled') (window as unknown as { meddled: boolean }).meddled = true;
      });
      const meddler = document.createElement('iframe');
      meddler.src = src;
      document.body.append(meddler);
    }, `${stranger.origin}/meddler`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { meddled: boolean }).meddled)).toBe(true);
    await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });
    expect(await heardNames(page)).not.toContain('offline');
    expect(await heardNames(page)).not.toContain('pause');
    // The SDK itself is still heard and still heard from.
    expect(await call(page, 'pause')).toEqual({ ok: true });
    await expect.poll(() => heardNames(page)).toContain('pause');
  });
});
