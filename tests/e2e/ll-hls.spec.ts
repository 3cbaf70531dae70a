import { createRequire } from 'node:module';
import type Hls from 'hls.js';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { openLab } from './support/player-lab.ts';

/**
 * Plain hls.js (not the player package) in low-latency mode against the platform's live
 * origin: the origin's LL-HLS (parts, blocking playlist reload, preload hints) must be what a
 * real LL-HLS client uses, and it must play.
 */
const LIVE = '/hls/studio-live/master.m3u8';
const HLS_JS = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');

interface LoadedLevel {
  partTarget: number;
  parts: number;
  canBlockReload: boolean;
}

interface LabWindow {
  Hls: typeof Hls;
  hls: Hls;
  loadedLevels: LoadedLevel[];
}

interface Latency {
  /** hls.js's own estimate: live edge minus playhead, in s. */
  reported: number;
  /** Wall clock minus the program date-time of the frame on screen, in s. */
  wallClock: number;
  target: number | null;
}

test.describe('LL-HLS with hls.js', () => {
  test('plays from parts with blocking playlist reloads, a second or so behind live', async ({ page }) => {
    const requests: string[] = [];
    const failures: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/hls/')) requests.push(`${url.pathname}${url.search}`);
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/hls/') && !response.ok()) failures.push(`${response.status()} ${url.pathname}`);
    });
    await openLab(page);
    await page.addScriptTag({ path: HLS_JS });
    await page.evaluate((url) => {
      const lab = window as unknown as LabWindow;
      const hls = new lab.Hls({ lowLatencyMode: true });
      lab.hls = hls;
      lab.loadedLevels = [];
      hls.on(lab.Hls.Events.LEVEL_LOADED, (_event, data) => {
        const { partTarget, partList, canBlockReload } = data.details;
        lab.loadedLevels.push({ partTarget, parts: partList?.length ?? 0, canBlockReload });
      });
      const video = document.querySelector('video')!;
      video.muted = true;
      hls.attachMedia(video);
      hls.loadSource(url);
      void video.play();
    }, LIVE);

    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 2 });

    // hls.js read the parts and the server control.
    const levels = await page.evaluate(() => (window as unknown as LabWindow).loadedLevels);
    expect(levels.length).toBeGreaterThan(3);
    expect(levels.at(-1)).toMatchObject({ partTarget: 0.2, canBlockReload: true });
    expect(levels.at(-1)?.parts).toBeGreaterThan(0);
    const latest = await page.evaluate(() => {
      const details = (window as unknown as LabWindow).hls.latestLevelDetails;
      return { partTarget: details?.partTarget, parts: details?.partList?.length ?? 0 };
    });
    expect(latest.partTarget).toBe(0.2);
    expect(latest.parts).toBeGreaterThan(0);

    // Blocking reloads (and parts) are what it asked for.
    const blocking = requests.filter((r) => /\/media\.m3u8\?(.*&)?_HLS_msn=\d+/.test(r));
    const parts = requests.filter((r) => /\/part-\d+\.\d+\.m4s$/.test(r));
    expect(blocking.length).toBeGreaterThan(5);
    expect(blocking.some((r) => /_HLS_part=\d+/.test(r))).toBe(true);
    // CAN-SKIP-UNTIL is taken up: hls.js merges delta updates and keeps playing.
    expect(blocking.some((r) => /_HLS_skip=YES/.test(r))).toBe(true);
    expect(parts.length).toBeGreaterThan(5);
    // Every hinted part and every blocking reload was answered (none refused or timed out).
    expect(failures).toEqual([]);

    const samples: Latency[] = [];
    for (let i = 0; i < 5; i++) {
      // Half a second of playback between samples (polled, not slept).
      if (i > 0) await expectPlaybackAdvances(page, { frames: 5, seconds: 0.5 });
      samples.push(
        await page.evaluate(() => {
          const { hls } = window as unknown as LabWindow;
          return {
            reported: hls.latency,
            wallClock: (Date.now() - (hls.playingDate?.getTime() ?? NaN)) / 1000,
            target: hls.targetLatency,
          };
        }),
      );
    }
    const mean = (pick: (s: Latency) => number) => samples.reduce((sum, s) => sum + pick(s), 0) / samples.length;
    console.log(
      `LL-HLS latency in Chromium: hls.latency ${mean((s) => s.reported).toFixed(2)} s, ` +
        `wall clock vs program date-time ${mean((s) => s.wallClock).toFixed(2)} s, ` +
        `target ${samples[0]?.target ?? 'n/a'} s; of ${requests.length} requests, ` +
        `${requests.filter((r) => r.includes('_HLS_msn=')).length} blocking reloads ` +
        `(${requests.filter((r) => r.includes('_HLS_skip=')).length} delta updates), ` +
        `${requests.filter((r) => r.includes('/part-')).length} parts`,
    );
    for (const sample of samples) {
      expect(sample.reported).toBeLessThan(4);
      expect(sample.wallClock).toBeGreaterThan(0);
      expect(sample.wallClock).toBeLessThan(4);
    }
  });
});
