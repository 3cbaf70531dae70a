// Everything the benchmark needs before it can measure: the peer players installed in
// bench/node_modules, a built embed, and the platform running on a free port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEmbed } from '../../scripts/build-embed.mjs';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const root = path.resolve(benchDir, '..');

/** bench/ is its own npm project (not a workspace): install its locked peers on first use. */
export function ensureBenchDependencies() {
  const { dependencies } = JSON.parse(readFileSync(path.join(benchDir, 'package.json'), 'utf8'));
  const missing = Object.keys(dependencies).filter((name) => !existsSync(path.join(benchDir, 'node_modules', name)));
  if (!missing.length) return;
  console.log('Installing the peer players (npm ci --prefix bench)...');
  const result = spawnSync('npm', ['ci', '--prefix', 'bench', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('npm ci --prefix bench failed');
}

/** Builds the embed when its sources are newer than the last build (as `npm start` does). */
export async function ensureEmbedBuilt() {
  const code = await buildEmbed();
  if (code !== 0) throw new Error(`building the embed failed (exit ${code})`);
}

/**
 * The built embed to measure: EMBED_DIR when set (a build made elsewhere; nothing is built),
 * otherwise apps/embed/dist, built first when its sources changed.
 */
export async function builtEmbedDir() {
  if (process.env.EMBED_DIR) {
    const dir = path.resolve(process.env.EMBED_DIR);
    if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`EMBED_DIR=${dir} holds no built embed`);
    return dir;
  }
  await ensureEmbedBuilt();
  return path.join(root, 'apps/embed/dist');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the platform (`node --import tsx apps/platform/src/main.ts`) on a free port and
 * resolves once the live channel's info answers. Returns its base URL and a `stop()`.
 * `embedDir` is the built embed it serves (its EMBED_DIR); `testingHooks` mounts the testing
 * hooks (ADMIN=1), which the stand-in Chromecast is one of.
 */
export async function startPlatform({ timeoutMs = 30_000, embedDir, testingHooks = false, env = {} } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/platform/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN: testingHooks ? '1' : '0',
      ...(embedDir ? { EMBED_DIR: embedDir } : {}),
      // More of the platform's settings (bench/packagers.mjs: CHANNELS_FILE).
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      // Up once it answers at all (a channels file may have no studio-live): 404 is an answer.
      const response = await fetch(`${base}/api/v2/channels/studio-live/info`);
      if (response.ok || response.status === 404) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the platform did not come up on ${base}:\n${output}`);
}

/**
 * The conformance corpus's static server (tests/conformance/static-server.ts) serving `dir` on
 * `port`, in a process of its own, as a stream's CDN is. In the bench's own process its answers
 * waited on the bench's event loop, which is busiest (Playwright's protocol traffic) while a page
 * starts: the first segment the embed asks for at ~100 ms took 70-180 ms to come in some loads,
 * where it takes ~10 ms from a process of its own, and a player that asks later (native HLS, at
 * ~160 ms) was spared.
 */
export async function startMediaOrigin({ dir, port, timeoutMs = 30_000 }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/conformance/static-server.ts', dir, String(port)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  const serving = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the media origin did not start:\n${output}`)), timeoutMs);
    const keep = (chunk) => {
      output = (output + chunk).slice(-4000);
      if (output.includes('serving ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`the media origin exited:\n${output}`));
    });
  });
  try {
    await serving;
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}
