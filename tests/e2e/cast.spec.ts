import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { freezeClock, settle } from './support/clock.ts';
import { openWithSettings } from './support/embed-settings.ts';
import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';

/**
 * Casting from the embed (SPEC §4 remote session, §7 sender, §8 cast errors), with the platform's
 * stand-in Chromecast: its sender framework loads in place of Google's (the platform's public
 * configuration points PUBLIC_CAST_SDK_URL at it) and its receiver page, in a second tab, plays
 * the part of the TV with our engine. The stand-in is the one part that is not real: no
 * Chromecast exists here.
 */
test.beforeEach(async ({ admin }) => {
  await admin.delete('/admin/cast/faults');
});
test.afterEach(async ({ admin }) => {
  await admin.delete('/admin/cast/faults');
});

const castButton = (page: Page) => page.getByRole('button', { name: 'Cast' });
const player = (page: Page) => page.getByTestId('player');

async function openReceiver(page: Page): Promise<void> {
  await page.goto('/cast/receiver?name=Living%20Room%20TV');
  await expect(page.getByTestId('receiver-status')).toHaveText('Living Room TV: ready to cast');
}

async function openEmbed(page: Page): Promise<void> {
  await page.goto('/studio-live?muted=true');
  await waitForPlayback(page);
}

/** The TV's element: what the viewer hears there. */
function tvSound(tv: Page): Promise<{ muted: boolean; volume: number }> {
  return tv.locator('video').evaluate((v: HTMLVideoElement) => ({ muted: v.muted, volume: v.volume }));
}

/** Counts the media requests of one page (its engine worker's included), from now on. */
function mediaRequests(page: Page): { count(): number; reset(): void } {
  let seen = 0;
  page.on('request', (request) => {
    if (request.url().includes('/hls/')) seen += 1;
  });
  return { count: () => seen, reset: () => (seen = 0) };
}

