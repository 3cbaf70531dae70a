import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';

/**
 * @onair/player as another project gets it (issue 37): the package is built and packed
 * (`npm pack`, not the workspace's source), installed into a throwaway app outside the
 * repository, type-checked against its declarations with skipLibCheck off, built by Vite and
 * played. The app is the package README's example (tests/package-app). It borrows the
 * workspace's TypeScript and Vite, which are the app's tools, not what is tested; hls.js comes
 * from the tarball's own dependency, installed by npm.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const bin = (pkg: string, path: string) => join(ROOT, 'node_modules', pkg, path);
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json' };

let app: string;

test.beforeAll(() => {
  test.setTimeout(240_000);
  const run = (command: string, args: string[], cwd: string) =>
    execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  run(process.execPath, [join(ROOT, 'scripts/build-player-lib.mjs')], ROOT);
  app = mkdtempSync(join(tmpdir(), 'onair-package-app-'));
  cpSync(join(ROOT, 'tests/package-app'), app, { recursive: true });
  const tarball = run('npm', ['pack', join(ROOT, 'packages/player/dist'), '--pack-destination', app, '--silent'], app)
    .trim()
    .split('\n')
    .at(-1)!;
  // From npm's cache where it has them (CI installed the workspace a minute ago).
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', `./${tarball}`], app);
  run(process.execPath, [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json'], app);
  run(process.execPath, [bin('vite', 'bin/vite.js'), 'build', '--base', './', '--logLevel', 'warn'], app);
});

test.afterAll(() => {
  if (app) rmSync(app, { recursive: true, force: true });
});

test('the packed package, installed into a fresh Vite app, plays the live channel on its worker engine', async ({
  page,
}) => {
  // The installed package is the tarball's: its own package.json, not the workspace's.
  const installed = JSON.parse(readFileSync(join(app, 'node_modules/@onair/player/package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };
  expect(installed.exports['.']).toEqual({ types: './types/index.d.ts', default: './index.js' });
  expect(readdirSync(join(app, 'node_modules/@onair/player'))).not.toContain('src');

  // The built app, served on the platform's origin (as a site serves its own player).
  const dist = join(app, 'dist');
  await page.route('**/__package-app/**', (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/__package-app\//, '');
    const file = join(dist, path || 'index.html');
    if (!file.startsWith(dist)) return route.fulfill({ status: 404 });
    return route.fulfill({ body: readFileSync(file), contentType: TYPES[extname(file)] ?? 'application/octet-stream' });
  });
  await page.goto('/__package-app/index.html');
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
