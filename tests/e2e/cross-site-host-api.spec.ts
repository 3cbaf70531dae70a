import type { Frame, Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';
import { command, heardEvents, hostApiPage, received, watch } from './support/host-api-page.ts';
import { startHostSite, type HostSite } from './support/host-page.ts';
import { currentViewers, realtimeSubscribed, setLive, subscriptionConfirmed } from './support/realtime.ts';

/**
 * The embed framed by a stranger's page (another site: localhost against the embed's
 * 127.0.0.1), driven over the host-page protocol by hand: what it hears, what it may ask, who
 * is ignored; and the journeys a framed viewer has (a stream that ends and starts again,
 * presence). Autoplay in a frame: cross-site-autoplay.spec.ts.
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

const ALLOW_ALL = 'autoplay; fullscreen';

/**
 * Events with a 'playing' right after another left out: the element waited and played again (a
 * rebuffer on a busy machine), which the page is told, but no command or start-up did.
 */
const playingOnce = (events: string[]) =>
  events.filter((event, i) => !(event === 'playing' && events[i - 1] === 'playing'));

async function framedPage(page: Page, src: string, allow: string | null = ALLOW_ALL): Promise<Frame> {
  host.serve('/watch', hostApiPage(src, allow));
  await page.goto(`${host.origin}/watch`);
  return watch(page);
}

test.describe('the host-page protocol, by hand', () => {
  test('events arrive once and in order; commands change the player as the controls would', async ({
    page,
    baseURL,
  }) => {
    const frame = await framedPage(page, `${baseURL}/studio-live?muted=true`);
    await waitForPlayback(frame);
    // What the page is told first: the sound as it is, then playback as changes from nothing.
    await expect
      .poll(async () => playingOnce(await heardEvents(page, ['quality'])))
      .toEqual(['ready', 'online', 'volume', 'play', 'playing']);
    const heardBefore = (await heardEvents(page)).length;
    const ready = (await received(page)).find((m) => m.data.event === 'ready')!;
    // Addressed to this page's origin, from the embed's.
    expect(ready.origin).toBe(baseURL);
    expect(ready.data).toEqual({ onair: 1, type: 'event', event: 'ready', channel: 'studio-live' });

    expect(await command(page, 'p1', { command: 'pause' })).toMatchObject({ ok: true });
    await expect.poll(() => sampleVideo(frame).then((s) => s.paused)).toBe(true);
    expect(await command(page, 'p2', { command: 'play' })).toMatchObject({ ok: true });
    await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });

    // setVolume unmutes, as the slider does: one rule for every way in.
    expect(await command(page, 'v1', { command: 'setVolume', volume: 0.3 })).toMatchObject({ ok: true });
    await expect
      .poll(() => frame.getByTestId('video').evaluate((v: HTMLVideoElement) => [v.volume, v.muted]))
      .toEqual([0.3, false]);
    expect(await command(page, 'm1', { command: 'setMuted', muted: true })).toMatchObject({ ok: true });
    await expect(frame.getByRole('button', { name: 'Unmute' })).toBeVisible();

    expect(await command(page, 'q1', { command: 'setQuality', quality: '160p' })).toMatchObject({ ok: true });
    await expect
      .poll(() => frame.getByTestId('video').evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 })
      .toBe(160);
    expect(await command(page, 'q2', { command: 'setQuality', quality: '4320p' })).toMatchObject({
      ok: false,
      reason: 'unknown-quality',
    });
    expect(await command(page, 'g1', { command: 'goLive' })).toMatchObject({ ok: true });
    await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });

    // One event per change, in order; setVolume unmuted in the same request: one volume event.
    // What the commands did not cause is left out: the automatic quality's own switches (auto:
    // true), and a 'playing' again after the element waited (a rebuffer on a busy machine, a
    // rendition switch) — that is a change the page hears, but not one a command made.
    const commanded = (await received(page))
      .filter((m) => m.fromEmbed && m.data.onair === 1 && m.data.type === 'event' && m.data.event !== 'telemetry')
      .slice(heardBefore)
      .filter((m) => !(m.data.event === 'quality' && m.data.auto === true))
      .map((m) => m.data.event!);
    const once = playingOnce(commanded);
    const switched = once.indexOf('quality');
    expect(once.slice(0, switched + 1)).toEqual(['pause', 'play', 'playing', 'volume', 'volume', 'quality']);
    expect(once.slice(switched + 1)).toEqual(once.length > switched + 1 ? ['playing'] : []);
    const volumes = (await received(page)).filter((m) => m.data.event === 'volume').map((m) => m.data);
    expect(volumes.slice(1)).toMatchObject([
      { volume: 0.3, muted: false },
      { volume: 0.3, muted: true },
    ]);
    expect((await received(page)).filter((m) => m.data.event === 'quality').at(-1)!.data).toMatchObject({
      quality: '160p',
      auto: false,
    });
  });

  test('telemetry every second while playing agrees with the stats panel; getStats answers the same', async ({
    page,
    baseURL,
  }) => {
    const frame = await framedPage(page, `${baseURL}/studio-live?muted=true`);
    await waitForPlayback(frame);
    await frame.getByTestId('player').focus();
    await frame.locator('body').press('i');
    const panelLatency = async () =>
      Number.parseFloat(
        (await frame
          .getByText(/^\d+\.\d\d s/)
          .first()
          .textContent()) ?? 'NaN',
      );
    await expect
      .poll(async () => (await received(page)).filter((m) => m.data.event === 'telemetry').length)
      .toBeGreaterThan(2);
    const telemetry = (await received(page)).filter((m) => m.data.event === 'telemetry').at(-1)!.data;
    expect(telemetry).toMatchObject({ rebuffers: 0, rendition: expect.stringMatching(/^\d+p$/) });
    expect(Math.abs((telemetry.latency as number) - (await panelLatency()))).toBeLessThan(0.5);
    const stats = await command(page, 's1', { command: 'getStats' });
    expect(stats).toMatchObject({ ok: true, value: { rebuffers: 0, droppedFrames: expect.any(Number) } });
    const value = stats.value as { latency: number; buffer: number; rendition: string };
    expect(Math.abs(value.latency - (await panelLatency()))).toBeLessThan(0.5);
    expect(value.buffer).toBeGreaterThan(0);
    await expect(frame.getByText(`(${value.rendition}, Auto)`, { exact: false })).toBeVisible();
  });

  test('a command from any other origin is ignored, and answered to no one', async ({ page, baseURL }) => {
    const frame = await framedPage(page, `${baseURL}/studio-live?muted=true`);
    await waitForPlayback(frame);
    // A stranger's frame on the same page reaches the embed's window and asks it to pause.
    stranger.serve(
      '/meddler',
      `<!doctype html><script>parent.frames[0].postMessage({ onair: 1, type: 'command', id: 'x', command: 'pause' }, '*');
      parent.postMessage('meddled', '*');</script>`,
    );
    await page.evaluate((src) => {
      const meddler = document.createElement('iframe');
      meddler.src = src;
      document.body.append(meddler);
    }, `${stranger.origin}/meddler`);
    await expect.poll(async () => (await received(page)).some((m) => m.data === ('meddled' as never))).toBe(true);
    await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });
    expect((await received(page)).filter((m) => m.data.type === 'reply')).toEqual([]);
    // The host page itself, at the origin that framed the embed, is heard.
    expect(await command(page, 'ok', { command: 'pause' })).toMatchObject({ ok: true });
  });
});

