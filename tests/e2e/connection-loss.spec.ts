import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';

/**
 * The viewer's connection drops for longer than the engine's retries last (a tunnel, a train):
 * the embed says so, and when the browser is back online playback comes back by itself.
 */
test('after a connection lost for good, playback resumes by itself once the browser is online', async ({
  page,
  context,
}) => {
  await page.goto('/studio-live?muted=true');
  await waitForPlayback(page);
  // The first frame comes from the page's early start, before the app's code has loaded: the
  // app must be running (its player screen) before the connection goes, or the app itself
  // cannot load and the page says so instead (early-first-frame.ts APP_LOAD_FAILED).
  await expect(page.getByTestId('player')).toBeVisible();

  await context.setOffline(true);
  const error = page.getByTestId('player-error');
  // The engine's retries run out (media within seconds, playlists within 10): a condition, polled.
  await expect(error).toBeVisible({ timeout: 45_000 });
  await expect(error).toHaveAttribute('data-error-type', /^(Network|NetworkIO|Timeout)$/);
  await expect(error).toContainText(/lost the connection|stopped loading/);

  await context.setOffline(false);
  await expect(error).toBeHidden();
  await waitForPlayback(page);
  await expectPlaybackAdvances(page, { frames: 20, seconds: 1.5 });
});
