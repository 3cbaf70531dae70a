import type { Frame, Page } from '@playwright/test';
import { analyticsEvents } from './support/analytics.ts';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { startHostSite, type HostSite } from './support/host-page.ts';

/**
 * The host SDK's version 2 (issue 35) on a stranger's site (localhost against the embed's
 * 127.0.0.1): getters that ask the embed, captions and consent from the host page, and timed
 * metadata delivered with the frame that carries it. Version 1 (a page's own postMessage code)
 * is still answered: cross-site-host-api.spec.ts speaks it by hand.
 */
let host: HostSite;
test.beforeAll(async () => {
  host = await startHostSite();
});
test.afterAll(async () => {
  await host.close();
});

/** The SDK's page: every event kept with its arrival time (ms since the epoch, sub-ms). */
function sdkPage(baseURL: string, channel: string): string {
  return `<!doctype html><html lang="en"><title>A site with the SDK</title>
<div id="player"></div>
<script src="${baseURL}/sdk/onair-embed.js"></script>
<script>
  window.heard = [];
  const player = new OnAir.OnAirPlayer('player', { channel: ${JSON.stringify(channel)}, muted: true });
  for (const name of OnAir.EVENT_NAMES) {
    player.on(name, (event) => window.heard.push({ ...event, at: performance.timeOrigin + performance.now() }));
  }
  window.call = (method, ...args) =>
    player[method](...args).then(
      (value) => ({ ok: true, value }),
      (error) => ({ ok: false, reason: error.reason }),
    );
</script></html>`;
}

type Outcome = { ok: true; value?: unknown } | { ok: false; reason: string };
const call = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(
    ({ method, args }) =>
      (window as unknown as { call(m: string, ...a: unknown[]): Promise<Outcome> }).call(method, ...args),
    { method, args },
  );
const value = async (page: Page, method: string) => {
  const outcome = await call(page, method);
  if (!outcome.ok) throw new Error(`${method} failed: ${outcome.reason}`);
  return outcome.value;
};
interface Heard {
  event: string;
  at: number;
  [key: string]: unknown;
}
const heard = (page: Page, name: string) =>
  page.evaluate((name) => (window as unknown as { heard: Heard[] }).heard.filter((e) => e.event === name), name);

async function openSdkPage(page: Page, baseURL: string, channel: string): Promise<Frame> {
  host.serve('/sdk', sdkPage(baseURL, channel));
  await page.goto(`${host.origin}/sdk`);
  const frame = await (await page.locator('iframe').elementHandle())!.contentFrame();
  if (!frame) throw new Error('the SDK made no frame');
  await waitForPlayback(frame);
  // The journeys below start from a playing player (`ready` alone means a player is attached,
  // which may not have reached Playing yet).
  await expect
    .poll(async () => ((await value(page, 'getPlayerState')) as { playback?: string }).playback)
    .toBe('Playing');
  return frame;
}

