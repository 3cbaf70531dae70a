import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, transitionsDone, waitForPlayback } from './support/fixtures.ts';
import { startHostSite, type HostSite } from './support/host-page.ts';

/**
 * The embed builder (GET /builder): a site owner picks a channel and options, watches the
 * preview (the real embed, made with the host SDK), copies the code, and pastes it into their
 * own page on another site, where it plays. Needs the SDK's build (scripts/build-sdk.mjs,
 * which `npm test` and `npm start` run) at packages/embed-sdk/dist.
 */
let host: HostSite;
test.beforeAll(async () => {
  host = await startHostSite();
});
test.afterAll(() => host.close());

const snippet = (page: Page) => page.getByRole('textbox', { name: 'Code to paste into your page' });

async function frameOf(page: Page, selector: string): Promise<Frame> {
  const element = page.locator(selector);
  await expect(element).toBeVisible();
  const frame = await (await element.elementHandle())!.contentFrame();
  if (!frame) throw new Error(`${selector} has no frame`);
  return frame;
}

async function openBuilder(page: Page): Promise<void> {
  await page.goto('/builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Embed builder' })).toBeVisible();
  await expect(page.locator('#preview iframe')).toBeVisible();
}

/** A stranger's page that is nothing but the pasted code. */
const pageWith = (code: string) =>
  `<!doctype html><html lang="en"><title>A stranger's blog</title><h1>Watch along</h1>\n${code}\n</html>`;

