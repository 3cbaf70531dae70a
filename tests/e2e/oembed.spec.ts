import { oembedResponseSchema } from '@onair/contracts';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { startHostSite, type HostSite } from './support/host-page.ts';

/**
 * oEmbed as a consumer uses it: find the endpoint from the channel page's discovery link, ask
 * it for the page, paste the `html` it answers into a page on another site, and watch it play.
 */
let host: HostSite;
test.beforeAll(async () => {
  host = await startHostSite();
});
test.afterAll(() => host.close());

test('the html oEmbed answers for a live channel plays on another site', async ({ page, request, baseURL }) => {
  const pageUrl = `${baseURL}/studio-live?muted=true`;
  const embedPage = await (await request.get(pageUrl)).text();
  const discovered = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(embedPage)?.[1];
  expect(discovered, 'the discovery link on the channel page').toBeTruthy();
  const endpoint = discovered!.replaceAll('&amp;', '&');
  expect(endpoint).toBe(`${baseURL}/oembed?url=${encodeURIComponent(pageUrl)}&format=json`);

  const response = await request.get(`${endpoint}&maxwidth=560`);
  expect(response.status()).toBe(200);
  expect(response.headers()['access-control-allow-origin']).toBe('*');
  const answer = oembedResponseSchema.parse(await response.json());
  expect(answer).toMatchObject({ type: 'video', width: 560, height: 315, author_name: 'StudioLive' });

  host.serve('/post', `<!doctype html><html lang="en"><title>A stranger's blog</title>\n${answer.html}\n</html>`);
  await page.goto(`${host.origin}/post`);
  const element = page.locator('iframe');
  await expect(element).toHaveAttribute('src', pageUrl);
  await expect(element).toHaveAttribute('allowfullscreen', '');
  const box = await element.boundingBox();
  expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([560, 315]);
  const frame = await (await element.elementHandle())!.contentFrame();
  if (!frame) throw new Error('the iframe has no frame');
  await waitForPlayback(frame);
  await expectPlaybackAdvances(frame, { frames: 20, seconds: 1.5 });
});
