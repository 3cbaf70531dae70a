import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { freezeClock, settle } from './support/clock.ts';
import { expect, test } from './support/fixtures.ts';
import { withoutEarlyData } from './support/early-data.ts';

/**
 * The embed's screens other than the player (SPEC §2): offline, misconfigured and the error
 * screens — their content and links, the breakpoints and their 150 ms debounce, frames from
 * 320x180 up without scrollbars, axe-core, and screenshot references.
 */

const MOBILE = { width: 375, height: 211 };
const DESKTOP = { width: 1280, height: 720 };

interface ScreenCase {
  name: string;
  /** Reached by visiting these paths in order (the offline page needs its channel fetched first). */
  path: string;
  ready: (page: Page) => Promise<void>;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

const SCREENS: ScreenCase[] = [
  {
    name: 'offline-night-owl',
    path: '/night-owl',
    ready: async (page) => {
      await expect(heading(page, 'NightOwl is offline')).toBeVisible();
      await expect(page.getByTestId('offline-banner')).toHaveJSProperty('complete', true);
      const thumb = page.getByTestId('latest-stream').locator('img');
      if ((await thumb.count()) > 0) await expect(thumb).toHaveJSProperty('complete', true);
    },
  },
  {
    name: 'offline-quiet-corner',
    path: '/quiet-corner',
    ready: async (page) => {
      await expect(heading(page, 'QuietCorner is offline')).toBeVisible();
      await expect(page.getByTestId('offline-banner')).toHaveJSProperty('complete', true);
    },
  },
  {
    name: 'misconfigured',
    path: '/',
    ready: (page) => expect(heading(page, 'This embed seems to be misconfigured')).toBeVisible(),
  },
  {
    name: 'channel-not-found',
    path: '/no-such-channel',
    ready: (page) => expect(heading(page, 'Channel not found')).toBeVisible(),
  },
  {
    name: 'playback-not-found',
    path: '/no-playback',
    ready: (page) => expect(heading(page, 'Playback URL not found')).toBeVisible(),
  },
  {
    name: 'invalid-slug',
    path: '/bad.slug',
    ready: (page) => expect(heading(page, 'Invalid channel identifier')).toBeVisible(),
  },
  {
    name: 'offline-unfetched',
    path: '/night-owl/offline',
    ready: (page) =>
      expect(heading(page, 'Accessing offline page for a channel that has never been fetched')).toBeVisible(),
  },
  {
    name: 'page-not-found',
    path: '/a/b/c',
    ready: (page) => expect(heading(page, 'Page not found')).toBeVisible(),
  },
];

/** The breakpoint a width falls in, as use-breakpoint.ts classifies it. */
function breakpointOf(width: number): string {
  if (width >= 1280) return 'desktopLarge';
  if (width >= 1024) return 'desktop';
  if (width >= 768) return 'tablet';
  return 'mobile';
}

async function fontsReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all([document.fonts.load('400 16px Inter'), document.fonts.load('600 16px Inter')]);
    await document.fonts.ready;
  });
  expect(await page.evaluate(() => document.fonts.check('600 16px Inter')), 'Inter is served by the embed').toBe(true);
}