test.describe('casting to the stand-in receiver', () => {
  test('the receiver plays, the local video stops fetching, the controls reach the TV, and stop brings playback home', async ({
    page,
    context,
  }) => {
    const tv = await context.newPage();
    await openReceiver(tv);
    const fetched = mediaRequests(page);
    await openEmbed(page);
    await expect(castButton(page)).toBeVisible();
    await expect(castButton(page)).toHaveAttribute('aria-pressed', 'false');
    // The counter sees the page's own fetching (so its silence below means something).
    expect(fetched.count()).toBeGreaterThan(0);

    await castButton(page).click();
    await expect(player(page)).toHaveAttribute('data-cast-state', 'connected');
    await expect(page.getByTestId('casting')).toHaveText('Playing on Living Room TV');
    await expect(castButton(page)).toHaveAttribute('aria-pressed', 'true');
    await waitForPlayback(tv);

    // The local element is paused and fetches nothing while the TV plays on.
    expect((await sampleVideo(page)).paused).toBe(true);
    fetched.reset();
    await expectPlaybackAdvances(tv, { frames: 30, seconds: 1 });
    expect(fetched.count()).toBe(0);

    // The page's controls drive the receiver.
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(tv.getByTestId('receiver-status')).toHaveText('Living Room TV: PAUSED');
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(tv.getByTestId('receiver-status')).toHaveText('Living Room TV: PLAYING');
    // Sound too, on the TV's own element: the toggle, the slider, Mute. The controls show the
    // TV's sound while casting, so the toggle's name is whatever the TV's state makes it; each
    // step waits for the page to show the change before the next one decides from it.
    const slider = page.getByRole('slider', { name: 'Volume' });
    const before = await tvSound(tv);
    await page.getByRole('button', { name: before.muted ? 'Unmute' : 'Mute', exact: true }).click();
    await expect.poll(() => tvSound(tv)).toEqual({ muted: !before.muted, volume: before.volume });
    await slider.fill('40');
    await expect.poll(() => tvSound(tv)).toEqual({ muted: false, volume: 0.4 });
    await expect(slider).toHaveAttribute('aria-valuetext', '40%');
    await page.getByRole('button', { name: 'Mute', exact: true }).click();
    await expect.poll(() => tvSound(tv)).toEqual({ muted: true, volume: 0.4 });
    await expect(slider).toHaveAttribute('aria-valuetext', 'Muted');

    await castButton(page).click();
    await expect(player(page)).toHaveAttribute('data-cast-state', 'available');
    await expect(tv.getByTestId('receiver-status')).toHaveText('Living Room TV: ready to cast');
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 10, seconds: 0.5 });
    // Home at the live edge, not where the local video paused seconds ago: the player's own
    // latency, as the stats panel shows it, is under 2 s (it was over 5 s behind by then).
    await player(page).focus();
    await page.keyboard.press('i');
    const latency = page.getByRole('region', { name: 'Stats for nerds' }).locator('dd[data-stat="Latency"]');
    await expect.poll(async () => Number.parseFloat((await latency.textContent()) ?? '')).toBeLessThan(2);
  });

  test('no receiver on the network: no cast button, and it comes back with the receiver', async ({
    page,
    context,
    admin,
  }) => {
    const tv = await context.newPage();
    await openReceiver(tv);
    await openEmbed(page);
    await expect(castButton(page)).toBeVisible();
    // A keyboard viewer on the button when it goes: focus stays in the controls, on the one before.
    await castButton(page).focus();
    await admin.put('/admin/cast/faults', { data: { noReceiver: true } });
    await expect(castButton(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Settings' })).toBeFocused();
    await admin.delete('/admin/cast/faults');
    await expect(castButton(page)).toBeVisible();
  });

  for (const { fault, copy } of [
    { fault: { refuseSession: true }, copy: 'The TV did not accept the stream. Playing here instead.' },
    { fault: { failLoad: true }, copy: 'The TV could not load the stream. Playing here instead.' },
  ]) {
    test(`${Object.keys(fault)[0]}: the viewer reads why, and the page plays on`, async ({ page, context, admin }) => {
      const tv = await context.newPage();
      await openReceiver(tv);
      await admin.put('/admin/cast/faults', { data: fault });
      await openEmbed(page);
      await castButton(page).click();
      await expect(page.getByTestId('cast-notice')).toHaveText(copy);
      await expect(player(page)).toHaveAttribute('data-cast-state', 'available');
      await waitForPlayback(page);
      await expectPlaybackAdvances(page, { frames: 10, seconds: 0.5 });
    });
  }

  test('the receiver drops mid-stream: playback comes home', async ({ page, context, admin }) => {
    const tv = await context.newPage();
    await openReceiver(tv);
    await admin.put('/admin/cast/faults', { data: { dropAfterLoadMs: 1500 } });
    await openEmbed(page);
    await castButton(page).click();
    await expect(player(page)).toHaveAttribute('data-cast-state', 'connected');
    await expect(player(page)).not.toHaveAttribute('data-cast-state', 'connected', { timeout: 20_000 });
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 10, seconds: 0.5 });
  });

  test('axe finds no violations with the cast button, available and casting', async ({ page, context }) => {
    const tv = await context.newPage();
    await openReceiver(tv);
    await openEmbed(page);
    await expect(castButton(page)).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await castButton(page).click();
    await expect(page.getByTestId('casting')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

test('the SDK unreachable: five attempts with the spec’s backoff, then its error and no button', async ({ page }) => {
  // The page's own view: each framework script the player inserts, and each that failed to
  // load (the retry's wait starts there). Read after settle(), they cannot lag behind the page.
  await page.addInitScript(() => {
    const w = window as unknown as { castScripts: number; castScriptErrors: number };
    w.castScripts = 0;
    w.castScriptErrors = 0;
    const isFramework = (node: unknown) => node instanceof HTMLScriptElement && node.src.includes('/cast/sender.js');
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (isFramework(node)) w.castScripts += 1;
    }).observe(document, { childList: true, subtree: true });
    window.addEventListener('error', (event) => isFramework(event.target) && (w.castScriptErrors += 1), true);
  });
  const counts = () =>
    page.evaluate(() => {
      const w = window as unknown as { castScripts: number; castScriptErrors: number };
      return { inserted: w.castScripts, failed: w.castScriptErrors };
    });
  const sdkErrors: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Player error') && message.text().includes('code 1014')) {
      sdkErrors.push(message.text());
    }
  });
  let requests = 0;
  // The first attempt is held until the page clock is frozen: every wait after it is the clock's.
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  await page.route('**/cast/sender.js', async (route) => {
    requests += 1;
    if (requests === 1) await firstHeld;
    await route.abort('connectionrefused');
  });
  await page.clock.install();
  await openEmbed(page);
  await expect.poll(() => requests).toBe(1);
  await freezeClock(page);
  releaseFirst();
  // SPEC §9: 100, 200, 400, 800 ms between the five attempts.
  for (const [wait, attempt] of [
    [100, 2],
    [200, 3],
    [400, 4],
    [800, 5],
  ] as const) {
    await expect.poll(counts).toEqual({ inserted: attempt - 1, failed: attempt - 1 });
    // Not before the fifth has failed.
    expect(sdkErrors).toEqual([]);
    await settle(page);
    await page.clock.runFor(wait - 1);
    await settle(page);
    expect((await counts()).inserted).toBe(attempt - 1);
    await page.clock.runFor(1);
    await expect.poll(async () => (await counts()).inserted).toBe(attempt);
  }
  await expect.poll(counts).toEqual({ inserted: 5, failed: 5 });
  // SPEC §8's message, as the player's error (code 1014) in the console, once (the cast error
  // is the only 1014 there is; any other would fail the match below).
  await expect.poll(() => sdkErrors.length).toBe(1);
  expect(sdkErrors[0]).toMatch(/\(code 1014, sink\): Error loading chromecast SDK$/);
  await page.clock.runFor(10_000);
  await settle(page);
  expect(await counts()).toEqual({ inserted: 5, failed: 5 });
  expect(requests).toBe(5);
  expect(await page.getByTestId('player').getAttribute('data-cast-state')).toBe('unavailable');
  await expect(castButton(page)).toHaveCount(0);
});

