import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { hostPageWithEmbed, startHostSite } from './support/host-page.ts';

/**
 * A private channel (issue 34, IVS's private channels): the stand-in's origin plays
 * `private-room` only with a playback token the platform signed (ES384), which its
 * playback-url call mints for the embed. Every check is the real origin's: a refused token
 * is a real 403 naming why. Where a journey needs a token the platform would not hand this
 * page (expired, another channel's, another site's, used), the testing hook mints it and the
 * page's playback-url answer is swapped for one carrying it, as a stale or lifted URL would.
 */
const SLUG = 'private-room';
const PLAYBACK_URL = `**/api/v2/channels/${SLUG}/playback-url`;

interface Logged {
  seq: number;
  path: string;
  query: string;
  status: number;
}

async function originLog(admin: APIRequestContext): Promise<Logged[]> {
  const body = (await (await admin.get(`/admin/channels/${SLUG}/requests`)).json()) as { requests: Logged[] };
  return body.requests;
}

const tokenOf = (entry: Logged) => new URLSearchParams(entry.query).get('token');

async function mint(admin: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const response = await admin.post('/admin/playback-tokens', { data: { slug: SLUG, ...body } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** The page's next playback-url answer carries `token` (the platform's own URL otherwise). */
async function answerWithToken(page: Page, token: string): Promise<void> {
  await page.route(
    PLAYBACK_URL,
    (route) => {
      const url = new URL(`/hls/${SLUG}/master.m3u8`, route.request().url());
      url.searchParams.set('token', token);
      return route.fulfill({ json: { data: url.href }, headers: { 'cache-control': 'no-store' } });
    },
    { times: 1 },
  );
}

test.describe('a private channel', () => {
  test.beforeEach(async ({ admin }) => {
    await admin.delete(`/admin/channels/${SLUG}/requests`);
  });

  test('plays with its token up to 480p, and keeps playing across a token refresh', async ({ page, admin }) => {
    // A token with 12 s left: the embed fetches the next one halfway (6 s), which the page
    // clock brings forward; a refresh that came by itself first would do as well.
    await answerWithToken(page, await mint(admin, { ttlSeconds: 12, maximumResolution: 480 }));
    await page.clock.install();
    await page.goto(`/${SLUG}?muted=true`);
    await waitForPlayback(page);
    const first = await originLog(admin);
    const firstToken = tokenOf(first[0]!);
    expect(first.every((r) => tokenOf(r) === firstToken && r.status === 200)).toBe(true);

    await page.clock.fastForward(7_000);
    await expect
      .poll(async () => (await originLog(admin)).filter((r) => tokenOf(r) !== firstToken).length, { timeout: 20_000 })
      .toBeGreaterThan(5);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1 });
    const log = await originLog(admin);
    expect(log.filter((r) => r.status !== 200)).toEqual([]);
    // The token's maximum resolution: nothing above 480p was listed, so nothing was asked for.
    expect(log.some((r) => /\/(720p|1080p)/.test(r.path))).toBe(false);
    expect(log.some((r) => r.path.includes('/480p/'))).toBe(true);
    await expect(page.getByTestId('player-error')).toHaveCount(0);
  });

  const REFUSALS = [
    {
      reason: 'expired',
      token: { ttlSeconds: -5 },
      copy: 'Your access to this private stream ran out. Retry to renew it.',
      retry: true,
    },
    {
      reason: 'channel',
      token: { slug: 'studio-live' },
      copy: 'Your access pass is for another channel. Retry to get one for this stream.',
      retry: true,
    },
    {
      reason: 'origin',
      token: { allowOrigin: 'https://stranger.example' },
      copy: "This private stream can't be played on this site.",
      retry: false,
    },
    {
      reason: 'viewer',
      token: { viewerId: 'withdrawn-viewer' },
      copy: 'Your access to this private stream was withdrawn.',
      retry: false,
    },
  ] as const;

  for (const { reason, token, copy, retry } of REFUSALS) {
    test(`a token refused as ${reason} gets its own copy`, async ({ page, admin }) => {
      await answerWithToken(page, await mint(admin, token));
      await page.goto(`/${SLUG}?muted=true`);
      const error = page.getByTestId('player-error');
      await expect(error).toHaveAttribute('data-authorization', reason, { timeout: 20_000 });
      await expect(error.getByText(copy)).toBeVisible();
      await expect(error).not.toContainText(/HTTP|403|token|Forbidden/i);
      await expect(error.getByRole('button', { name: 'Retry' })).toHaveCount(retry ? 1 : 0);
    });
  }

  test('a used one-time token is refused; Retry fetches a new one and plays; the screen is axe-clean', async ({
    page,
    admin,
    baseURL,
  }) => {
    const once = await mint(admin, { singleUse: true });
    // Someone played it already (from this site: the token is good but for that).
    const spent = await admin.get(`/hls/${SLUG}/master.m3u8?token=${once}`, {
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(spent.status()).toBe(200);
    await answerWithToken(page, once);
    await page.goto(`/${SLUG}?muted=true`);
    const error = page.getByTestId('player-error');
    await expect(error).toHaveAttribute('data-authorization', 'reused', { timeout: 20_000 });
    await expect(
      error.getByText("This private stream's one-time pass was used already. Retry to get a new one."),
    ).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await error.getByRole('button', { name: 'Retry' }).click();
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1 });
    await expect(error).toHaveCount(0);
  });

  test('a site the channel does not list gets a page that says so in its frame, never a blank one', async ({
    page,
    baseURL,
  }) => {
    const host = await startHostSite();
    try {
      host.serve('/post', hostPageWithEmbed(`${baseURL}/${SLUG}?muted=true`));
      await page.goto(`${host.origin}/post`);
      const frame = page.frameLocator('#onair');
      await expect(frame.getByRole('heading', { name: "This channel can't be played on this site" })).toBeVisible();
      const watch = frame.getByRole('link', { name: 'Watch PrivateRoom on OnAir' });
      await expect(watch).toHaveAttribute('href', `${new URL(baseURL!).origin}/${SLUG}`);
      await expect(watch).toHaveAttribute('target', '_blank');
      expect((await new AxeBuilder({ page }).include('#onair').analyze()).violations).toEqual([]);
    } finally {
      await host.close();
    }
  });
});
