import {
  expect,
  expectPlaybackAdvances,
  expectStandsStillWhileStreamMovesOn,
  sampleVideo,
  test,
  waitForPlayback,
} from './support/fixtures.ts';
import { callPlayer, labEvents, openLab, playerState, startPlayer } from './support/player-lab.ts';

/**
 * The engine on its own (packages/player in a bare page) against the platform's live origin:
 * every assertion is about frames decoded, time advancing or what the element really does.
 */
const LIVE = '/hls/studio-live/master.m3u8';

interface QualityJson {
  name: string;
  group: string;
  width: number;
  height: number;
  bitrate: number;
}

const call = callPlayer;

test.describe('player engine', () => {
  test.beforeEach(async ({ page }) => {
    await openLab(page);
  });

  test('plays, pauses, resumes, mutes and clamps the volume', { tag: '@sinks' }, async ({ page }) => {
    await startPlayer(page, LIVE);
    await waitForPlayback(page);
    await expect.poll(() => playerState(page, 'state')).toBe('Playing');
    expect(await playerState(page, 'loaded')).toBe(true);

    await call(page, 'pause');
    await expect.poll(() => playerState(page, 'state')).toBe('Idle');
    expect(await playerState(page, 'paused')).toBe(true);
    await expectStandsStillWhileStreamMovesOn(page, 1);
    // Pausing emits the analytics stats of the play so far, stamped for the web; the first play
    // sent its video-play before (SPEC §7, with the GPU fields: no GPU surface was asked for).
    const analytics = (await labEvents(page, 'analytics')).map(
      (e) => e.payload as { name: string; properties: Record<string, unknown> },
    );
    expect(analytics[0]).toMatchObject({
      name: 'video-play',
      properties: { gpu_supported: false, gpu_unsupported_reason: 'not-requested' },
    });
    expect(analytics.at(-1)).toMatchObject({
      name: 'player_stats',
      properties: { reason: 'pause', app_platform: 'web' },
    });

    await call(page, 'play');
    await expect.poll(() => playerState(page, 'state')).toBe('Playing');
    await expectPlaybackAdvances(page, { frames: 10, seconds: 0.5 });

    await call(page, 'setMuted', true);
    expect((await sampleVideo(page)).muted).toBe(true);
    await expect.poll(() => playerState(page, 'muted')).toBe(true);
    expect(await labEvents(page, 'muted-changed')).toHaveLength(1);

    await call(page, 'setVolume', 0.3);
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.3);
    await call(page, 'setVolume', 5);
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.volume)).toBe(1);
    // Read back in the same task: on a live stream hls.js's catch-up owns the rate afterwards.
    const rates = await page.evaluate(() => {
      const w = window as unknown as { player: { setPlaybackRate(r: number): void } };
      const v = document.querySelector('video')!;
      w.player.setPlaybackRate(9);
      const high = v.playbackRate;
      w.player.setPlaybackRate(0);
      return [high, v.playbackRate];
    });
    expect(rates).toEqual([2, 0.25]);
  });

  test('reports statistics from the element and the version 1.31.0', async ({ page }) => {
    await startPlayer(page, LIVE);
    await waitForPlayback(page);
    type Statistics = { framerate: number; decodedFrames: number; bitrate: number };
    // Sampled every 500 ms: polled until a sample has counted a few dozen frames.
    await expect
      .poll(async () => (await playerState<Statistics>(page, 'statistics')).decodedFrames)
      .toBeGreaterThan(20);
    const statistics = await playerState<Statistics>(page, 'statistics');
    const video = await sampleVideo(page);
    expect(statistics.decodedFrames).toBeGreaterThan(20);
    expect(statistics.decodedFrames).toBeLessThanOrEqual(video.frames);
    expect(statistics.framerate).toBeGreaterThan(10);
    expect(statistics.bitrate).toBeGreaterThan(100_000);
    expect(await call(page, 'getVersion')).toBe('1.31.0');
    expect(await playerState(page, 'duration')).toBe(Number.POSITIVE_INFINITY); // live
  });

  test(
    'switches quality by hand (the decoded picture changes size) and back to auto',
    { tag: '@sinks' },
    async ({ page }) => {
      await startPlayer(page, LIVE);
      await waitForPlayback(page);
      const qualities = await playerState<QualityJson[]>(page, 'qualities');
      expect(qualities.map((q) => q.name)).toEqual(['160p', '360p', '480p', '720p']);
      // The origin marks its top rendition as the source (VIDEO="chunked"): SPEC §3's group.
      expect(qualities.map((q) => q.group)).toEqual(['160p30', '360p30', '480p30', 'chunked']);

      const q720 = qualities.find((q) => q.height === 720)!;
      const q160 = qualities.find((q) => q.height === 160)!;
      await call(page, 'setQuality', q720);
      await expect.poll(async () => (await sampleVideo(page)).videoWidth, { timeout: 15_000 }).toBe(1280);
      await call(page, 'setQuality', q160);
      await expect.poll(async () => (await sampleVideo(page)).videoWidth, { timeout: 15_000 }).toBe(284);
      expect(await playerState(page, 'autoQualityMode')).toBe(false);
      await expect.poll(async () => (await playerState<QualityJson>(page, 'quality')).name).toBe('160p');
      expect((await labEvents(page, 'quality-changed')).length).toBeGreaterThanOrEqual(2);

      // Auto again: on loopback the bandwidth estimate allows more than 160p.
      await call(page, 'setAutoQualityMode', true);
      expect(await playerState(page, 'autoQualityMode')).toBe(true);
      await expect.poll(async () => (await sampleVideo(page)).videoWidth, { timeout: 20_000 }).toBeGreaterThan(284);
    },
  );

  test('filters out renditions the browser cannot decode before requesting them', async ({ page, admin }) => {
    // The origin advertises a 1080p HEVC variant it does not carry; Chromium here has no HEVC.
    await admin.delete('/admin/channels/studio-live/requests');
    await startPlayer(page, `${LIVE}?advertise=hevc`);
    await waitForPlayback(page);
    const names = (await playerState<QualityJson[]>(page, 'qualities')).map((q) => q.name);
    expect(names).toEqual(['160p', '360p', '480p', '720p']);
    const [loaded] = await labEvents(page, 'loaded');
    expect((loaded!.payload as { removed: QualityJson[] }).removed.map((q) => q.name)).toEqual(['1080p']);
    const log = (await (await admin.get('/admin/channels/studio-live/requests')).json()) as {
      requests: { path: string }[];
    };
    expect(log.requests.filter((r) => r.path.includes('1080p-hevc'))).toEqual([]);
  });

  test('refuses a manual quality while the element shows native controls', async ({ page }) => {
    await startPlayer(page, LIVE);
    await waitForPlayback(page);
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.locator('video').evaluate((v: HTMLVideoElement) => (v.controls = true));
    const [q160] = await playerState<QualityJson[]>(page, 'qualities');
    await call(page, 'setQuality', q160);
    expect(await playerState(page, 'autoQualityMode')).toBe(true);
    expect(warnings.join('\n')).toContain('native controls');
  });

  test('reports live latency within 1 s of what program-date-time implies', async ({ page }) => {
    await startPlayer(page, LIVE);
    await waitForPlayback(page);
    // The state is sampled every 500 ms: the first frame can come before the first sample.
    await expect.poll(() => playerState<number>(page, 'liveLatency')).toBeGreaterThan(0);
    // The oracle: the origin stamps every segment with an ID3 'onair:segment' tag carrying its
    // program-date-time at the segment's first media instant. With the newest tag playback has
    // reached, the frame on screen is PDT + (currentTime - tag time): read in the page in one go,
    // with the clock and the player's state, so no request or round trip can race it.
    for (let round = 0; round < 3; round++) {
      const sample = await page.evaluate(() => {
        const w = window as unknown as {
          player: { getState(): { liveLatency: number } };
          labEvents: { type: string; payload: { description: string; startTime: number; text: string } }[];
        };
        const v = document.querySelector('video')!;
        const tags = w.labEvents.filter(
          (e) => e.type === 'text-metadata-cue' && e.payload.description === 'onair:segment',
        );
        const tag = tags.at(-1)?.payload;
        return {
          position: v.currentTime,
          now: Date.now(),
          latency: w.player.getState().liveLatency,
          tag: tag
            ? { startTime: tag.startTime, pdt: (JSON.parse(tag.text) as { programDateTime: string }).programDateTime }
            : null,
        };
      });
      expect(sample.tag, 'a segment tag has been reached').not.toBeNull();
      const pdtOnScreenMs = Date.parse(sample.tag!.pdt) + (sample.position - sample.tag!.startTime) * 1000;
      const expected = (sample.now - pdtOnScreenMs) / 1000;
      expect(sample.latency).toBeGreaterThan(0);
      // The state is refreshed every 500 ms, so it may be up to half a second old.
      expect(Math.abs(sample.latency - expected), `latency ${sample.latency} vs ${expected}`).toBeLessThan(1);
      await expect
        .poll(() => page.evaluate(() => document.querySelector('video')!.currentTime))
        .toBeGreaterThan(sample.position + 1);
    }
    const analytics = await call(page, 'getLiveLatencyAnalytics');
    expect(analytics).toMatchObject({ driftCorrection: 0, liveLatencyTiming: { first: expect.any(Number) } });
  });

  test('corrects live drift: far behind the edge for too long, it reloads at the live edge', async ({ page }) => {
    // The spec's rule with shorter constants so the journey takes seconds, not minutes.
    // Playback starts 3-4 segments behind the edge; 6 s further back crosses the maximum of 6.
    const driftDetection = {
      enabled: true,
      maxPlaylistPosition: 6,
      triggerDetectionThreshold: 2,
      minDurationBetweenCorrections: 60,
    };
    await startPlayer(page, LIVE, { config: { driftDetection } });
    await waitForPlayback(page);
    // Some back buffer to fall back into: more than the 6 s the position is moved back.
    await expect
      .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime - v.buffered.start(0)), {
        timeout: 30_000,
      })
      .toBeGreaterThan(7);
    const latencyBefore = await playerState<number>(page, 'liveLatency');
    expect(await labEvents(page, 'drift-correction')).toHaveLength(0);
    await page.locator('video').evaluate((v: HTMLVideoElement) => (v.currentTime -= 6));
    await expect.poll(() => playerState<number>(page, 'liveLatency')).toBeGreaterThan(latencyBefore + 4);

    await expect.poll(async () => (await labEvents(page, 'drift-correction')).length, { timeout: 20_000 }).toBe(1);
    await waitForPlayback(page);
    await expect
      .poll(() => playerState<number>(page, 'liveLatency'), { timeout: 20_000 })
      .toBeLessThan(latencyBefore + 2);
    expect(await call(page, 'getLiveLatencyAnalytics')).toMatchObject({ driftCorrection: 1 });
  });

  test('surfaces in-stream captions (2 s cues) and timed metadata when playback reaches them', async ({ page }) => {
    await startPlayer(page, LIVE);
    await waitForPlayback(page);
    await expect.poll(async () => (await labEvents(page, 'text-cue')).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await labEvents(page, 'text-metadata-cue')).length).toBeGreaterThan(1);

    const [caption] = await labEvents(page, 'text-cue');
    const cue = caption!.payload as { startTime: number; endTime: number; text: string };
    expect(cue.text).toMatch(/^Live caption \d\d:\d\d:\d\d UTC$/);
    expect(cue.endTime - cue.startTime).toBe(2);

    const metadata = (await labEvents(page, 'text-metadata-cue')).map(
      (e) => e.payload as { description: string; text: string; startTime: number },
    );
    const segment = metadata.find((m) => m.description === 'onair:segment')!;
    const { msn, programDateTime } = JSON.parse(segment.text) as { msn: number; programDateTime: string };
    expect(Date.parse(programDateTime)).toBe(msn * 1000);
    // Released on time: never ahead of the playback position.
    const position = await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
    for (const m of metadata) expect(m.startTime).toBeLessThanOrEqual(position);
  });

  test('plays through the native HLS (passthrough) sink when forced', async ({ page }) => {
    await startPlayer(page, LIVE, { config: { sink: 'passthrough' } });
    await waitForPlayback(page);
    expect(await playerState(page, 'sink')).toBe('passthrough');
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1.5 });
    const src = await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc);
    expect(src).toContain('/hls/studio-live/master.m3u8'); // not a MediaSource blob
  });

  test('does not start in a hidden page, and starts once it is visible', async ({ page }) => {
    await page.evaluate(() => {
      const w = window as unknown as { labHidden: boolean };
      w.labHidden = true;
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => w.labHidden });
    });
    await startPlayer(page, LIVE);
    await expect.poll(() => playerState(page, 'loaded')).toBe(true);
    expect((await expectStandsStillWhileStreamMovesOn(page, 1.5)).paused).toBe(true);
    expect(await playerState(page, 'paused')).toBe(false); // the request to play stands

    await page.evaluate(() => {
      (window as unknown as { labHidden: boolean }).labHidden = false;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitForPlayback(page);
    expect((await sampleVideo(page)).paused).toBe(false);
  });

  test('warns and does nothing when a deleted player is used', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await startPlayer(page, LIVE);
    await waitForPlayback(page);
    await call(page, 'delete');
    await call(page, 'play');
    await call(page, 'setVolume', 0.1);
    expect(warnings.filter((w) => w === 'Method called on deleted player instance.')).toHaveLength(2);
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.volume)).toBe(1);
  });
});

