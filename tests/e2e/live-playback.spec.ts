import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';

test.describe('live channel', () => {
  test('decodes frames and advances time', async ({ page }) => {
    await page.goto('/studio-live');
    await expect(page.getByText('StudioLive is streaming')).toBeAttached();
    await waitForPlayback(page);

    // 3.5 s of media at 30 fps is about 105 frames; a loaded machine may present fewer.
    await expectPlaybackAdvances(page, { frames: 75, seconds: 3.5 });
    const after = await sampleVideo(page);
    expect(after.paused).toBe(false);
    expect(after.readyState).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('player')).toHaveAttribute('data-player-state', 'Playing');
  });

  test('stays continuous across a loop boundary of the fixture', async ({ page }) => {
    // The fixture loops every 8 segments (8 s); the origin must rewrite decode times so that
    // the timeline never jumps and playback never stalls when the loop restarts.
    const segments: number[] = [];
    page.on('request', (request) => {
      // Whole segments or LL-HLS parts of them, whichever the player loads.
      const match = /\/(?:seg|part)-(\d+)(?:\.\d+)?\.m4s$/.exec(new URL(request.url()).pathname);
      if (match) segments.push(Number(match[1]));
    });
    await page.goto('/studio-live');
    await waitForPlayback(page);

    await page.locator('video').evaluate((video: HTMLVideoElement) => {
      const probe = { mediaTimes: [] as number[], waiting: 0, seeking: 0 };
      (window as unknown as { probe: typeof probe }).probe = probe;
      video.addEventListener('waiting', () => probe.waiting++);
      video.addEventListener('seeking', () => probe.seeking++);
      const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
        probe.mediaTimes.push(metadata.mediaTime);
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    });
    const start = await sampleVideo(page);
    const startedAt = Date.now();
    // Until a loop boundary was crossed: segments 8k-1 and 8k (or parts of them) fetched and
    // loading gone well past them. Polled for, however long that takes, not a fixed 12 s.
    const crossedBoundary = () => {
      const boundary = segments.find((msn) => msn % 8 === 0 && segments.includes(msn - 1));
      return boundary !== undefined && Math.max(...segments) > boundary + 2 ? boundary : null;
    };
    await expect.poll(crossedBoundary, { timeout: 30_000, message: 'no loop boundary crossed' }).not.toBeNull();
    // …and played past: a low-latency buffer is about a second, so two segments on is beyond it.
    await expectPlaybackAdvances(page, { frames: 30, seconds: 2 });
    const end = await sampleVideo(page);
    const elapsed = (Date.now() - startedAt) / 1000;

    const probe = await page.evaluate(
      () => (window as unknown as { probe: { mediaTimes: number[]; waiting: number; seeking: number } }).probe,
    );
    const steps = probe.mediaTimes.slice(1).map((t, i) => t - probe.mediaTimes[i]!);
    // Frames were presented all along: 30 per media second, at least 10 on a loaded machine.
    expect(probe.mediaTimes.length).toBeGreaterThan((end.currentTime - start.currentTime) * 10);
    expect(Math.min(...steps), 'media time went backwards').toBeGreaterThan(0);
    expect(Math.max(...steps), 'media time jumped').toBeLessThan(0.5);
    expect(probe.waiting, 'playback stalled').toBe(0);
    expect(probe.seeking, 'the player had to seek').toBe(0);
    expect(end.currentTime - start.currentTime).toBeGreaterThan(elapsed * 0.8);
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.buffered.length)).toBe(1);
  });
});
