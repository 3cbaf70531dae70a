import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { freezeClock, settle } from './support/clock.ts';
import {
  expect,
  expectPlaybackAdvances,
  sampleVideo,
  test,
  transitionsDone,
  waitForPlayback,
} from './support/fixtures.ts';

/**
 * The player screen as a visitor meets it (SPEC §2 "Player screen" and issue 5): overlay,
 * controls, keyboard, menus, stats, tooltips, accessibility and its look, on the live seed
 * channel in real Chromium against the real platform.
 */
const CHANNEL = '/studio-live';

const overlay = (page: Page) => page.getByTestId('overlay');
const controls = (page: Page) => page.getByTestId('controls');
const opacity = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => getComputedStyle(element).opacity);
const slider = (page: Page) => page.getByRole('slider', { name: 'Volume' });

/** Frames keep coming: the decoder presents new frames and media time moves on. */
const expectFramesAdvance = (page: Page) => expectPlaybackAdvances(page, { frames: 15, seconds: 0.8 });

/** Seconds of media buffered ahead of the playback position. */
const bufferedAhead = (page: Page) =>
  page
    .getByTestId('video')
    .evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.buffered.end(v.buffered.length - 1) - v.currentTime : 0));

/**
 * For a journey that stops the page clock while the video plays: the player loads on the page
 * clock, so once it stops only what is buffered plays (a low-latency buffer is under a second).
 * Paused, the live stream keeps loading until `seconds` are buffered ahead.
 */
async function bufferWhilePaused(page: Page, seconds: number): Promise<void> {
  await page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.pause());
  await expect.poll(() => bufferedAhead(page), { timeout: 20_000 }).toBeGreaterThan(seconds);
}

/** The pointer leaves the frame (as it does when the visitor scrolls the host page on). */
async function pointerOut(page: Page): Promise<void> {
  await page.getByTestId('player').dispatchEvent('pointerleave');
  await page.mouse.move(-10, -10);
}

async function mainSiteUrl(page: Page): Promise<string> {
  const config = await page.locator('#onair-config').textContent();
  return (JSON.parse(config ?? '{}') as { PUBLIC_MAIN_SITE_URL: string }).PUBLIC_MAIN_SITE_URL;
}

