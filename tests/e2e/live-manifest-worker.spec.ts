import type { Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { hostPageWithEmbed, startHostSite } from './support/host-page.ts';
import { median, watchNativeSegments, type NativeOracle } from './support/native-oracle.ts';
import { callPlayer, labEvents, openLab, playerState, startPlayer } from './support/player-lab.ts';

/**
 * The passthrough sink with its live-manifest service worker (issue 16) in Chromium, which plays
 * HLS natively: an init script takes MediaSource away, as on an iPhone without it, and the
 * player must choose the browser's own HLS and the worker by itself. Latency is checked against
 * an oracle built from the browser's own network log (support/native-oracle.ts).
 */
const LIVE = '/hls/studio-live/master.m3u8';
const WORKER = { url: '/live-manifest-sw.js' };

async function withoutMediaSource(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.MediaSource;
    delete w.ManagedMediaSource;
  });
}

/** The host and worker states the player reported (SPEC §4), newest last. */
async function workerStates(page: Page): Promise<{ host: string; worker: string }[]> {
  const events = await labEvents(page, 'service-worker-state-changed');
  return events.map((e) => {
    const { host, worker } = e.payload as { host: string; worker: string };
    return { host, worker };
  });
}

async function expectWorkerActive(page: Page): Promise<void> {
  await expect.poll(async () => (await workerStates(page)).at(-1)).toEqual({ host: 'ready', worker: 'active' });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/live-manifest-sw\.js$/);
}

/** The newest player_stats analytics event's properties (SPEC §9: sent on pause, among others). */
async function lastPlayerStats(page: Page): Promise<Record<string, unknown>> {
  const events = await labEvents(page, 'analytics');
  const stats = events.map((e) => e.payload as { name: string; properties: Record<string, unknown> });
  return stats.filter((e) => e.name === 'player_stats').at(-1)?.properties ?? {};
}

/** Pairs of (oracle, reported) latency every 500 ms for `count` readings. */
async function latencyReadings(page: Page, oracle: NativeOracle, count: number) {
  const readings: { oracle: number; reported: number }[] = [];
  for (let i = 0; i < count; i++) {
    const oracleS = await oracle.read();
    const reported = await playerState<number>(page, 'liveLatency');
    if (Number.isFinite(oracleS)) readings.push({ oracle: oracleS, reported });
    await page.waitForTimeout(500);
  }
  return readings;
}

