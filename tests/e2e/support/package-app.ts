import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/**
 * A package of ours as another project gets it (issue 37): built, packed (`npm pack` of its
 * built folder, not the workspace's source), installed by npm into a throwaway app copied out
 * of the repository (tests/package-apps/<name>), type-checked against the package's
 * declarations with skipLibCheck off, and built by Vite. The app borrows the workspace's
 * TypeScript and Vite (its tools, not what is tested); the package's own dependencies come from
 * npm, through its cache where the workspace's install left them.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.map': 'application/json',
  '.css': 'text/css',
};

export interface PackageApp {
  /** The app's folder (outside the repository). */
  dir: string;
  /** The installed package's package.json, as the tarball holds it. */
  installed(name: string): { exports: Record<string, unknown> };
  remove(): void;
}

/**
 * Runs a step; a failed one throws with what it printed on both streams (tsc writes its errors
 * to stdout, which execFileSync's own message leaves out).
 */
function run(command: string, args: string[], cwd: string): string {
  // The app's own environment, not the test run's: NODE_ENV=production (which a build tool
  // in the run's parent may have set) makes npm leave out the app's devDependencies.
  const { NODE_ENV: _unused, ...env } = process.env;
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status === 0) return result.stdout;
  const step = [command, ...args].map((part) => part.replace(ROOT, '')).join(' ');
  throw new Error(
    `${step} in ${cwd} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}${result.stderr}`,
  );
}

/**
 * Builds each package (its build script) into a folder of the app's own, packs it and installs
 * the tarballs into the app. Not into the package's `dist/`: journeys that build the same
 * package at once would pack each other's half-written files, and the SDK's `dist/` is the
 * script the platform serves to the other journeys meanwhile.
 */
export function buildPackageApp(app: string, packages: { build: string }[]): PackageApp {
  const dir = mkdtempSync(join(tmpdir(), `onair-${app}-`));
  cpSync(join(ROOT, 'tests/package-apps', app), dir, { recursive: true });
  const built = mkdtempSync(join(tmpdir(), `onair-${app}-packages-`));
  const tarballs = packages.map(({ build }, index) => {
    const out = join(built, String(index));
    run(process.execPath, [join(ROOT, build), '--out', out], ROOT);
    return `./${run('npm', ['pack', out, '--pack-destination', dir, '--silent'], dir).trim().split('\n').at(-1)}`;
  });
  run('npm', ['install', '--include=dev', '--prefer-offline', '--no-audit', '--no-fund', ...tarballs], dir);
  run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], dir);
  run(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--base', './', '--logLevel', 'warn'],
    dir,
  );
  return {
    dir,
    installed: (name) => JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')),
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      rmSync(built, { recursive: true, force: true });
    },
  };
}

/** Serves the app's build at `${origin}/__app/` for this page (as a site serves its own code). */
export async function serveApp(page: Page, app: PackageApp, origin: string): Promise<string> {
  const dist = join(app.dir, 'dist');
  await page.route(`${origin}/__app/**`, (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/__app\//, '') || 'index.html';
    const file = normalize(join(dist, path));
    if (!file.startsWith(dist)) return route.fulfill({ status: 404 });
    return route.fulfill({ body: readFileSync(file), contentType: TYPES[extname(file)] ?? 'application/octet-stream' });
  });
  return `${origin}/__app/index.html`;
}

/**
 * Serves the app's build from a real server on loopback, visited as `http://localhost:<port>`:
 * another site than the embed's `127.0.0.1`, as a site that frames the player is. (A page only
 * fulfilled by a route has no address, and Chromium does not let it frame a loopback one.)
 */
export async function startAppSite(app: PackageApp): Promise<{ url: string; close(): Promise<void> }> {
  const dist = join(app.dir, 'dist');
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname.slice(1) || 'index.html';
    const file = normalize(join(dist, path));
    let body: Buffer;
    try {
      if (!file.startsWith(dist)) throw new Error('outside the build');
      body = readFileSync(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/index.html`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