test.describe('the Remote Playback API, where no Cast framework is configured', () => {
  /**
   * A stand-in for the browser's Remote Playback device (none exists here): `video.remote`
   * whose picker connects at once and whose device can be dropped from the test.
   */
  const FAKE_REMOTE = () => {
    const listeners: Record<string, (() => void)[]> = {};
    const fire = (type: string) => (listeners[type] ?? []).forEach((listener) => listener());
    const remote = {
      state: 'disconnected',
      watchAvailability: (callback: (available: boolean) => void) => {
        setTimeout(() => callback(true), 0);
        return Promise.resolve(1);
      },
      cancelWatchAvailability: () => Promise.resolve(),
      prompt() {
        remote.state = remote.state === 'connected' ? 'disconnected' : 'connected';
        fire(remote.state === 'connected' ? 'connect' : 'disconnect');
        return Promise.resolve();
      },
      addEventListener: (type: string, listener: () => void) => (listeners[type] ??= []).push(listener),
      removeEventListener: () => {},
    };
    Object.defineProperty(HTMLMediaElement.prototype, 'remote', { get: () => remote, configurable: true });
  };

  test('the same button and states through the browser’s picker; the element plays on', async ({ page }) => {
    await page.addInitScript(FAKE_REMOTE);
    await openWithSettings(page, { PUBLIC_CAST_SDK_URL: null });
    await waitForPlayback(page);
    await expect(castButton(page)).toBeVisible();
    await castButton(page).click();
    await expect(player(page)).toHaveAttribute('data-cast-state', 'connected');
    await expect(castButton(page)).toHaveAttribute('aria-pressed', 'true');
    // The browser plays the element on the device: the player keeps it.
    await expectPlaybackAdvances(page, { frames: 10, seconds: 0.5 });
    await castButton(page).click();
    await expect(player(page)).toHaveAttribute('data-cast-state', 'available');
  });

  test('neither a Cast framework nor the Remote Playback API: no button', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(HTMLMediaElement.prototype, 'remote', { get: () => undefined, configurable: true });
    });
    await openWithSettings(page, { PUBLIC_CAST_SDK_URL: null });
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 10, seconds: 0.5 });
    await expect(castButton(page)).toHaveCount(0);
  });
});