test.describe('native HLS through the live-manifest worker', () => {
  test('without MediaSource the player picks passthrough and the worker, with a true liveLatency, starting at the live edge', async ({
    page,
  }) => {
    await withoutMediaSource(page);
    await openLab(page);
    const oracle = watchNativeSegments(page);
    await startPlayer(page, LIVE, { config: { labAutoSink: true, serviceWorker: WORKER }, muted: true });
    await waitForPlayback(page);
    expect(await playerState(page, 'sink')).toBe('passthrough');
    await expectWorkerActive(page);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1.5 });
    // Settled: the oracle needs a few appends to find the timeline's offset.
    await expect.poll(() => oracle.read()).toBeGreaterThan(0);
    const readings = await latencyReadings(page, oracle, 12);
    expect(readings.length).toBeGreaterThan(8);
    // The oracle knows where the picture is to within a segment on any one reading (see
    // native-oracle.ts) and to well under half a second over a dozen: the player's figure must
    // agree with the run's median, and never be a segment or more away from a single reading.
    const errors = readings.map((r) => Math.abs(r.reported - r.oracle));
    test.info().annotations.push({ type: 'latency error', description: errors.map((e) => e.toFixed(2)).join(' ') });
    expect(median(errors)).toBeLessThan(0.2);
    for (const e of errors) expect(e).toBeLessThan(1);
    // What the worker did reaches player_stats (sent on pause): every playlist it answered, the
    // reloads it held, the segments it answered from the parts it fetched ahead, and where it
    // started the native player: its first answer lists one whole segment (and the prefetch one)
    // of the origin's many, so the element starts at the edge, not three segments back. How much
    // closer to live that is than native HLS alone is measured by the bench (embed-sw against
    // embed-native), not by a timed test.
    await callPlayer(page, 'pause');
    await expect.poll(() => lastPlayerStats(page)).toMatchObject({ sink: 'passthrough' });
    const stats = await lastPlayerStats(page);
    expect(stats.sw_manifest_loads).toBeGreaterThan(5);
    expect(stats.sw_manifest_held_ms_avg).toBeGreaterThan(100);
    expect(stats.sw_segments_from_parts).toBeGreaterThan(3);
    expect(stats.sw_first_playlist_segments).toBeGreaterThanOrEqual(1);
    expect(stats.sw_first_playlist_segments).toBeLessThanOrEqual(2);
  });

  test('forceActivate brings the worker up where MediaSource plays', async ({ page }) => {
    await openLab(page);
    await startPlayer(page, LIVE, {
      config: { labAutoSink: true, serviceWorker: { ...WORKER, forceActivate: true } },
      muted: true,
    });
    await waitForPlayback(page);
    expect(await page.evaluate(() => typeof MediaSource)).toBe('function');
    expect(await playerState(page, 'sink')).toBe('passthrough');
    await expectWorkerActive(page);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1.5 });
  });

  test('a config without url logs the error and native HLS plays on its own', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await withoutMediaSource(page);
    await openLab(page);
    await startPlayer(page, LIVE, { config: { labAutoSink: true, serviceWorker: { debug: true } }, muted: true });
    await waitForPlayback(page);
    expect(await playerState(page, 'sink')).toBe('passthrough');
    expect(errors.some((e) => /service worker config has no url/.test(e))).toBe(true);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(await workerStates(page)).toEqual([]);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1.5 });
  });

  test('a drift the worker sees is corrected once (pause, reload at the edge, play), then not again for 60 s', async ({
    page,
  }) => {
    await page.clock.install();
    await withoutMediaSource(page);
    await openLab(page);
    // The spec's rule with a shorter threshold, so the journey takes seconds: above 2 segments
    // behind for 2 s; 60 s between corrections as the spec says.
    const driftDetection = { maxPlaylistPosition: 2, triggerDetectionThreshold: 2, minDurationBetweenCorrections: 60 };
    await startPlayer(page, LIVE, {
      config: { labAutoSink: true, serviceWorker: { ...WORKER, driftDetection } },
      muted: true,
    });
    await waitForPlayback(page);
    await expectWorkerActive(page);
    expect(await labEvents(page, 'drift-correction')).toHaveLength(0);

    // The worker holds the next playlist 4 s: the native player runs dry and falls 4 s behind.
    await callPlayer(page, 'delayNextMediaManifest', 4000);
    await expect.poll(async () => (await labEvents(page, 'drift-correction')).length, { timeout: 30_000 }).toBe(1);
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
    expect(await callPlayer(page, 'getLiveLatencyAnalytics')).toMatchObject({ driftCorrection: 1 });

    // The same drift again within the minute: seen (the position stays above 2), not corrected.
    await callPlayer(page, 'delayNextMediaManifest', 4000);
    await expect
      .poll(async () => (await callPlayer(page, 'getLiveLatencyAnalytics')) as { playlistPosition: { last: number } })
      .toMatchObject({ playlistPosition: { last: expect.any(Number) } });
    await expect
      .poll(
        async () =>
          ((await callPlayer(page, 'getLiveLatencyAnalytics')) as { playlistPosition: { last: number } })
            .playlistPosition.last,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(2);
    // Longer than the 2 s threshold, on the page's clock.
    await page.clock.fastForward(5_000);
    await page.waitForTimeout(1_000);
    expect(await labEvents(page, 'drift-correction')).toHaveLength(1);

    // A minute after the first correction the rule may act again.
    await page.clock.fastForward(60_000);
    await expect.poll(async () => (await labEvents(page, 'drift-correction')).length, { timeout: 30_000 }).toBe(2);
    await waitForPlayback(page);
    // Each reload's multivariant came from the worker's copy (cacheMultivariant), not the origin.
    await callPlayer(page, 'pause');
    await expect.poll(() => lastPlayerStats(page)).toMatchObject({ sw_multivariant_from_cache: 2 });
  });

  test('a worker that stops answering heartbeats is reported and native HLS plays on without it', async ({ page }) => {
    await page.clock.install();
    await withoutMediaSource(page);
    // From the moment the test says so, the worker's messages no longer reach the page.
    await page.addInitScript(() => {
      navigator.serviceWorker.addEventListener(
        'message',
        (event) => {
          if ((window as unknown as { labDeafToWorker?: boolean }).labDeafToWorker) event.stopImmediatePropagation();
        },
        { capture: true },
      );
    });
    await openLab(page);
    await startPlayer(page, LIVE, { config: { labAutoSink: true, serviceWorker: WORKER }, muted: true });
    await waitForPlayback(page);
    await expectWorkerActive(page);

    await page.evaluate(() => ((window as unknown as { labDeafToWorker: boolean }).labDeafToWorker = true));
    // One heartbeat interval (10 s) and its answer's timeout (5 s), on the page's clock.
    await page.clock.fastForward(16_000);
    await expect
      .poll(async () => (await labEvents(page, 'error')).map((e) => e.payload as { code: number; fatal: boolean }))
      .toContainEqual(expect.objectContaining({ code: 1013, fatal: false }));
    expect((await workerStates(page)).at(-1)?.host).toBe('error');
    // Never a black frame: the picture and time go on, the player still playing. (Native HLS
    // may wait for a part now and then, as it does with the worker: Buffering a moment, then
    // Playing again; what must never come is a pause or an error.)
    await expectPlaybackAdvances(page, { frames: 60, seconds: 2.5 });
    await expect.poll(() => playerState(page, 'state')).toBe('Playing');
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  });

  test('the embed on a page without MediaSource plays through the worker', async ({ page }) => {
    await withoutMediaSource(page);
    await page.goto('/studio-live?muted=true');
    await waitForPlayback(page);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toMatch(/\/live-manifest-sw\.js$/);
    const src = await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc);
    expect(src).toContain('/hls/studio-live/master.m3u8'); // the browser's own HLS, no MediaSource blob
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1.5 });
  });

  test("the embed in a stranger's page without MediaSource: the worker is refused there, native HLS plays alone", async ({
    page,
    baseURL,
  }) => {
    const host = await startHostSite();
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    try {
      await withoutMediaSource(page);
      host.serve('/post', hostPageWithEmbed(`${baseURL}/studio-live?muted=true`));
      await page.goto(`${host.origin}/post`);
      const frame = page.frames().find((f) => f.url().includes('/studio-live'))!;
      await waitForPlayback(frame);
      await expectPlaybackAdvances(frame, { frames: 30, seconds: 1.5 });
      // A third-party frame may not register a service worker while third-party storage is
      // blocked (as it is here, and for many viewers): the player says so and plays on.
      expect(await frame.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
      expect(warnings.some((w) => /live-manifest worker is not used/.test(w))).toBe(true);
    } finally {
      await host.close();
    }
  });
});