test.describe('offline screen', () => {
  test('night-owl: banner, badge, heading linking to the channel page, latest stream, logo', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/night-owl');
    const origin = new URL(page.url()).origin;
    const screen = page.getByTestId('offline-screen');
    await expect(screen).toHaveAttribute('data-breakpoint', 'desktopLarge');

    await expect(page.getByTestId('offline-banner')).toHaveAttribute('src', `${origin}/images/banner-night-owl.svg`);
    await expect(screen.getByText('Offline', { exact: true })).toBeVisible();

    const channelLink = heading(page, 'NightOwl is offline').getByRole('link');
    await expect(channelLink).toHaveAttribute('href', `${origin}/night-owl`);
    await expect(channelLink).toHaveAttribute('target', '_blank');
    await expect(channelLink).toHaveAttribute('rel', 'noopener noreferrer');

    const latest = page.getByTestId('latest-stream');
    await expect(latest.locator('img')).toHaveAttribute('src', `${origin}/images/thumb-night-owl-5001.svg`);
    await expect(latest.locator('figcaption')).toHaveText("NightOwl's latest stream");

    // The logo links to the main site and sits in the bottom-right corner.
    const logo = page.getByRole('link', { name: /^OnAir/ });
    await expect(logo).toHaveAttribute('href', `${origin}/`);
    await expect(logo).toHaveAttribute('target', '_blank');
    await expect(logo).toHaveAttribute('rel', 'noopener noreferrer');
    const box = (await logo.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(DESKTOP.width - 40);
    expect(box.y + box.height).toBeGreaterThan(DESKTOP.height - 40);
  });

  test('quiet-corner: the default banner and no latest stream', async ({ page }) => {
    const videos: string[] = [];
    page.on('requestfinished', (r) => r.url().includes('/videos') && videos.push(r.url()));
    await page.setViewportSize(DESKTOP);
    await page.goto('/quiet-corner');
    await expect(heading(page, 'QuietCorner is offline')).toBeVisible();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toHaveAttribute('src', /default-banner|^data:image\/svg\+xml/);
    await expect(banner).toHaveJSProperty('complete', true);
    expect(await banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(videos, 'the videos were asked for').toHaveLength(1);
    await expect(page.getByText("QuietCorner's latest stream")).toHaveCount(0);
    await expect(page.getByTestId('latest-stream')).toHaveCount(0);
  });

  test('a spinner shows while the channel info loads', async ({ page }) => {
    // The page asks for the info itself (as served by a host that injects nothing), to be held.
    await withoutEarlyData(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v2/channels/night-owl/info', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/night-owl');
    await expect(page.getByRole('status')).toContainText('Loading channel');
    await expect(page.locator('.spinner')).toBeVisible();
    release();
    await expect(heading(page, 'NightOwl is offline')).toBeVisible();
    await expect(page.locator('.spinner')).toHaveCount(0);
  });

  test('the heading, the latest stream and the logo are reachable by keyboard, with a visible focus ring', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/night-owl');
    await expect(heading(page, 'NightOwl is offline')).toBeVisible();
    await page.keyboard.press('Tab');
    const channelLink = heading(page, 'NightOwl is offline').getByRole('link');
    await expect(channelLink).toBeFocused();
    expect(await channelLink.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.keyboard.press('Tab');
    const watch = page.getByRole('link', { name: /^Watch NightOwl's latest stream/ });
    await expect(watch).toBeFocused();
    expect(await watch.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: /^OnAir/ })).toBeFocused();
  });
});

test.describe('misconfigured screen', () => {
  const misconfigured: [string, string][] = [
    ['/', 'no channel in the URL'],
    ['/?muted=true', 'no channel in the URL, with a query'],
    ['/studio-live?muted=%E0%A4%A', 'a query value with malformed percent-encoding'],
    ['/night-owl?%ZZ=1', 'a query name with malformed percent-encoding'],
    ['/night-owl/offline?autoplay=%', 'a malformed query on the offline route'],
  ];
  for (const [path, why] of misconfigured) {
    test(`${path}: ${why}`, async ({ page }) => {
      const apiCalls: string[] = [];
      page.on('request', (r) => r.url().includes('/api/') && apiCalls.push(r.url()));
      await page.goto(path);
      await expect(page.getByRole('alert')).toContainText('This embed seems to be misconfigured');
      await expect(page.getByRole('img', { name: 'OnAir' })).toBeVisible();
      await expect(page.getByRole('button')).toHaveCount(0);
      await expect(page.locator('video')).toHaveCount(0);
      expect(apiCalls, 'nothing is fetched for a misconfigured embed').toEqual([]);
    });
  }

  test('a malformed slug is not misconfigured: it is the spec’s invalid identifier', async ({ page }) => {
    await page.goto('/bad.slug?muted=true');
    await expect(heading(page, 'Invalid channel identifier')).toBeVisible();
  });
});

test.describe('error screens', () => {
  const cases: [string, string, boolean][] = [
    ['/no-such-channel', 'Channel not found', true],
    ['/no-playback', 'Playback URL not found', true],
    ['/bad.slug', 'Invalid channel identifier', false],
    ['/night-owl/offline', 'Accessing offline page for a channel that has never been fetched', true],
    ['/a/b/c', 'Page not found', false],
  ];
  for (const [path, message, retry] of cases) {
    test(`${path}: '${message}' with the logo${retry ? ' and a retry' : ', no retry'}`, async ({ page }) => {
      await page.goto(path);
      const screen = page.getByTestId('route-error');
      await expect(screen.getByRole('alert')).toHaveText(message);
      await expect(heading(page, message)).toHaveText(message);
      const origin = new URL(page.url()).origin;
      await expect(page.getByRole('link', { name: /^OnAir/ })).toHaveAttribute('href', `${origin}/`);
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(retry ? 1 : 0);
      // Designed, not raw: no stack, no error text other than the message.
      await expect(screen).not.toContainText(/Error:|at \w+ \(|\.tsx?:\d+/);
    });
  }

  test("'Try again' asks again: a channel that failed to load shows once the platform answers", async ({ page }) => {
    // The page asks for the info itself (as served by a host that injects nothing), to fail.
    await withoutEarlyData(page);
    let failing = true;
    await page.route('**/api/v2/channels/night-owl/info', (route) =>
      failing
        ? route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' })
        : route.continue(),
    );
    await page.goto('/night-owl');
    await expect(heading(page, 'Channel not found')).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(heading(page, 'NightOwl is offline')).toBeVisible();
    await expect(page).toHaveURL(/\/night-owl\/offline$/);
  });

  test("'Try again' on an offline page opened directly goes through the channel and comes back", async ({ page }) => {
    await page.goto('/night-owl/offline?muted=true');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(heading(page, 'NightOwl is offline')).toBeVisible();
    await expect(page).toHaveURL(/\/night-owl\/offline\?muted=true$/);
  });
});

test.describe('accessibility (axe-core)', () => {
  for (const screen of SCREENS) {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      test(`${screen.name} at ${label} has no violations`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(screen.path);
        await screen.ready(page);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
      });
    }
  }
});