test.describe('player engine without WebAssembly', () => {
  test('refuses playback with the spec message', async ({ page }) => {
    await page.addInitScript(() => {
      // @ts-expect-error: simulating a browser without WebAssembly
      delete window.WebAssembly;
    });
    await openLab(page);
    await startPlayer(page, LIVE);
    const [error] = await labEvents(page, 'error');
    expect(error?.payload).toMatchObject({
      type: 'NotSupported',
      fatal: true,
      message: 'WebAssembly is not supported by the browser. This is required for playback.',
    });
    // Refused before anything was attached: the element never got a source to load from.
    const element = await page
      .locator('video')
      .evaluate((v: HTMLVideoElement) => ({ src: v.currentSrc, network: v.networkState, ready: v.readyState }));
    expect(element).toEqual({ src: '', network: 0 /* NETWORK_EMPTY */, ready: 0 /* HAVE_NOTHING */ });
    expect((await sampleVideo(page)).frames).toBe(0);
  });
});

test.describe('player engine in Chrome 63', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.132 Safari/537.36',
  });

  test('pauses a muted tab when it is hidden, and resumes when it is visible again', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { labHidden: boolean };
      w.labHidden = false;
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => w.labHidden });
    });
    await openLab(page);
    await startPlayer(page, LIVE, { muted: true });
    await waitForPlayback(page);
    const setHidden = (hidden: boolean) =>
      page.evaluate((hidden) => {
        (window as unknown as { labHidden: boolean }).labHidden = hidden;
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);

    await setHidden(true);
    await expect.poll(async () => (await sampleVideo(page)).paused).toBe(true);
    expect(await playerState(page, 'paused')).toBe(false); // not the viewer's pause

    await setHidden(false);
    await expect.poll(async () => (await sampleVideo(page)).paused).toBe(false);
    await waitForPlayback(page);
  });
});
