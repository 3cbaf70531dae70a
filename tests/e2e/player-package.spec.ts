import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { buildPackageApp, serveApp, type PackageApp } from './support/package-app.ts';

/**
 * @onair/player as another project gets it (issue 37): packed, installed into a throwaway Vite
 * app outside the workspace (tests/package-apps/player, the package README's example),
 * type-checked, built and played on the platform's live channel (support/package-app.ts).
 */
let app: PackageApp;

test.beforeAll(() => {
  test.setTimeout(240_000);
  app = buildPackageApp('player', [{ build: 'scripts/build-player-lib.mjs' }]);
});

test.afterAll(() => app?.remove());

test('the packed package, installed into a fresh Vite app, plays the live channel on its worker engine', async ({
  page,
  baseURL,
}) => {
  // The installed package is the tarball's: its own package.json, no source.
  expect(app.installed('@onair/player').exports['.']).toEqual({ types: './types/index.d.ts', default: './index.js' });
  expect(readdirSync(join(app.dir, 'node_modules/@onair/player'))).not.toContain('src');

  // Served on the platform's origin, as a site serves its own player next to its streams.
  await page.goto(await serveApp(page, app, baseURL!));
  await waitForPlayback(page);
  await expectPlaybackAdvances(page, { frames: 30, seconds: 1 });
  const said = await page.evaluate(() => {
    const { player, errors } = (
      window as unknown as {
        packageApp: { player: { getState(): { sink: string; state: string } }; errors: string[] };
      }
    ).packageApp;
    return { sink: player.getState().sink, state: player.getState().state, errors };
  });
  expect(said).toEqual({ sink: 'mse-worker', state: 'Playing', errors: [] });
});