test('each getter answers the truth after each command', async ({ page, baseURL }) => {
  // rewind-room: subtitles in English and German, so captions have tracks to name.
  const frame = await openSdkPage(page, baseURL!, 'rewind-room');
  const video = frame.getByTestId('video');
  expect(await value(page, 'getChannel')).toBe('rewind-room');
  const state = (await value(page, 'getPlayerState')) as Record<string, unknown>;
  expect(state).toMatchObject({ live: true, paused: false, muted: true, playback: 'Playing' });
  expect(await value(page, 'getQualities')).toEqual(expect.arrayContaining(['160p']));
  await expect.poll(() => value(page, 'getLatency')).toEqual(expect.any(Number));

  expect(await call(page, 'setVolume', 0.3)).toEqual({ ok: true });
  expect([await value(page, 'getVolume'), await value(page, 'getMuted')]).toEqual([0.3, false]);
  expect(await call(page, 'setMuted', true)).toEqual({ ok: true });
  expect(await value(page, 'getMuted')).toBe(true);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);

  expect(await call(page, 'pause')).toEqual({ ok: true });
  expect(await value(page, 'isPaused')).toBe(true);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  expect(await call(page, 'play')).toEqual({ ok: true });
  expect(await value(page, 'isPaused')).toBe(false);
  await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });

  expect(await call(page, 'setQuality', '160p')).toEqual({ ok: true });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 }).toBe(160);
  expect(await value(page, 'getQuality')).toBe('160p');
  expect(await value(page, 'getPlayerState')).toMatchObject({ autoQuality: false });

  // Captions: the tracks the stream lists, one shown by id, then none; an unknown id refused.
  await expect
    .poll(async () => ((await value(page, 'getCaptions')) as { tracks: unknown[] }).tracks.length)
    .toBeGreaterThan(1);
  const { tracks } = (await value(page, 'getCaptions')) as { tracks: { id: string; language: string }[] };
  const german = tracks.find((t) => t.language === 'de')!;
  expect(await call(page, 'setCaptions', german.id)).toEqual({ ok: true });
  // The state follows what the engine confirms (it fetches the track's playlist first).
  await expect.poll(() => value(page, 'getCaptions')).toMatchObject({ selected: german.id });
  await expect(frame.getByTestId('captions')).toHaveText(/\S/, { timeout: 15_000 });
  // The host heard the change as it happened.
  await expect.poll(async () => (await heard(page, 'captions')).at(-1)?.selected).toBe(german.id);
  expect(await call(page, 'setCaptions', null)).toEqual({ ok: true });
  await expect.poll(() => value(page, 'getCaptions')).toMatchObject({ selected: null });
  expect(await call(page, 'setCaptions', 'klingon')).toEqual({ ok: false, reason: 'unknown-track' });
  await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });
});

test('setChannel: live, offline and live again in one frame, with no reload, the sound carried', async ({
  page,
  baseURL,
}) => {
  const frame = await openSdkPage(page, baseURL!, 'studio-live');
  // A reload would start a new document: this mark would be gone.
  await frame.evaluate(() => void ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  expect(await call(page, 'setVolume', 0.5)).toEqual({ ok: true });

  expect(await call(page, 'setChannel', 'quiet-corner')).toEqual({ ok: true });
  await expect(frame.getByRole('heading', { name: 'QuietCorner is offline' })).toBeVisible();
  await expect
    .poll(async () => (await value(page, 'getPlayerState')) as object)
    .toMatchObject({
      channel: 'quiet-corner',
      live: false,
      playback: 'Idle',
    });

  expect(await call(page, 'setChannel', 'rewind-room')).toEqual({ ok: true });
  await waitForPlayback(frame);
  await expectPlaybackAdvances(frame, { frames: 15, seconds: 0.8 });
  expect(await value(page, 'getChannel')).toBe('rewind-room');
  expect(await frame.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // The sound the viewer had on the first channel.
  await expect
    .poll(() => frame.getByTestId('video').evaluate((v: HTMLVideoElement) => [v.volume, v.muted]))
    .toEqual([0.5, false]);
  expect([await value(page, 'getVolume'), await value(page, 'getMuted')]).toEqual([0.5, false]);
  const lives = (await page.evaluate(() => (window as unknown as { heard: Heard[] }).heard))
    .map((e) => e.event)
    .filter((e) => e === 'online' || e === 'offline');
  expect(lives).toEqual(['online', 'offline', 'online']);
  // A channel that does not exist: the frame's written screen, not a blank page.
  expect(await call(page, 'setChannel', 'no-such-channel')).toEqual({ ok: true });
  await expect(frame.getByRole('heading', { name: 'Channel not found' })).toBeVisible();
});

test('a host page that pauses as soon as the embed is ready gets a paused player, not not-playing', async ({
  page,
  baseURL,
}) => {
  // The README's own use: `await player.ready; await player.pause()`. `ready` means the embed
  // can answer a player command (host-api/host-window.ts), so the pause reaches a player, and
  // the autoplay that the start began does not overrule it.
  host.serve(
    '/sdk-pause-at-ready',
    `<!doctype html><html lang="en"><title>A site that pauses at once</title><div id="player"></div>
<script src="${baseURL}/sdk/onair-embed.js"></script>
<script>
  const player = new OnAir.OnAirPlayer('player', { channel: 'studio-live', muted: true });
  window.call = (method) => player[method]().then((value) => ({ ok: true, value }), (error) => ({ ok: false, reason: error.reason }));
  player.ready.then(() => window.call('pause')).then((outcome) => (window.pauseOutcome = outcome));
</script></html>`,
  );
  await page.goto(`${host.origin}/sdk-pause-at-ready`);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { pauseOutcome?: unknown }).pauseOutcome))
    .toEqual({
      ok: true,
    });
  const frame = await (await page.locator('iframe').elementHandle())!.contentFrame();
  const video = frame!.getByTestId('video');
  // The start settles paused, with its picture on screen; the autoplay did not take it back.
  await expect(video).toHaveJSProperty('readyState', 4);
  await expect(frame!.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  const state = (await value(page, 'getPlayerState')) as { playback?: string; paused?: boolean };
  expect(state.paused).toBe(true);
  expect(state.playback).not.toBe('Playing');
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});

