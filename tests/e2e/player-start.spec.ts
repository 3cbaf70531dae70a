import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';

// SPEC §4 "Player (page level)": the player starts once, when the playback URL is available —
// from the route loader, ahead of the screen, which then adopts the player and its <video>;
// its engine started earlier still, from index.html's early script, and the player adopted it.
test.describe('player start-up', () => {
  test('the player starts before the screen mounts, once, and the adopted video plays', async ({ page }) => {
    const masters: string[] = [];
    const workers: string[] = [];
    page.on('request', (request) => {
      if (/\/master\.m3u8$/.test(new URL(request.url()).pathname)) masters.push(request.url());
    });
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto('/studio-live');
    await waitForPlayback(page);

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
    // and the player adopted it: one worker, one master playlist request.
    expect(timing.engine).toHaveLength(1);
    expect(timing.engine[0]).toBeLessThan(timing.started[0]!);
    expect(workers).toHaveLength(1);
    expect(workers[0]).toMatch(/\/assets\/engine-worker-[\w-]+\.js$/);
    expect(masters).toHaveLength(1);
    expect(await page.evaluate(() => (window as { __onairEngine?: unknown }).__onairEngine)).toBeNull();

    // One <video>, the adopted one, in the player with its class and test id, and playing.
    await expect(page.locator('video')).toHaveCount(1);
    await expect(page.getByTestId('player').locator('video.player__video[data-testid="video"]')).toHaveCount(1);
    expect(await page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.playsInline)).toBe(true);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1.2 });
  });

  test('an offline channel starts no player', async ({ page }) => {
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto('/night-owl');
    await expect(page).toHaveURL(/\/night-owl\/offline$/);
    expect(await page.evaluate(() => performance.getEntriesByName('onair:player-start', 'mark').length)).toBe(0);
    await expect(page.locator('video')).toHaveCount(0);
    expect(workers).toEqual([]);
  });
});
