import { withoutEarlyData } from './support/early-data.ts';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';

// SPEC §4 "Player (page level)": the player starts once, when the playback URL is available —
// from the route loader, ahead of the screen, which then adopts the player and its <video>;
// its engine started earlier still, from the early start index.html carries (apps/embed/src/boot/), and the player adopted it.
test.describe('player start-up', () => {
  test('the player starts before the screen mounts, once, and the adopted video plays', async ({ page }) => {
    const masters: string[] = [];
    const workers: string[] = [];
    const calls: string[] = [];
    // Media playlists asked for without a blocking reload's directives: a start's first.
    const plainMediaPlaylists: string[] = [];
    // Every media request, the page's and its worker's alike (Playwright names the frame for both).
    const media: string[] = [];
    page.on('request', (request) => {
      const { pathname: path, search } = new URL(request.url());
      if (/\.(mp4|m4s)$/.test(path)) media.push(path);
      if (/\/master\.m3u8$/.test(path)) masters.push(request.url());
      if (/\/media\.m3u8$/.test(path) && !search) plainMediaPlaylists.push(path);
      if (path.startsWith('/api/v2/channels/studio-live/')) calls.push(path);
    });
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto('/studio-live');
    await waitForPlayback(page);
    // The early element plays before the app is up: the screen adopts the player after that.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('onair:player-adopted', 'mark').length))
      .toBeGreaterThanOrEqual(1);

    const timing = await page.evaluate(() => {
      const marks = (name: string) => performance.getEntriesByName(name, 'mark').map((m) => m.startTime);
      return {
        engine: marks('onair:engine-early-start'),
        started: marks('onair:player-start'),
        adopted: marks('onair:player-adopted'),
      };
    });
    expect(timing.started).toHaveLength(1);
    expect(timing.adopted.length).toBeGreaterThanOrEqual(1);
    expect(timing.started[0]).toBeLessThan(timing.adopted[0]!);
    // The engine's worker started from index.html, before the app's code had started a player,
    // and the player adopted it: one worker. The page carried the channel's two answers and the
    // stream's multivariant and media playlists (the platform's early data): none of them was
    // asked for; the engine started from the page's copy of its variant's media playlist, and
    // every playlist it asked for is a blocking reload.
    expect(timing.engine).toHaveLength(1);
    expect(timing.engine[0]).toBeLessThan(timing.started[0]!);
    expect(await page.evaluate(() => performance.getEntriesByName('onair:early-data').length)).toBe(1);
    expect(workers).toHaveLength(1);
    expect(workers[0]).toMatch(/\/assets\/engine-worker-[\w-]+\.js$/);
    expect(masters).toEqual([]);
    expect(plainMediaPlaylists).toEqual([]);
    expect(calls.filter((c) => /\/(info|playback-url)$/.test(c))).toEqual([]);
    // The page asked for the start's pieces while the worker started, and handed them over:
    // the engine asked for none of them again (engine/page-pieces.ts).
    expect(await page.evaluate(() => performance.getEntriesByName('onair:early-pieces').length)).toBe(1);
    expect(media.filter((path, i) => media.indexOf(path) !== i)).toEqual([]);
    expect(
      await page.evaluate(() => (window as { __onairStart?: { engine: unknown } }).__onairStart?.engine),
    ).toBeNull();

    // One <video>, the adopted one, in the player with its class and test id, and playing.
    await expect(page.locator('video')).toHaveCount(1);
    await expect(page.getByTestId('player').locator('video.player__video[data-testid="video"]')).toHaveCount(1);
    expect(await page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.playsInline)).toBe(true);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1.2 });
  });

  test('a page with no early data (a host that injects nothing) asks for all of it, once, and plays', async ({
    page,
  }) => {
    await withoutEarlyData(page);
    const masters: string[] = [];
    const calls: string[] = [];
    const plainMediaPlaylists: string[] = [];
    page.on('request', (request) => {
      const { pathname: path, search } = new URL(request.url());
      if (/\/master\.m3u8$/.test(path)) masters.push(path);
      if (/\/media\.m3u8$/.test(path) && !search) plainMediaPlaylists.push(path);
      if (path.startsWith('/api/v2/channels/studio-live/')) calls.push(path);
    });
    await page.goto('/studio-live?muted=true');
    await waitForPlayback(page);
    expect(await page.evaluate(() => performance.getEntriesByName('onair:early-data').length)).toBe(0);
    expect(calls.sort()).toEqual(['/api/v2/channels/studio-live/info', '/api/v2/channels/studio-live/playback-url']);
    expect(masters).toHaveLength(1);
    expect(plainMediaPlaylists).toHaveLength(1);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1.2 });
  });

  test("a session's cookie withdraws the early start, read only once its first pieces are asked for: the app asks with the token and plays", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'session_token', value: 'viewer-token', url: baseURL! }]);
    // The channel's calls as the page makes them, and whether each carried the token.
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname: path } = new URL(request.url());
      if (path.startsWith('/api/v2/channels/studio-live/'))
        calls.push(`${path} ${request.headers().authorization === 'Bearer viewer-token' ? 'token' : 'none'}`);
    });
    await page.goto('/studio-live?muted=true');
    await waitForPlayback(page);
    // The page held both answers and the stream's playlists: its first pieces were asked for
    // before the cookie was read, and then the start was withdrawn for the app's own.
    expect(await page.evaluate(() => performance.getEntriesByName('onair:early-pieces').length)).toBe(1);
    expect(await page.evaluate(() => performance.getEntriesByName('onair:early-video').length)).toBe(0);
    expect(calls.sort()).toEqual([
      '/api/v2/channels/studio-live/info token',
      '/api/v2/channels/studio-live/playback-url token',
    ]);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1.2 });
  });

  test('an offline channel starts no player, and its early engine loads nothing and is gone', async ({ page }) => {
    const closed: Promise<void>[] = [];
    page.on('worker', (worker) => closed.push(new Promise((resolve) => worker.on('close', () => resolve()))));
    const media: string[] = [];
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/hls/')) media.push(path);
      if (path.startsWith('/api/v2/channels/night-owl/')) calls.push(path);
    });
    await page.goto('/night-owl');
    await expect(page).toHaveURL(/\/night-owl\/offline$/);
    expect(await page.evaluate(() => performance.getEntriesByName('onair:player-start', 'mark').length)).toBe(0);
    await expect(page.locator('video')).toHaveCount(0);
    // The early script started the worker with the info and playback URL the page carried
    // (the platform's early data: nothing asked for, the app took the answers), found the
    // channel offline, and deleted the worker before it loaded anything: it may be gone before
    // it ever ran (then no worker event comes); one that ran has closed.
    expect(await page.evaluate(() => performance.getEntriesByName('onair:engine-early-start').length)).toBe(1);
    await Promise.all(closed);
    expect(media).toEqual([]);
    expect(calls.filter((c) => /\/(info|playback-url)$/.test(c))).toEqual([]);
    expect(
      await page.evaluate(() => (window as { __onairStart?: { engine: unknown } }).__onairStart?.engine),
    ).toBeNull();
  });

  test("the page shows the start's first picture itself while the engine's worker starts; the engine's element takes over", async ({
    page,
  }) => {
    // The engine's worker script is held: meanwhile only the page's own MediaSource can show the
    // stream (apps/embed/src/boot/start-picture.ts). The page's timers are paused, so the early
    // start's patience (after which the picture goes) waits for the test, however slow the machine.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/engine-worker-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 50);
    await page.goto('/studio-live?muted=true');
    const picture = page.locator('[data-onair-start-picture]');
    await expect(picture).toHaveCount(1);
    // A decoded picture of the stream on screen (the colour bars): most of the frame is lit.
    const litShare = async () => {
      const png = (await page.screenshot()).toString('base64');
      return page.evaluate(async (screenshot) => {
        const bytes = Uint8Array.from(atob(screenshot), (c) => c.charCodeAt(0));
        const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const context = Object.assign(document.createElement('canvas'), { width: 64, height: 36 }).getContext('2d')!;
        context.drawImage(image, 0, 0, 64, 36);
        const { data } = context.getImageData(0, 0, 64, 36);
        let lit = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! > 90) lit += 1;
        return lit / (64 * 36);
      }, png);
    };
    await expect.poll(litShare, { message: 'the page showed no picture' }).toBeGreaterThan(0.5);
    // Hidden from assistive technology, and not the page's <video>: there is none, the engine's
    // never came (its worker is held).
    await expect(picture).toHaveAttribute('aria-hidden', 'true');
    await expect(page.locator('video')).toHaveCount(0);

    release();
    await page.clock.resume();
    await waitForPlayback(page);
    // The engine's element shows the stream now; the page's picture is gone, with its MediaSource.
    await expect(picture).toHaveCount(0);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1.2 });
  });

  test("a viewer's pause before the app is up stands: autoplay does not play it again", async ({ page }) => {
    // The app's code is held back: only the early script and its element run meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/studio-live?muted=true');
    await waitForPlayback(page);
    // A pause (a media key, the browser's picture-in-picture window) before the app is up.
    await page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.pause());
    release();
    await expect(page.getByTestId('player').getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    expect(await page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    // Paused, the stream goes on loading: playing again starts from a full buffer.
    await expect
      .poll(() =>
        page
          .getByTestId('video')
          .evaluate((v: HTMLVideoElement) =>
            v.buffered.length ? v.buffered.end(v.buffered.length - 1) - v.currentTime : 0,
          ),
      )
      .toBeGreaterThan(2);
  });
});
