import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, transitionsDone, waitForPlayback } from './support/fixtures.ts';

/**
 * The player playground (`/playground`, issue 37): a URL typed into it plays, with the sink
 * and low-latency settings of its form, and the page shows the player's statistics, its events
 * and its latency over time. The stand-in's own live channel plays, and so does a stream of
 * another origin (the same platform reached as localhost, whose HLS answers allow any origin),
 * which the embed's policies would refuse: the playground's worker takes the page's policy.
 */

/** The value of one row of the stats panel. */
const stat = (page: Page, label: string) =>
  page
    .getByTestId('playground-stats')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

/** Pixels of the latency line's colour (latency-plot.ts LATENCY_LINE_COLOUR, #c2410c) on the chart's canvas. */
function linePixels(page: Page): Promise<number> {
  return page.getByTestId('latency-chart').evaluate((box) => {
    const canvas = box.querySelector('canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (Math.abs(r - 0xc2) < 24 && Math.abs(g - 0x41) < 24 && Math.abs(b - 0x0c) < 24) count += 1;
    }
    return count;
  });
}

/** Types `url` into the form and loads it, by keyboard: the field, then Enter submits the form. */
async function loadByKeyboard(page: Page, url: string): Promise<void> {
  const field = page.getByLabel('HLS playlist URL');
  await field.fill(url);
  await field.press('Enter');
}

test.describe('the player playground', () => {
  test('plays the stand-in and a foreign origin, with stats, events and the latency chart', async ({
    page,
    baseURL,
  }) => {
    const foreignHost = new URL(baseURL!);
    foreignHost.hostname = 'localhost';
    const foreign = new URL('/hls/studio-live/master.m3u8', foreignHost).href;
    const foreignRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(foreignHost.origin)) foreignRequests.push(request.url());
    });

    await page.goto('/playground');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('OnAir player playground');
    // Prefilled with the stand-in's live channel on the page's own origin.
    await expect(page.getByLabel('HLS playlist URL')).toHaveValue(`${baseURL}/hls/studio-live/master.m3u8`);
    await loadByKeyboard(page, `${baseURL}/hls/studio-live/master.m3u8`);

    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });

    // Stats: the player's numbers, sampled as it plays.
    await expect(stat(page, 'State')).toHaveText('Playing');
    await expect(stat(page, 'Sink')).toHaveText('mse-worker');
    await expect(stat(page, 'Latency')).toHaveText(/^\d+\.\d\d s/);
    await expect
      .poll(async () =>
        Number((await stat(page, 'Dropped / decoded frames').textContent())?.split('/')[1]?.replace(/,/g, '')),
      )
      .toBeGreaterThan(30);
    await expect(stat(page, 'Frame rate')).toHaveText(/^[1-9]\d*\.\d fps$/);
    await expect(stat(page, 'Resolution')).toHaveText(/^\d+×\d+@/);

    // Events, newest first: the start's state changes and the playlist's qualities.
    const log = page.getByTestId('playground-log');
    await expect(
      log
        .getByRole('listitem')
        .filter({ hasText: /state-changed\s+Playing/ })
        .first(),
    ).toBeVisible();
    await expect(log.getByRole('listitem').filter({ hasText: /loaded\s+\d+ qualit/ })).toHaveCount(1);

    // The chart: its library loaded on demand and its line drawn, redrawn as samples come in.
    // Redrawn, not longer: the chart fits its axes to the samples, and a line that flattens as
    // the latency settles covers fewer pixels (one CI run in five read 2808 after 3131).
    await expect(page.getByTestId('latency-chart').locator('canvas')).toHaveCount(1);
    await expect.poll(() => linePixels(page), { message: 'the latency line was drawn' }).toBeGreaterThan(20);
    const drawn = await linePixels(page);
    await expect.poll(() => linePixels(page), { message: 'the line is redrawn over time' }).not.toBe(drawn);
    await expect(page.locator('figcaption')).toHaveText(/^Latest live latency: \d+\.\d\d s\.$/);

    await transitionsDone(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // A foreign origin, on the default sink (our engine in its worker, whose script's own
    // policy would refuse it) and then on hls.js.
    await loadByKeyboard(page, foreign);
    await expect(stat(page, 'State')).toHaveText('Playing');
    await expect(stat(page, 'Sink')).toHaveText('mse-worker');
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
    expect(foreignRequests.some((url) => url.endsWith('.m4s') || /\/hls\/studio-live\/.+/.test(url))).toBe(true);
    await expect(page.getByTestId('playground-problem')).toBeEmpty();

    await page.getByLabel('Sink').selectOption('mse');
    await page.getByRole('button', { name: 'Load' }).click();
    await expect(stat(page, 'Sink')).toHaveText('mse');
    await expect(stat(page, 'State')).toHaveText('Playing');
    await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
  });

  test('says in words what is wrong with a URL or a stream', async ({ page, baseURL }) => {
    await page.goto('/playground');
    const problem = page.getByRole('alert');

    await loadByKeyboard(page, 'not a url');
    await expect(problem).toHaveText(/^That isn't a valid URL\./);
    await loadByKeyboard(page, 'javascript:alert(1)');
    await expect(problem).toHaveText('Only http:// and https:// streams can be played here.');
    await loadByKeyboard(page, '');
    await expect(problem).toHaveText(/^Enter the URL of an HLS playlist/);

    // A stream that is not there: the written copy and the status, not the engine's message.
    await loadByKeyboard(page, `${baseURL}/hls/no-such-channel/master.m3u8`);
    await expect(problem).toHaveText(/The server answered HTTP 404\.$/);
    await expect(problem).not.toContainText(/manifest|Error \(/);
    await expect(page.getByTestId('playground-log')).toContainText('error');

    await transitionsDone(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