test.describe('player screen: overlay', () => {
  test('is visible while not playing, with the channel, category and en-US viewer count', async ({ page }) => {
    await page.clock.install();
    await page.goto(`${CHANNEL}?autoplay=false`);
    await expect(overlay(page)).toBeVisible();
    await expect(overlay(page).getByText('LIVE NOW', { exact: true })).toBeVisible();
    await expect(overlay(page).getByText('StudioLive is streaming')).toBeVisible();
    // The seed's 1,234 plus whoever this platform sees watching (this very tab, once it handshakes).
    await expect(page.getByTestId('viewer-count')).toHaveText(/^Watch now with 1,23[4-9] viewers$/);
    // And stays so: longer on the page clock than any of the embed's own delays (the 3 s tap).
    await freezeClock(page);
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(page.getByTestId('player')).toHaveAttribute('data-overlay', 'visible');
    await expect.poll(() => opacity(page, 'overlay')).toBe('1');
    expect(await opacity(page, 'controls')).toBe('1');
    // Red badge.
    const badge = await overlay(page)
      .getByText('LIVE NOW')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(badge).toMatch(/^rgb\((2\d\d), (\d+), (\d+)\)$/);
  });

  test('formats large counts in en-US standard notation', async ({ page }) => {
    await page.route('**/current-viewers**', (route) =>
      route.fulfill({ json: [{ channel_id: 101, viewers: 1234567 }] }),
    );
    await page.goto(`${CHANNEL}?autoplay=false`);
    await expect(page.getByTestId('viewer-count')).toHaveText('Watch now with 1,234,567 viewers');
  });

  test('links the first category and the channel page on the main site, in a new tab', async ({ page }) => {
    await page.goto(`${CHANNEL}?autoplay=false`);
    const site = (await mainSiteUrl(page)).replace(/\/$/, '');
    const category = page.getByRole('link', { name: 'Software Development' });
    await expect(category).toHaveAttribute('href', `${site}/category/software-development`);
    await expect(category).toHaveAttribute('target', '_blank');
    await expect(category).toHaveAttribute('rel', 'noopener noreferrer');
    // Only the first category is shown.
    await expect(page.getByText('Just Chatting')).toHaveCount(0);
    const channel = page.getByRole('link', { name: /^Watch now with [\d,]+ viewers$/ });
    await expect(channel).toHaveAttribute('href', `${site}/studio-live`);
    await expect(channel).toHaveAttribute('target', '_blank');
    await expect(channel).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('hides while playing and comes back on hover and on keyboard focus, without layout shift', async ({ page }) => {
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    await expect(page.getByTestId('player')).toHaveAttribute('data-player-state', 'Playing');
    await expect.poll(() => opacity(page, 'overlay')).toBe('0');
    await expect.poll(() => opacity(page, 'controls')).toBe('0');
    const title = overlay(page).getByText('StudioLive is streaming');
    // Inter in place first: the first frame can now come before the webfont has loaded, and
    // its swap would change the title's width between the two measurements (a failure seen
    // once in a fresh clone). The swap is the font's, not the overlay's.
    await page.evaluate(async () => {
      await Promise.all([document.fonts.load('400 16px Inter'), document.fonts.load('600 16px Inter')]);
      await document.fonts.ready;
    });
    const hiddenBox = await title.boundingBox();

    await page.getByTestId('video').hover();
    await expect.poll(() => opacity(page, 'overlay')).toBe('1');
    await expect.poll(() => opacity(page, 'controls')).toBe('1');
    expect(await title.boundingBox(), 'the overlay must not move anything when it appears').toEqual(hiddenBox);

    await pointerOut(page);
    await expect.poll(() => opacity(page, 'overlay')).toBe('0');

    // Keyboard focus inside the player shows it too.
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('player')).toBeFocused();
    await expect.poll(() => opacity(page, 'overlay')).toBe('1');
    await page.keyboard.press('Tab');
    await expect.poll(() => opacity(page, 'overlay')).toBe('1');
    await expectFramesAdvance(page);
  });

  test('shows again when the viewer pauses', async ({ page }) => {
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    await page.getByRole('button', { name: 'Pause' }).click();
    await pointerOut(page);
    await page
      .getByTestId('player')
      .evaluate((element) => (element.ownerDocument.activeElement as HTMLElement)?.blur());
    await expect(page.getByTestId('player')).toHaveAttribute('data-overlay', 'visible');
    // Once its fade-in (a CSS transition) is over.
    await expect.poll(() => opacity(page, 'overlay')).toBe('1');
  });
});

test.describe('player screen: touch', () => {
  test.use({ hasTouch: true });

  test('a tap reveals the overlay and controls for 3 s while playing (no hover on touch)', async ({ page }) => {
    // The 3 s on the page's clock, so a busy machine can neither shorten nor stretch them.
    await page.clock.install();
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    const player = page.getByTestId('player');
    // Enough buffered to keep playing (not buffering, which shows the overlay) while the clock stands.
    await bufferWhilePaused(page, 4);
    await freezeClock(page);
    await page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.play());
    await expect(player).toHaveAttribute('data-player-state', 'Playing');
    await expect(player).toHaveAttribute('data-overlay', 'hover');
    await expect.poll(() => opacity(page, 'controls')).toBe('0');

    await page.getByTestId('video').tap();
    await expect(player).toHaveAttribute('data-overlay', 'visible');
    await expect.poll(() => opacity(page, 'controls')).toBe('1');
    await page.clock.runFor(2_999);
    await settle(page);
    await expect(player).toHaveAttribute('data-overlay', 'visible');
    await page.clock.runFor(1);
    await expect(player).toHaveAttribute('data-overlay', 'hover');
    expect((await sampleVideo(page)).paused).toBe(false);
  });
});

