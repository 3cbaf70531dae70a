import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { startHostSite, type HostSite } from './support/host-page.ts';

/**
 * The player.js protocol (issue 35), with the real `player.js` package from npm as the host
 * page's client, on another site: a page written for any player.js provider controls the embed
 * unchanged. apps/embed/src/host-api/playerjs-bridge.ts is the embed's side.
 */
let host: HostSite;
test.beforeAll(async () => {
  host = await startHostSite();
});
test.afterAll(async () => {
  await host.close();
});

const LIBRARY = readFileSync(path.join(process.cwd(), 'node_modules/player.js/dist/player-0.1.0.min.js'), 'utf8');

function playerJsPage(src: string): string {
  return `<!doctype html><html lang="en"><title>An aggregator's page</title>
<iframe id="video" title="video" src="${src}" width="640" height="360" allow="autoplay"></iframe>
<script>${LIBRARY}</script>
<script>
  window.heard = [];
  window.times = [];
  const player = new playerjs.Player('video');
  player.on('ready', () => {
    window.ready = true;
    player.on('play', () => window.heard.push('play'));
    player.on('pause', () => window.heard.push('pause'));
    player.on('timeupdate', (value) => window.times.push(value.seconds));
  });
  /** A getter's answer, as a promise. */
  window.ask = (method) => new Promise((resolve) => player[method](resolve));
  window.player = player;
</script></html>`;
}

type Lab = {
  ready?: boolean;
  heard: string[];
  times: number[];
  ask(m: string): Promise<unknown>;
  player: Record<string, (...a: unknown[]) => void>;
};
const lab = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Lab;
    return { ready: w.ready === true, heard: w.heard, times: w.times };
  });
const ask = (page: Page, method: string) => page.evaluate((m) => (window as unknown as Lab).ask(m), method);
const tell = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(({ method, args }) => (window as unknown as Lab).player[method]!(...args), { method, args });

test('the player.js client plays, pauses, reads and sets the volume, and hears play, pause and timeupdate', async ({
  page,
  baseURL,
}) => {
  host.serve('/aggregator', playerJsPage(`${baseURL}/studio-live?muted=true`));
  await page.goto(`${host.origin}/aggregator`);
  const frame: Frame = (await (await page.locator('iframe').elementHandle())!.contentFrame())!;
  await waitForPlayback(frame);
  await expect.poll(async () => (await lab(page)).ready).toBe(true);
  const video = frame.getByTestId('video');

  await tell(page, 'pause');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  expect(await ask(page, 'getPaused')).toBe(true);
  await tell(page, 'play');
  await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });
  expect(await ask(page, 'getPaused')).toBe(false);

  await tell(page, 'setVolume', 40);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => [v.volume, v.muted])).toEqual([0.4, false]);
  expect(await ask(page, 'getVolume')).toBe(40);
  await tell(page, 'mute');
  expect(await ask(page, 'getMuted')).toBe(true);
  await tell(page, 'unmute');
  expect(await ask(page, 'getMuted')).toBe(false);

  // Events: the two commands' own (after autoplay's 'play', where listening began before it),
  // and the position moving on.
  await expect.poll(async () => (await lab(page)).heard.slice(-2)).toEqual(['pause', 'play']);
  expect((await lab(page)).heard.length).toBeLessThanOrEqual(3);
  await expect.poll(async () => (await lab(page)).times.length).toBeGreaterThan(4);
  const { times } = await lab(page);
  expect(times.at(-1)!).toBeGreaterThan(times[0]!);
  expect(await ask(page, 'getCurrentTime')).toEqual(expect.any(Number));
});
