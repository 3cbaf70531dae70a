import type { Frame, Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { startHostSite, type HostSite } from './support/host-page.ts';
import { currentViewers, setLive } from './support/realtime.ts';

/**
 * Visible-only counting (issue 35; apps/embed/src/presence/counted-viewer.ts has the rule): an
 * embed reports presence, and so counts in the channel's viewers, only while it is in sight and
 * playing. A 1-pixel autoplaying frame, the trick that inflates counts, plays but is not counted;
 * the same frame made a real size is.
 */
let host: HostSite;
test.beforeAll(async () => {
  host = await startHostSite();
});
test.afterAll(async () => {
  await host.close();
});

const SLUG = 'quiet-corner';
const CHANNEL_ID = 103;

async function framedAt(page: Page, path: string, width: number, height: number, baseURL: string): Promise<Frame> {
  host.serve(
    path,
    `<!doctype html><html lang="en"><title>A site</title>
    <iframe title="player" src="${baseURL}/${SLUG}?muted=true" width="${width}" height="${height}" allow="autoplay"></iframe></html>`,
  );
  await page.goto(`${host.origin}${path}`);
  const frame = await (await page.locator('iframe[title="player"]').elementHandle())!.contentFrame();
  if (!frame) throw new Error('no frame');
  return frame;
}

test('a 1-pixel autoplaying frame plays but is not counted; made a real size, it is', async ({
  page,
  browser,
  admin,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await setLive(admin, SLUG, true);
  // The platform counts a device once: the two viewers are two browsers (contexts).
  const other = await browser.newContext();
  try {
    const tiny = await framedAt(page, '/tiny', 1, 1, baseURL!);
    const seen = await framedAt(await other.newPage(), '/seen', 640, 360, baseURL!);
    await waitForPlayback(tiny);
    await waitForPlayback(seen);
    await expect(seen.getByTestId('player')).toHaveAttribute('data-counted', 'true');
    await expect.poll(() => currentViewers(request, CHANNEL_ID), { timeout: 30_000 }).toBe(1);
    // The tiny frame has been playing all along, and its verdict is: not in sight.
    await expectPlaybackAdvances(tiny, { frames: 10, seconds: 0.5 });
    await expect(tiny.getByTestId('player')).toHaveAttribute('data-counted', 'false');
    expect(await currentViewers(request, CHANNEL_ID)).toBe(1);

    // The page makes it a real player: in sight for 2 s, then counted.
    await page.locator('iframe[title="player"]').evaluate((frame: HTMLIFrameElement) => {
      frame.width = '640';
      frame.height = '360';
    });
    await expect(tiny.getByTestId('player')).toHaveAttribute('data-counted', 'true');
    await expect.poll(() => currentViewers(request, CHANNEL_ID), { timeout: 30_000 }).toBe(2);
  } finally {
    await other.close();
    await setLive(admin, SLUG, false);
  }
});
