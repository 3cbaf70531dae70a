// Builds the embed when its sources are newer than the last build (npm start calls this).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { bin, newestMtime, root, run } from './lib.mjs';

const SOURCES = [
  'apps/embed/src',
  'apps/embed/index.html',
  'apps/embed/playground.html',
  'apps/embed/vite.config.ts',
  'apps/embed/vite.playground.config.ts',
  'packages',
  'package-lock.json',
];

export async function buildEmbed({ force = false } = {}) {
  // Both pages: a folder built before the playground existed is built again.
  const pages = ['index.html', 'playground.html'].map((page) => path.join(root, 'apps/embed/dist', page));
  const newest = newestMtime(SOURCES);
  if (!force && pages.every((page) => existsSync(page) && statSync(page).mtimeMs >= newest)) return 0;
  console.log('Building the embed...');
  const cwd = path.join(root, 'apps/embed');
  const embed = await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd });
  if (embed !== 0) return embed;
  // The player playground (/playground), a build of its own into the same folder
  // (apps/embed/vite.playground.config.ts says why).
  return run(bin('vite'), ['build', '--config', 'vite.playground.config.ts', '--logLevel', 'warn'], { cwd });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await buildEmbed({ force: process.argv.includes('--force') }));
}