test.describe('screenshots', () => {
  for (const screen of SCREENS) {
    for (const [label, viewport] of [
      ['mobile', MOBILE],
      ['desktop', DESKTOP],
    ] as const) {
      test(`${screen.name} at ${label}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(screen.path);
        await screen.ready(page);
        await fontsReady(page);
        await expect(page.locator('[data-breakpoint]')).toHaveAttribute(
          'data-breakpoint',
          breakpointOf(viewport.width),
        );
        await expect(page).toHaveScreenshot(`${screen.name}-${label}.png`, {
          animations: 'disabled',
          caret: 'hide',
          // The thumbnail is the platform's image (its text drawn with whatever fonts the
          // machine has), not the embed's design: its box is compared, its pixels are not.
          mask: [page.locator('.offline__latest img')],
          maskColor: '#3a2f5b',
          // Font antialiasing differs by a few edge pixels between runs and machines.
          maxDiffPixelRatio: 0.01,
          threshold: 0.2,
        });
      });
    }
  }
});

test.describe('breakpoints', () => {
  for (const [width, breakpoint, thumbnail] of [
    [375, 'mobile', false],
    [800, 'tablet', true],
    [1100, 'desktop', true],
    [1400, 'desktopLarge', true],
  ] as const) {
    test(`${width} px is ${breakpoint}; the latest stream is ${thumbnail ? 'shown' : 'hidden'}`, async ({ page }) => {
      const thumbnails: string[] = [];
      page.on('request', (r) => r.url().includes('/images/thumb-') && thumbnails.push(r.url()));
      await page.setViewportSize({ width, height: Math.round((width * 9) / 16) });
      await page.goto('/night-owl');
      await expect(page.getByTestId('offline-screen')).toHaveAttribute('data-breakpoint', breakpoint);
      await expect(page.getByText("NightOwl's latest stream")).toHaveCount(thumbnail ? 1 : 0);
      if (thumbnail) await expect(page.getByTestId('latest-stream')).toBeVisible();
      // Hidden on mobile means not there at all: the image is not even downloaded.
      else expect(thumbnails).toEqual([]);
    });
  }

  test('a burst of resizes gives one change, 150 ms after the last one', async ({ page }) => {
    // On the page's clock (the frame shares it): the debounce fires when the test moves time on,
    // not when a busy machine gets round to it.
    await page.clock.install();
    // The embed in an iframe of its own origin, resized by the host page: the real setting.
    await page.goto('/night-owl');
    await expect(heading(page, 'NightOwl is offline')).toBeVisible();
    await page.evaluate(async () => {
      document.body.replaceChildren();
      const frame = document.createElement('iframe');
      frame.id = 'embed';
      frame.style.cssText = 'border:0;width:1400px;height:400px';
      frame.src = '/night-owl';
      document.body.append(frame);
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    });
    const frame = page.frameLocator('#embed');
    const screen = frame.getByTestId('offline-screen');
    await expect(screen).toHaveAttribute('data-breakpoint', 'desktopLarge');

    // Every resize the frame sees and every change of its breakpoint, on the frame's (page) clock.
    await page.evaluate(() => {
      const win = (document.getElementById('embed') as HTMLIFrameElement).contentWindow!;
      const root = win.document.querySelector('[data-breakpoint]')!;
      const log = { resizes: [] as number[], changes: [] as { at: number; value: string | null }[] };
      (window as unknown as { breakpointLog: typeof log }).breakpointLog = log;
      win.addEventListener('resize', () => log.resizes.push(win.performance.now()));
      new MutationObserver(() =>
        log.changes.push({ at: win.performance.now(), value: root.getAttribute('data-breakpoint') }),
      ).observe(root, { attributes: true, attributeFilter: ['data-breakpoint'] });
    });
    type Log = { resizes: number[]; changes: { at: number; value: string | null }[] };
    const log = () => page.evaluate(() => (window as unknown as { breakpointLog: Log }).breakpointLog);

    await freezeClock(page);
    const widths = [1100, 900, 500, 800, 375];
    for (const [i, width] of widths.entries()) {
      // Each step well inside the 150 ms window, the whole burst well beyond it.
      if (i > 0) await page.clock.runFor(100);
      await page.evaluate((width) => {
        (document.getElementById('embed') as HTMLIFrameElement).style.width = `${width}px`;
      }, width);
      // The frame dispatches resize when it renders (not on the page clock): wait for this one.
      await expect.poll(async () => (await log()).resizes.length, 'the frame saw the resize').toBe(i + 1);
    }
    await page.clock.runFor(149);
    await settle(page);
    expect((await log()).changes, 'nothing before 150 ms').toEqual([]);
    await expect(screen).toHaveAttribute('data-breakpoint', 'desktopLarge');

    await page.clock.runFor(1);
    await expect(screen).toHaveAttribute('data-breakpoint', 'mobile');
    const { resizes, changes } = await log();
    // One change for the whole burst, on the last resize's width, exactly 150 ms after it.
    expect(changes.map((c) => c.value)).toEqual(['mobile']);
    expect(changes[0]!.at - resizes.at(-1)!).toBe(150);
    await expect(frame.getByText("NightOwl's latest stream")).toHaveCount(0);
  });
});

test.describe('frames from 320x180 up, without scrollbars', () => {
  const FRAMES = [
    { width: 320, height: 180 },
    { width: 375, height: 211 },
    { width: 640, height: 360 },
    { width: 800, height: 450 },
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ];
  for (const screen of SCREENS.filter((s) =>
    ['offline-night-owl', 'offline-quiet-corner', 'misconfigured', 'offline-unfetched'].includes(s.name),
  )) {
    test(screen.name, async ({ page }) => {
      await page.setViewportSize(FRAMES[0]!);
      await page.goto(screen.path);
      await screen.ready(page);
      await fontsReady(page);
      for (const frame of FRAMES) {
        await page.setViewportSize(frame);
        const root = page.locator('[data-breakpoint]');
        await expect(root).toHaveAttribute('data-breakpoint', breakpointOf(frame.width));
        await screen.ready(page);
        const fit = await root.evaluate((el) => {
          const doc = document.documentElement;
          const overflowing = [...el.querySelectorAll('*')]
            .filter((child) => {
              const r = child.getBoundingClientRect();
              const visible = r.width > 1 && r.height > 1 && getComputedStyle(child).visibility !== 'hidden';
              return (
                visible && (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
              );
            })
            .map((child) => child.getAttribute('class') ?? child.tagName);
          return {
            page: [doc.scrollWidth, doc.clientWidth, doc.scrollHeight, doc.clientHeight],
            screen: [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight],
            overflowing,
          };
        });
        const label = `${frame.width}x${frame.height}`;
        expect(fit.page[0], `${label}: page width`).toBeLessThanOrEqual(fit.page[1]!);
        expect(fit.page[2], `${label}: page height`).toBeLessThanOrEqual(fit.page[3]!);
        expect(fit.screen[0], `${label}: screen width`).toBeLessThanOrEqual(fit.screen[1]!);
        expect(fit.screen[2], `${label}: screen height`).toBeLessThanOrEqual(fit.screen[3]!);
        expect(fit.overflowing, `${label}: elements outside the frame`).toEqual([]);
      }
    });
  }
});
