// Small helpers shared by the project's scripts (plain Node, no dependencies).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Newest modification time of the files under the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

/**
 * Makes sure a Debian package's program is installed: as root it installs the packages with
 * apt-get, otherwise it says exactly what to run. Returns true when `program` is there.
 */
export function ensureDebianPackage(program, packages, why) {
  if (existsSync(program)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`${program} is missing: installing ${packages.join(' ')} with apt-get...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    if (install && install.status === 0 && existsSync(program)) return true;
    console.error(`Installing ${packages.join(' ')} failed; see the apt-get output above.`);
    return false;
  }
  console.error(
    `${why} need ${program}.\n` +
      (hasApt
        ? `Install it with:  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n`
        : `Install ${packages.join(' ')} from your distribution.\n`),
  );
  return false;
}

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

/** Debian's redis-server, for the scale-out tests of the viewer service. */
export function ensureRedis() {
  return ensureDebianPackage(REDIS_SERVER, ['redis-server'], 'The viewer-count scale-out tests');
}

/** Debian's Chromium (no browser is downloaded from anywhere else). */
export function ensureChromium() {
  return ensureDebianPackage(CHROMIUM, ['chromium', 'fonts-dejavu-core'], 'The browser tests');
}

export const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

/**
 * Debian's ffmpeg, for the conformance corpus (tests/conformance): streams written by another
 * packager than ours (ffmpeg's own HLS muxer), generated at test time.
 */
export function ensureFfmpeg() {
  return ensureDebianPackage(FFMPEG, ['ffmpeg'], 'The conformance corpus (npm run conformance)');
}

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Debian's nginx, which serves the embed as `npm run build:embed` deploys it (the deployed-embed journey). */
export function ensureNginx() {
  return ensureDebianPackage(NGINX, ['nginx'], 'The deployed embed journey');
}
