// Builds the embed when its sources are newer than the last build (npm start calls this).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { bin, newestMtime, root, run } from './lib.mjs';

const SOURCES = [
  'apps/embed/src',
  'apps/embed/index.html',
  'apps/embed/vite.config.ts',
  'packages',
  'package-lock.json',
];

export async function buildEmbed({ force = false } = {}) {
  const built = path.join(root, 'apps/embed/dist/index.html');
  if (!force && existsSync(built) && statSync(built).mtimeMs >= newestMtime(SOURCES)) return 0;
  console.log('Building the embed...');
  return run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/embed') });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await buildEmbed({ force: process.argv.includes('--force') }));
}
