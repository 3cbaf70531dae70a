import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, waitForPlayback } from './support/fixtures.ts';
import { withoutEarlyData } from './support/early-data.ts';

/**
 * What a stranger's page can do to the platform and to the embed: the embed page runs under
 * its Content-Security-Policy, and the testing hooks answer nobody but their token.
 */
test.describe('security', () => {
  test.describe('the embed page under its policy', () => {
    // The injected script below is refused on purpose: that refusal is what is checked.
    test.use({ allowedPageErrors: [/^CSP: .*inline script/] });

    test('plays, and refuses a script injected into its markup', async ({ page }) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/.test(message.text())) refused.push(message.text());
      });
      await page.goto('/studio-live?muted=true');
      await waitForPlayback(page);
      const ran = await page.evaluate(async () => {
        const violation = new Promise<string>((resolve) =>
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
            once: true,
          }),
        );
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.head.append(script);
        return { injected: (window as { __injected?: boolean }).__injected ?? false, directive: await violation };
      });
      expect(ran).toEqual({ injected: false, directive: 'script-src-elem' });
      expect(refused).toHaveLength(1);
    });
  });

  test.describe("the embed's workers under the page's reach", () => {
    // The refused fetch is the point: the engine worker's policy reports it.
    test.use({ allowedPageErrors: [/^CSP: .*connect-src/] });

    test('the engine worker is refused a playlist on an origin the page does not list', async ({ page }) => {
      // Another origin on loopback (localhost, not the embed's 127.0.0.1), counting what reaches it.
      let reached = 0;
      const stranger = createServer((_request, response) => {
        reached += 1;
        response.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' }).end('#EXTM3U\n');
      });
      await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
      const elsewhere = `http://localhost:${(stranger.address() as AddressInfo).port}/variant.m3u8`;
      try {
        // A stage that can write the multivariant names a variant elsewhere: what a hostile
        // playlist would do to send every viewer's browser to an intranet host. The page asks
        // for it itself (as served by a host that injects nothing), past that stage.
        await withoutEarlyData(page);
        await page.route('**/hls/studio-live/master.m3u8', (route) =>
          route.fulfill({
            contentType: 'application/vnd.apple.mpegurl',
            body: `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"\n${elsewhere}\n`,
          }),
        );
        const inPage = { workers: 0 };
        page.on('worker', () => (inPage.workers += 1));
        await page.goto('/studio-live?muted=true');
        // The engine ran in a worker and gave up on the stream: the viewer sees the written copy.
        await expect(page.getByTestId('player-error')).toBeVisible({ timeout: 45_000 });
        expect(inPage.workers).toBeGreaterThan(0);
        expect(reached).toBe(0);
      } finally {
        await new Promise((resolve) => stranger.close(resolve));
      }
    });
  });

  test.describe("a stranger's page", () => {
    // The form's answer is refused its frame too (frame-ancestors 'none'): expected here.
    test.use({ allowedPageErrors: [/^CSP: Framing .*frame-ancestors 'none'/] });

    // Had a post got through, the next journeys would find the channel offline: start it again.
    test.afterEach(async ({ admin }) => {
      await admin.post('/admin/channels/studio-live/live', { data: {} }); // 409 when it is live
    });

    test("a stranger's page cannot end the stream with a form or a fetch", async ({ page, baseURL, request }) => {
      const target = `${baseURL}/admin/channels/studio-live/offline`;
      // A page on another site, as any visitor may open: a form that posts itself, and a fetch.
      // A page of another site (localhost, not 127.0.0.1) from a real server on loopback: the
      // browser lets a page reach a loopback address only from a loopback one.
      const stranger = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>stranger</title>
        <iframe name="sink"></iframe>
        <form id="f" method="post" action="${target}" target="sink"><input name="x" value="1"></form>
        <script>
          window.sent = Promise.allSettled([
            fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', body: '{}' }),
            fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{}' }),
          ]);
          document.getElementById('f').submit();
        </script>`);
      });
      await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
      const { port } = stranger.address() as AddressInfo;
      const answers: number[] = [];
      page.on('response', (response) => {
        if (response.url() === target) answers.push(response.status());
      });
      await page.goto(`http://localhost:${port}/`);
      await page.evaluate(() => (window as unknown as { sent: Promise<unknown> }).sent);
      await expect.poll(() => answers.length).toBe(3);
      expect(answers).toEqual([401, 401, 401]);
      const info = (await (await request.get('/api/v2/channels/studio-live/info')).json()) as {
        livestream: unknown;
      };
      expect(info.livestream).not.toBeNull();
      stranger.close();
    });
  });
});