test.describe('a framed viewer follows the channel', () => {
  // night-owl, not the seed's live channel: a stream started again has a new viewer count, and
  // other journeys read studio-live's seeded one.
  test.afterEach(async ({ admin }) => {
    await setLive(admin, 'night-owl', false);
  });

  test('offline, live and offline again in the frame, with no reload, and the host page hears each', async ({
    page,
    admin,
    baseURL,
  }) => {
    await setLive(admin, 'night-owl', false);
    const confirmed = subscriptionConfirmed(page, 'channel.102');
    const frame = await framedPage(page, `${baseURL}/night-owl?muted=true`);
    await expect(frame.getByRole('heading', { name: 'NightOwl is offline' })).toBeVisible();
    await realtimeSubscribed(frame, confirmed);
    await frame.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await expect.poll(() => heardEvents(page)).toEqual(['ready', 'offline']);

    // The case a peer's API misses (offline → online): heard, and the frame plays.
    await setLive(admin, 'night-owl', true);
    await waitForPlayback(frame);
    await expect
      .poll(() => heardEvents(page, ['quality', 'volume']))
      .toEqual(['ready', 'offline', 'online', 'play', 'playing']);

    await setLive(admin, 'night-owl', false);
    await expect(frame.getByRole('heading', { name: 'NightOwl is offline' })).toBeVisible();
    await expect
      .poll(() => heardEvents(page, ['quality', 'volume']))
      .toEqual(['ready', 'offline', 'online', 'play', 'playing', 'offline']);
    expect(await frame.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  // Two people, each in their own browser, framing the embed: two viewers. (Two frames on one
  // page are one device since viewers are people: counted once, or twice when both identify
  // before either has its cookie; no count is asserted for that race.)
  test('two viewers framing the embed in their own browsers are counted as two', async ({
    page,
    browser,
    admin,
    baseURL,
    request,
  }) => {
    await setLive(admin, 'quiet-corner', true);
    const other = await browser.newContext();
    try {
      host.serve(
        '/one',
        `<!doctype html><html lang="en"><title>One player</title>
        <iframe title="one" src="${baseURL}/quiet-corner?muted=true" allow="autoplay"></iframe></html>`,
      );
      for (const viewer of [page, await other.newPage()]) {
        await viewer.goto(`${host.origin}/one`);
        const frame = await (await viewer.locator('iframe[title="one"]').elementHandle())!.contentFrame();
        await waitForPlayback(frame!);
      }
      await expect.poll(() => currentViewers(request, 103), { timeout: 30_000 }).toBe(2);
    } finally {
      await other.close();
      await setLive(admin, 'quiet-corner', false);
    }
  });
});