test.describe('player screen: query parameters', () => {
  test('muted=true starts muted: the button offers Unmute and the slider reads Muted', async ({ page }) => {
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();
    await expect(slider(page)).toHaveAttribute('aria-valuetext', 'Muted');
    await expect(slider(page)).toHaveAttribute('aria-valuenow', '0');
    expect((await sampleVideo(page)).muted).toBe(true);
  });

  test('autoplay=false waits on Play; allowfullscreen=false removes fullscreen, F included', async ({ page }) => {
    // Fullscreen requests counted as they are made, so "none" needs no waiting for one to land.
    await page.addInitScript(() => {
      const w = window as unknown as { fullscreenRequests: number };
      w.fullscreenRequests = 0;
      const request = Element.prototype.requestFullscreen;
      Element.prototype.requestFullscreen = function (this: Element, options?: FullscreenOptions) {
        w.fullscreenRequests += 1;
        return request.call(this, options);
      };
    });
    await page.goto(`${CHANNEL}?autoplay=false&allowfullscreen=false`);
    await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Fullscreen' })).toHaveCount(0);
    await expect(slider(page)).toHaveAttribute('aria-valuenow', '60');
    await page.getByTestId('player').focus();
    await page.keyboard.press('f');
    await settle(page);
    expect(await page.evaluate(() => (window as unknown as { fullscreenRequests: number }).fullscreenRequests)).toBe(0);
    expect(await page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    expect((await sampleVideo(page)).paused).toBe(true);
  });

  test('defaults: sound on at 60 %, autoplay, fullscreen allowed', async ({ page }) => {
    await page.goto(CHANNEL);
    await waitForPlayback(page);
    await expect(page.getByRole('button', { name: 'Fullscreen' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
    await expect(slider(page)).toHaveAttribute('aria-valuetext', '60%');
    // OS media controls know what plays and follow the player.
    const session = () =>
      page.evaluate(() => ({
        title: navigator.mediaSession.metadata?.title,
        artist: navigator.mediaSession.metadata?.artist,
        state: navigator.mediaSession.playbackState,
      }));
    await expect.poll(session).toEqual({ title: 'StudioLive is streaming', artist: 'StudioLive', state: 'playing' });
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await session()).state).toBe('paused');
  });
});

test.describe('player screen: keyboard', () => {
  test('Space/K, M, ↑/↓ and F drive the player while frames keep advancing', async ({ page }) => {
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    await page.getByTestId('player').focus();

    await page.keyboard.press('k');
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    await expect.poll(async () => (await sampleVideo(page)).paused).toBe(true);
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await waitForPlayback(page);
    await expectFramesAdvance(page);

    await page.keyboard.press('m');
    await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
    await expect.poll(async () => (await sampleVideo(page)).muted).toBe(false);
    await page.keyboard.press('M');
    await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();

    // ↑ unmutes and raises by 5 %; ↓ lowers by 5 %.
    await page.keyboard.press('ArrowUp');
    await expect(slider(page)).toHaveAttribute('aria-valuenow', '65');
    await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(slider(page)).toHaveAttribute('aria-valuenow', '55');
    expect(await page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.55, 5);

    await page.keyboard.press('f');
    await expect(page.getByRole('button', { name: 'Fullscreen' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid'))).toBe('player');
    await page.keyboard.press('f');
    await expect(page.getByRole('button', { name: 'Fullscreen' })).toHaveAttribute('aria-pressed', 'false');
    await expectFramesAdvance(page);
  });

  test('shortcuts stay out of the way while typing in a text field', async ({ page }) => {
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    await page.evaluate(() => {
      const field = document.createElement('input');
      field.type = 'text';
      field.setAttribute('aria-label', 'Chat');
      field.id = 'typing';
      document.body.append(field);
    });
    await page.locator('#typing').focus();
    await page.keyboard.type('k m');
    await expect(page.locator('#typing')).toHaveValue('k m');
    // The shortcuts act on the element in their key handler; whatever they set going has run.
    await settle(page);
    const video = await sampleVideo(page);
    expect(video.paused).toBe(false);
    expect(video.muted).toBe(true);
  });

  test('every control is reachable by Tab with a visible focus ring', async ({ page }) => {
    await page.goto(`${CHANNEL}?autoplay=false`);
    await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled();
    const names: string[] = [];
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          name: element.getAttribute('aria-label') ?? element.textContent ?? '',
          ring: style.outlineStyle !== 'none' || style.boxShadow !== 'none',
        };
      });
      names.push(focused.name);
      expect(focused.ring, `${focused.name} shows a focus ring`).toBe(true);
    }
    expect(names).toEqual(
      expect.arrayContaining(['Play', 'Mute', 'Volume', 'Settings', 'Fullscreen', 'Software Development']),
    );
  });
});

test.describe('player screen: controls and menus', () => {
  test('the volume slider sets the volume and unmutes', async ({ page }) => {
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    await slider(page).fill('30');
    await expect(slider(page)).toHaveAttribute('aria-valuenow', '30');
    await expect(slider(page)).toHaveAttribute('aria-valuetext', '30%');
    await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
    const video = await page
      .getByTestId('video')
      .evaluate((v: HTMLVideoElement) => ({ volume: v.volume, muted: v.muted }));
    expect(video.volume).toBeCloseTo(0.3, 5);
    expect(video.muted).toBe(false);
    // Its own arrow keys step 5 % (and the player's ↑/↓ shortcut does not add to them).
    await slider(page).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(slider(page)).toHaveAttribute('aria-valuenow', '25');
    await page.keyboard.press('ArrowUp');
    await expect(slider(page)).toHaveAttribute('aria-valuenow', '30');
  });

  test('the quality menu pins a quality (videoHeight follows) and goes back to Auto', async ({ page }) => {
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    const settings = page.getByRole('button', { name: 'Settings' });
    await settings.click();
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('menuitem', { name: /Quality/ }).click();
    const menu = page.getByRole('menu', { name: 'Quality' });
    await expect(menu.getByRole('menuitemradio', { name: 'Auto' })).toHaveAttribute('aria-checked', 'true');
    await expect(menu.getByRole('menuitemradio')).toHaveText([
      'Auto',
      '720p (Source)',
      '480p',
      '360p',
      '160p',
      'Audio only',
    ]);

    await menu.getByRole('menuitemradio', { name: '160p' }).click();
    await expect(menu).toHaveCount(0);
    await expect(settings).toHaveAttribute('aria-expanded', 'false');
    await expect
      .poll(() => page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 })
      .toBe(160);
    await expectFramesAdvance(page);

    await settings.click();
    await expect(page.getByRole('menuitem', { name: /Quality/ })).toContainText('160p');
    await page.getByRole('menuitem', { name: /Quality/ }).click();
    await expect(page.getByRole('menuitemradio', { name: '160p' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: 'Auto' }).click();
    await settings.click();
    await expect(page.getByRole('menuitem', { name: /Quality/ })).toContainText('Auto');
    await page.keyboard.press('Escape');
    await expect(settings).toHaveAttribute('aria-expanded', 'false');
    await expect(settings).toBeFocused();
    // Auto on a fast local link climbs back above the pinned 160p.
    await expect
      .poll(() => page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 30_000 })
      .toBeGreaterThan(160);
    await expectFramesAdvance(page);
  });

  test('the settings menu works by keyboard', async ({ page }) => {
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    await page.getByRole('button', { name: 'Settings' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: /Quality/ })).toBeFocused();
    // ↓ moves inside the menu and leaves the volume alone.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemcheckbox', { name: /Stats for nerds/ })).toBeFocused();
    await expect(slider(page)).toHaveAttribute('aria-valuenow', '0');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('stats-panel')).toBeVisible();
  });

  test('stats for nerds opens by shortcut, shows live numbers and closes', async ({ page }) => {
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    await page.getByTestId('player').focus();
    await page.keyboard.press('i');
    const panel = page.getByRole('region', { name: 'Stats for nerds' });
    await expect(panel).toBeVisible();
    const stat = (label: string) => panel.locator(`dd[data-stat="${label}"]`);
    await expect(stat('Latency')).toHaveText(/^\d+\.\d\d s/);
    await expect(stat('Buffer')).toHaveText(/^\d+\.\d\d s$/);
    await expect(stat('Resolution')).toHaveText(/^\d+×\d+@\d+/);
    await expect(stat('Codecs')).toHaveText(/avc1/);
    await expect(stat('Bitrate')).toHaveText(/^[\d.,]+ (kbps|Mbps)$/);
    await expect(stat('Bandwidth estimate')).toHaveText(/^[\d.,]+ (kbps|Mbps)$/);
    await expect(stat('Dropped / decoded frames')).toHaveText(/^[\d,]+ \/ [1-9][\d,]*$/);
    const decoded = async () =>
      Number((await stat('Dropped / decoded frames').textContent())!.split('/')[1]!.replace(/\D/g, ''));
    const first = await decoded();
    await expect.poll(decoded, { timeout: 5_000 }).toBeGreaterThan(first);

    await panel.getByRole('button', { name: 'Close stats' }).click();
    await expect(panel).toHaveCount(0);
    await page.getByTestId('player').focus();
    await page.keyboard.press('i');
    await expect(panel).toBeVisible();
    await page.keyboard.press('i');
    await expect(panel).toHaveCount(0);
  });

  test('tooltips open after 700 ms, and at once within 300 ms of the last one', async ({ page }) => {
    // On the page's clock: a hover on a busy machine cannot outlast the delay it is measuring.
    await page.clock.install();
    await page.goto(`${CHANNEL}?autoplay=false`);
    await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled();
    await freezeClock(page);
    const tip = (name: RegExp) => page.getByRole('tooltip', { name });

    await page.getByRole('button', { name: 'Play' }).hover();
    await page.clock.runFor(699);
    await settle(page);
    await expect(tip(/^Play/)).toBeHidden();
    await page.clock.runFor(1);
    await expect(tip(/^Play \(k\)$/)).toBeVisible();

    // Straight on to the next control: at once, with no time passing at all.
    await page.getByRole('button', { name: 'Mute' }).hover();
    await expect(tip(/^Mute \(m\)$/)).toBeVisible();

    // Away, and back 299 ms later: still inside the 300 ms window.
    await page.getByTestId('video').hover();
    await expect(tip(/^Mute/)).toBeHidden();
    await page.clock.runFor(299);
    await page.getByRole('button', { name: 'Settings' }).hover();
    await expect(tip(/^Settings$/)).toBeVisible();

    // Away for the whole 300 ms: the full delay again.
    await page.getByTestId('video').hover();
    await expect(tip(/^Settings$/)).toBeHidden();
    await page.clock.runFor(300);
    await page.getByRole('button', { name: 'Mute' }).hover();
    await settle(page);
    await expect(tip(/^Mute/)).toBeHidden();
    await page.clock.runFor(699);
    await settle(page);
    await expect(tip(/^Mute/)).toBeHidden();
    await page.clock.runFor(1);
    await expect(tip(/^Mute \(m\)$/)).toBeVisible();
  });

  test('picture-in-picture: the toggle puts the video in its window, and takes it back', async ({ page }) => {
    // The toggle's calls, counted on their way to the browser.
    await page.addInitScript(() => {
      const calls = { request: 0, exit: 0 };
      (window as unknown as { pipCalls: typeof calls }).pipCalls = calls;
      const request = HTMLVideoElement.prototype.requestPictureInPicture;
      HTMLVideoElement.prototype.requestPictureInPicture = function (this: HTMLVideoElement) {
        calls.request += 1;
        return request.call(this);
      };
      const exit = Document.prototype.exitPictureInPicture;
      Document.prototype.exitPictureInPicture = function (this: Document) {
        calls.exit += 1;
        return exit.call(this);
      };
    });
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    // The journeys run in Debian's Chromium, which has picture-in-picture even headless.
    expect(await page.evaluate(() => document.pictureInPictureEnabled)).toBe(true);
    const button = page.getByRole('button', { name: 'Picture-in-picture' });
    const inWindow = () => page.evaluate(() => document.pictureInPictureElement?.getAttribute('data-testid') ?? null);
    const calls = () =>
      page.evaluate(() => (window as unknown as { pipCalls: { request: number; exit: number } }).pipCalls);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(await inWindow()).toBeNull();

    await button.click();
    await expect.poll(inWindow).toBe('video');
    expect(await calls()).toEqual({ request: 1, exit: 0 });
    await expect(button).toHaveAttribute('aria-pressed', 'true');

    await button.click();
    await expect.poll(inWindow).toBeNull();
    expect(await calls()).toEqual({ request: 1, exit: 1 });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expectFramesAdvance(page);
  });

  test('no picture-in-picture button where the browser has none', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Document.prototype, 'pictureInPictureEnabled', { configurable: true, get: () => false }),
    );
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    // The bar is there, with its neighbour, but not the button.
    await expect(page.getByRole('button', { name: 'Fullscreen' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Picture-in-picture' })).toHaveCount(0);
  });

  test('captions from the stream appear over the video in a live region', async ({ page }) => {
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    const captions = page.getByTestId('captions');
    await expect(captions).toHaveAttribute('aria-live', 'polite');
    await expect(captions.locator('.player__caption')).toHaveText(/\S/, { timeout: 15_000 });
    // Above the controls, never under them.
    const caption = (await captions.locator('.player__caption').boundingBox())!;
    const bar = (await controls(page).boundingBox())!;
    expect(caption.y + caption.height).toBeLessThanOrEqual(bar.y + bar.height / 2);
  });

  test('a caption stays up for its 2 s cue on the page clock, then leaves', async ({ page }) => {
    await page.clock.install();
    await page.goto(`${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    const video = page.getByTestId('video');
    const caption = page.getByTestId('captions').locator('.player__caption');

    // Paused, no cue arrives: whatever caption shows now has its timer set on the running clock,
    // at an instant the test cannot know. The buffer grows past the next caption (one every 2 s).
    await bufferWhilePaused(page, 3);
    await settle(page);
    const before = (await caption.count()) > 0 ? await caption.textContent() : null;
    await freezeClock(page);
    // Each caption that appears from here is stamped with the page clock's time: the clock only
    // moves when the test moves it, so the stamp is the instant its timer was set.
    await page.evaluate(() => {
      const region = document.querySelector('[data-testid="captions"]')!;
      const shown: { text: string; at: number }[] = [];
      (window as unknown as { shownCaptions: typeof shown }).shownCaptions = shown;
      new MutationObserver(() => {
        const text = region.querySelector('.player__caption')?.textContent ?? null;
        if (text !== null && text !== shown.at(-1)?.text) shown.push({ text, at: Date.now() });
      }).observe(region, { subtree: true, childList: true, characterData: true });
    });
    const newest = () =>
      page.evaluate(() =>
        (window as unknown as { shownCaptions: { text: string; at: number }[] }).shownCaptions.at(-1),
      );

    // Playing, the clock moves in small steps (a gap in the buffer is jumped on a timer) until
    // the next caption shows.
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await expect
      .poll(async () => {
        const latest = await newest();
        if (latest && latest.text !== before) return latest.text;
        await page.clock.runFor(50);
        return null;
      })
      .toMatch(/^Live caption \d\d:\d\d:\d\d UTC$/);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await settle(page);
    const { text: shown, at } = (await newest())!;
    await expect(caption).toHaveText(shown);

    // Its 2 s counted from when it appeared, by the page clock.
    const now = await page.evaluate(() => Date.now());
    expect(now - at).toBeLessThan(1_999);
    await page.clock.runFor(at + 1_999 - now);
    await settle(page);
    await expect(caption).toHaveText(shown);
    await page.clock.runFor(1);
    await expect(caption).toHaveCount(0);
  });

  test('a playback error shows written copy for its type with Retry, and Retry plays', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    let failing = true;
    await page.route('**/hls/studio-live/**', (route) =>
      failing ? route.fulfill({ status: 404, body: 'gone' }) : route.fallback(),
    );
    await page.goto(`${CHANNEL}?muted=true`);
    const error = page.getByTestId('player-error');
    await expect(error).toBeVisible({ timeout: 20_000 });
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(error).toHaveAttribute('data-error-type', 'NotAvailable');
    await expect(error.getByText('This stream could not be played')).toBeVisible();
    await expect(error.getByText("The stream isn't available right now.")).toBeVisible();
    // The engine's words (manifestLoadError (HTTP 404)) are for developers: the console, not the screen.
    await expect(error).not.toContainText(/HTTP|404|manifest|LoadError/i);
    expect(warnings.filter((w) => w.startsWith('Player error NotAvailable (code 404'))).not.toEqual([]);
    failing = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(error).toHaveCount(0);
    await waitForPlayback(page);
    await expectFramesAdvance(page);
  });
});

test.describe('player screen: accessibility and layout', () => {
  test('axe finds no violations, paused and playing with the menu open', async ({ page }) => {
    await page.goto(`${CHANNEL}?autoplay=false`);
    await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled();
    await transitionsDone(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.getByRole('button', { name: 'Play' }).click();
    await waitForPlayback(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: /Quality/ }).click();
    await expect(page.getByRole('menu', { name: 'Quality' })).toBeVisible();
    await transitionsDone(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByTestId('player').focus();
    await page.keyboard.press('i');
    await expect(page.getByTestId('stats-panel')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  for (const size of [
    { width: 320, height: 180 },
    { width: 375, height: 211 },
    { width: 1280, height: 720 },
    { width: 600, height: 900 },
  ]) {
    test(`fills a ${size.width}×${size.height} frame without scrollbars`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto(`${CHANNEL}?autoplay=false`);
      await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled();
      const layout = await page.evaluate(() => ({
        scrollW: document.documentElement.scrollWidth,
        scrollH: document.documentElement.scrollHeight,
        w: window.innerWidth,
        h: window.innerHeight,
      }));
      expect(layout.scrollW).toBeLessThanOrEqual(layout.w);
      expect(layout.scrollH).toBeLessThanOrEqual(layout.h);
      const player = (await page.getByTestId('player').boundingBox())!;
      expect(player).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
      // The overlay's last line ends above the control bar.
      const viewers = (await page.getByTestId('viewer-count').boundingBox())!;
      const bar = (await page.getByRole('button', { name: 'Play' }).boundingBox())!;
      expect(viewers.y + viewers.height).toBeLessThanOrEqual(bar.y);
      for (const name of ['Play', 'Settings', 'Fullscreen']) {
        const box = (await page.getByRole('button', { name }).boundingBox())!;
        expect(box.x + box.width, `${name} inside the frame`).toBeLessThanOrEqual(size.width);
      }
    });
  }
});

test.describe('player screen: looks', () => {
  // The stylesheet below is the test's own (it hides the moving picture): the page's policy
  // refuses inline styles, as it should, so these screenshots are taken with it set aside.
  test.use({ bypassCSP: true });
  for (const size of [
    { name: 'mobile', width: 375, height: 211 },
    { name: 'desktop', width: 1280, height: 720 },
  ]) {
    test(`paused player at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      // A fixed count keeps the picture independent of who else is watching.
      await page.route('**/current-viewers**', (route) =>
        route.fulfill({ json: [{ channel_id: 101, viewers: 1234 }] }),
      );
      await page.goto(`${CHANNEL}?autoplay=false`);
      await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled();
      await expect(page.getByTestId('viewer-count')).toHaveText('Watch now with 1,234 viewers');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await transitionsDone(page);
      // The live picture changes every frame and the captions follow the stream. The video fills
      // the whole frame, so a mask over it would paint over the overlay and controls too: both
      // are hidden by a stylesheet instead (the player's black background shows through).
      await page.addStyleTag({
        content: '[data-testid="video"], [data-testid="captions"] { visibility: hidden; }',
      });
      await expect(page).toHaveScreenshot(`player-${size.name}.png`, {
        animations: 'disabled',
        maxDiffPixelRatio: 0.02,
      });
    });
  }
});