test('setConsent from the host page turns the framed embed’s analytics on', async ({ page, baseURL, admin }) => {
  await admin.delete('/admin/analytics/events');
  await openSdkPage(page, baseURL!, 'studio-live');
  // A framed embed has no banner and no stored choice: nothing optional is sent (consent.spec.ts).
  expect(await call(page, 'setConsent', { targeting: true, performance: true })).toEqual({ ok: true });
  // A pause sends the player's stats (SPEC §9): now allowed, they reach the intake.
  expect(await call(page, 'pause')).toEqual({ ok: true });
  const stats = async () => (await analyticsEvents(admin)).filter((event) => event.name === 'player_stats');
  await expect.poll(async () => (await stats()).length).toBeGreaterThan(0);
  // An argument the protocol does not take changes nothing and says so.
  expect(await call(page, 'setConsent', { targeting: 'yes' })).toEqual({ ok: false, reason: 'invalid-argument' });
});

test('timed metadata reaches the host page with the frame that carries it', async ({ page, baseURL }) => {
  const frame = await openSdkPage(page, baseURL!, 'studio-live');
  // The embed's frames as presented: when each callback ran (ms since the epoch) and its media time.
  await frame.getByTestId('video').evaluate((video: HTMLVideoElement) => {
    const presented: { at: number; mediaTime: number }[] = [];
    (window as unknown as { presented: typeof presented }).presented = presented;
    const step: VideoFrameRequestCallback = (now, frame) => {
      presented.push({ at: performance.timeOrigin + now, mediaTime: frame.mediaTime });
      video.requestVideoFrameCallback(step);
    };
    video.requestVideoFrameCallback(step);
  });
  // The origin writes an ID3 cue at each 1 s segment's start (onair:segment): five of them.
  const start = (await heard(page, 'metadata')).length;
  await expect.poll(async () => (await heard(page, 'metadata')).length, { timeout: 15_000 }).toBeGreaterThan(start + 5);
  const presented = await frame.evaluate(
    () => (window as unknown as { presented: { at: number; mediaTime: number }[] }).presented,
  );
  // Only cues whose frame came after the recording began.
  const metadata = ((await heard(page, 'metadata')).slice(start) as (Heard & { startTime: number })[]).filter(
    (cue) => cue.startTime > presented[0]!.mediaTime,
  );
  expect(metadata.length).toBeGreaterThan(3);
  const intervals = presented.slice(1).map((f, i) => f.mediaTime - presented[i]!.mediaTime);
  const frameMs = 1000 * median(intervals.filter((d) => d > 0));
  // For each cue: the first frame shown at or after its time, and how long after that frame's
  // callback the host page heard it.
  const delays = metadata.map((cue) => {
    const carrier = presented.find((f) => f.mediaTime >= cue.startTime - 0.0005);
    if (!carrier) throw new Error(`no frame reached ${cue.startTime}`);
    return cue.at - carrier.at;
  });
  console.log(
    `metadata at the host after its frame (ms): ${delays.map((d) => d.toFixed(1)).join(' ')}; one frame ${frameMs.toFixed(1)} ms`,
  );
  // Never ahead of the picture (a ms of slack for the two documents' clocks)...
  for (const delay of delays) expect(delay).toBeGreaterThan(-1);
  // ...and within one frame of it: released on timeupdate (every 250 ms) they lagged by up to 250 ms.
  expect(median(delays)).toBeLessThanOrEqual(frameMs);
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