test.describe('the embed builder', () => {
  test('passes axe-core, the preview frame included', async ({ page }) => {
    await openBuilder(page);
    await expect(snippet(page)).toHaveValue(/<iframe/);
    // The preview settled: playing, its overlay done fading (a half-faded text has half its contrast).
    const preview = await frameOf(page, '#preview iframe');
    await waitForPlayback(preview);
    await transitionsDone(preview);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('writes the chosen options into the snippet and the preview, from the keyboard too', async ({
    page,
    baseURL,
  }) => {
    await openBuilder(page);
    const code = snippet(page);
    await expect(code).toHaveValue(
      new RegExp(`src="${baseURL}/studio-live\\?muted=false&amp;autoplay=true&amp;allowfullscreen=true"`),
    );
    await expect(code).toHaveValue(/\n {2}allowfullscreen\n/);

    // The keyboard alone: focus a checkbox and press Space.
    await page.getByRole('checkbox', { name: 'Start muted' }).focus();
    await page.keyboard.press('Space');
    await expect(code).toHaveValue(/\?muted=true&amp;/);
    await page.getByRole('checkbox', { name: 'Allow fullscreen' }).uncheck();
    await expect(code).toHaveValue(/allowfullscreen=false"/);
    await expect(code).not.toHaveValue(/\n {2}allowfullscreen\n/);
    await expect(code).toHaveValue(/allow="autoplay; picture-in-picture; encrypted-media"/);
    await page.getByRole('combobox', { name: 'Channel' }).selectOption('night-owl');
    await expect(code).toHaveValue(/\/night-owl\?muted=true&amp;autoplay=true&amp;allowfullscreen=false"/);
    // The preview is remade with the same options.
    await expect(page.locator('#preview iframe')).toHaveAttribute(
      'src',
      `${baseURL}/night-owl?muted=true&autoplay=true&allowfullscreen=false`,
    );
    await expect(page.locator('#preview iframe')).toHaveCount(1);

    await page.getByRole('radio', { name: /The SDK/ }).check();
    await expect(code).toHaveValue(new RegExp(`<script src="${baseURL}/sdk/onair-embed.js"></script>`));
    await expect(code).toHaveValue(
      /channel: "night-owl",\n {4}muted: true,\n {4}autoplay: true,\n {4}allowfullscreen: false,\n {2}\}\);/,
    );
    // The host page's opt-in to audio-only out of sight: written only when on, in both snippets.
    await page.getByRole('checkbox', { name: 'Sound only after 30 s out of sight' }).check();
    await expect(code).toHaveValue(/allowfullscreen: false,\n {4}audioOnlyWhenHidden: true,\n {2}\}\);/);
    await page.getByRole('radio', { name: /An iframe/ }).check();
    await expect(code).toHaveValue(/allowfullscreen=false&amp;audioonlywhenhidden=true"/);
  });

  test('previews the real embed, which plays', async ({ page }) => {
    await openBuilder(page);
    const frame = await frameOf(page, '#preview iframe');
    await waitForPlayback(frame);
    await expectPlaybackAdvances(frame, { frames: 20, seconds: 1.5 });
  });

  test("shows the host API's events as they come, and the replies to its commands", async ({ page }) => {
    await openBuilder(page);
    const rows = page.locator('#events li');
    await expect(rows.filter({ hasText: /^\S+ ready \{"channel":"studio-live"\}$/ })).toHaveCount(1);
    await expect(rows.filter({ hasText: /^\S+ playing$/ }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(rows.filter({ hasText: /pause → ok/ })).toHaveCount(1);
    await expect(rows.filter({ hasText: /^\S+ pause$/ }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Get stats' }).click();
    await expect(rows.filter({ hasText: /getStats → ok \{"latency":/ })).toHaveCount(1);
    // Version 2: the state in one answer, the host page's consent, and the stream's timed
    // metadata once asked for (studio-live has no captions: the builder says so).
    await page.getByRole('button', { name: 'Get state' }).click();
    await expect(rows.filter({ hasText: /getState → ok \{"channel":"studio-live","live":true,/ })).toHaveCount(1);
    await page.getByRole('button', { name: 'Allow analytics' }).click();
    await expect(rows.filter({ hasText: /allowAnalytics → ok/ })).toHaveCount(1);
    await page.getByRole('button', { name: 'Captions on' }).click();
    await expect(rows.filter({ hasText: /captionsOn → failed this stream has no captions/ })).toHaveCount(1);
    await expect(rows.filter({ hasText: /^\S+ metadata / })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Show timed metadata events' }).check();
    // Paused above: metadata comes with the frames that carry it.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(rows.filter({ hasText: /^\S+ metadata \{"text":/ }).first()).toBeVisible({ timeout: 15_000 });
    // Audio-only, from the host page and back (studio-live has no audio-only rendition: its
    // lowest picture plays), each change heard as an event.
    await page.getByRole('button', { name: 'Audio only' }).click();
    await expect(rows.filter({ hasText: /audioOnly → ok/ })).toHaveCount(1);
    await expect(rows.filter({ hasText: /^\S+ audio-only \{"audioOnly":true\}$/ })).toHaveCount(1);
    await page.getByRole('button', { name: 'Show video' }).click();
    await expect(rows.filter({ hasText: /^\S+ audio-only \{"audioOnly":false\}$/ })).toHaveCount(1);
  });

  test('copies the iframe snippet, which plays on a page of another site', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await openBuilder(page);
    await page.getByRole('checkbox', { name: 'Start muted' }).check();
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('status')).toHaveText('Copied');
    const code = await snippet(page).inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    host.serve('/post', pageWith(code));
    await page.goto(`${host.origin}/post`);
    const frame = await frameOf(page, 'iframe');
    await expect(page.locator('iframe')).toHaveAttribute('title', 'OnAir player: studio-live');
    await waitForPlayback(frame);
    await expectPlaybackAdvances(frame, { frames: 20, seconds: 1.5 });
    expect(await frame.locator('video').evaluate((video: HTMLVideoElement) => video.muted)).toBe(true);
  });

  test('gives SDK code that loads the script from the platform, plays on another site and tells that page its events', async ({
    page,
  }) => {
    await openBuilder(page);
    await page.getByRole('radio', { name: /The SDK/ }).check();
    const code = await snippet(page).inputValue();

    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    host.serve('/sdk-post', pageWith(code));
    await page.goto(`${host.origin}/sdk-post`);
    // The SDK took the embed's origin from its own script URL, not from the page it runs on.
    const frame = await frameOf(page, '#onair-player iframe');
    await waitForPlayback(frame);
    await expect.poll(() => logged).toContain('OnAir ready: studio-live');
  });
});
