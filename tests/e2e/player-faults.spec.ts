import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';
import { labEvents, openLab, startPlayer } from './support/player-lab.ts';

/**
 * The engine against real failures: the platform's fault injector makes the origin answer
 * 404/5xx, stall or corrupt media for one channel, and its request log shows what the player
 * asked for. Each journey clears the faults it set.
 */
const CHANNEL = 'studio-live';
const LIVE = `/hls/${CHANNEL}/master.m3u8`;

interface LoggedRequest {
  path: string;
  status: number;
  fault?: unknown;
}

async function addFault(admin: APIRequestContext, fault: Record<string, unknown>) {
  const response = await admin.post(`/admin/channels/${CHANNEL}/faults`, { data: fault });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Plays the live channel pinned to 160p, so a corrupted 160p segment is one the player really
 * appends and decodes.
 */
async function playPinnedTo160p(page: Page): Promise<void> {
  await startPlayer(page, LIVE);
  await waitForPlayback(page);
  await page.evaluate(() => {
    const { player } = window as unknown as {
      player: { getState(): { qualities: unknown[] }; setQuality(q: unknown): void };
    };
    player.setQuality(player.getState().qualities[0]);
  });
  await expect.poll(async () => (await sampleVideo(page)).videoWidth, { timeout: 15_000 }).toBe(284);
}

async function requestLog(admin: APIRequestContext): Promise<LoggedRequest[]> {
  const body = await (await admin.get(`/admin/channels/${CHANNEL}/requests`)).json();
  return (Array.isArray(body) ? body : body.requests) as LoggedRequest[];
}

test.describe('player engine under faults', () => {
  test.beforeEach(async ({ page, admin }) => {
    await admin.delete(`/admin/channels/${CHANNEL}/faults`);
    await admin.delete(`/admin/channels/${CHANNEL}/requests`); // the log keeps the last 200 only
    await openLab(page);
  });
  test.afterEach(async ({ admin }) => {
    await admin.delete(`/admin/channels/${CHANNEL}/faults`);
  });

  test('a playlist that answers 404 is reported as NotAvailable', async ({ page }) => {
    await startPlayer(page, '/hls/night-owl/master.m3u8'); // offline: the origin has no stream
    await expect.poll(async () => (await labEvents(page, 'error')).length).toBeGreaterThan(0);
    const [error] = await labEvents(page, 'error');
    expect(error?.payload).toMatchObject({ type: 'NotAvailable', code: 404, fatal: true });
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (window as unknown as { player: { getState(): { error: { type: string } | null } } }).player.getState()
              .error?.type,
        ),
      )
      .toBe('NotAvailable');
  });

  test('a burst of 5xx on segments is recovered without a fatal error', async ({ page, admin }) => {
    await startPlayer(page, LIVE);
    await waitForPlayback(page);
    await addFault(admin, { target: 'segment', status: 503, count: 3 });
    // The injected ones: the origin also answers 503 on its own when a blocking part request
    // outlasts its publication (seen on a loaded machine).
    await expect
      .poll(async () => (await requestLog(admin)).filter((r) => r.status === 503 && r.fault).length, {
        timeout: 20_000,
      })
      .toBe(3);
    // Playback goes on (or resumes): a second of video more than when the burst ended.
    const after = await sampleVideo(page);
    await expect
      .poll(async () => (await sampleVideo(page)).currentTime, { timeout: 15_000 })
      .toBeGreaterThan(after.currentTime + 1);
    expect((await sampleVideo(page)).paused).toBe(false);
    expect((await labEvents(page, 'error')).filter((e) => (e.payload as { fatal: boolean }).fatal)).toEqual([]);
  });

  test(
    'a corrupted part is answered with one reload, then playback recovers',
    { tag: '@sinks' },
    async ({ page, admin }) => {
      await playPinnedTo160p(page);
      const masterRequestsBefore = (await requestLog(admin)).filter((r) => r.path.endsWith('/master.m3u8')).length;
      await addFault(admin, { target: 'segment', rendition: '160p', corrupt: 'mdat', count: 1 });

      // The reload shows as a second request of the multivariant playlist.
      await expect
        .poll(async () => (await requestLog(admin)).filter((r) => r.path.endsWith('/master.m3u8')).length, {
          timeout: 20_000,
        })
        .toBe(masterRequestsBefore + 1);
      await waitForPlayback(page);
      await expectPlaybackAdvances(page, { frames: 20, seconds: 1.5 });
      expect((await sampleVideo(page)).videoWidth, 'the manual quality survives the reload').toBe(284);
      expect((await labEvents(page, 'error')).filter((e) => (e.payload as { fatal: boolean }).fatal)).toEqual([]);
    },
  );

  test('a decode error that comes back after the reload is reported', async ({ page, admin }) => {
    await playPinnedTo160p(page);
    await addFault(admin, { target: 'segment', rendition: '160p', corrupt: 'mdat' }); // every segment
    await expect
      .poll(
        async () => (await labEvents(page, 'error')).filter((e) => (e.payload as { fatal: boolean }).fatal).length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    const fatal = (await labEvents(page, 'error')).find((e) => (e.payload as { fatal: boolean }).fatal);
    expect(fatal?.payload).toMatchObject({ type: 'Error', code: 3, fatal: true });
  });

  test("a stall longer than the buffering timeout raises 'Buffering timeout' and recovers", async ({ page, admin }) => {
    await startPlayer(page, LIVE, { config: { bufferingTimeoutMs: 3000 } });
    await waitForPlayback(page);
    await addFault(admin, { target: 'segment', stallMs: 30_000, count: 4 });
    await expect
      .poll(async () => (await labEvents(page, 'error')).map((e) => (e.payload as { message: string }).message), {
        timeout: 30_000,
      })
      .toContain('Buffering timeout');
    const timeout = (await labEvents(page, 'error')).find(
      (e) => (e.payload as { message: string }).message === 'Buffering timeout',
    );
    expect(timeout?.payload).toMatchObject({ type: 'Timeout', fatal: false });

    await admin.delete(`/admin/channels/${CHANNEL}/faults`);
    await expect
      .poll(async () => (await sampleVideo(page)).currentTime, { timeout: 30_000 })
      .toBeGreaterThan((await sampleVideo(page)).currentTime + 1);
  });
});
