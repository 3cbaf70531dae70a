// What building a workspace package into an installable one takes, for each of them
// (build-player-lib.mjs, build-sdk-lib.mjs): its declarations from the source, and the
// package.json of the built folder, which IS the package (`npm pack <folder>`).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { root } from './lib.mjs';

/** The workspace package's own package.json (name, version, description, dependencies). */
export async function sourceManifest(packageDir) {
  return JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
}

/**
 * Where a package build writes: the package's `dist/` (what `npm test` checks and the docs
 * name), or the folder after `--out`. The package journeys build into a folder of their own:
 * two of them building one `dist/` at once would pack each other's half-written files, and the
 * SDK's `dist/` is also the script the platform serves to every other journey.
 */
export function outDir(packageDir, argv = process.argv) {
  const at = argv.indexOf('--out');
  if (at === -1) return join(packageDir, 'dist');
  const dir = argv[at + 1];
  if (!dir) throw new Error('--out needs a folder');
  return isAbsolute(dir) ? dir : resolve(dir);
}

/**
 * Declarations from the source into `<out>/types` (the package's tsconfig.lib.json), with the
 * source's `./x.ts` (and `.tsx`) specifiers rewritten to `./x.js`, which every resolver maps to `x.d.ts`.
 */
export async function declarations(packageDir, out = join(packageDir, 'dist')) {
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(packageDir, 'tsconfig.lib.json'),
      '--outDir',
      join(out, 'types'),
    ],
    {
      stdio: 'inherit',
    },
  );
  const rewrite = async (dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await rewrite(path);
      else if (entry.name.endsWith('.d.ts')) {
        const text = await readFile(path, 'utf8');
        await writeFile(path, text.replace(/((?:from|import\()\s*)(['"])(\.{1,2}\/[^'"]+)\.tsx?\2/g, '$1$2$3.js$2'));
      }
    }
  };
  await rewrite(join(out, 'types'));
}

/** The built folder's package.json, README (the workspace package's, as the usage page) and CHANGELOG. */
export async function writePackage(packageDir, manifest, dist = join(packageDir, 'dist')) {
  await writeFile(join(dist, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await copyFile(join(packageDir, 'README.md'), join(dist, 'README.md'));
  // The changelog changesets keeps (`npm run version-packages`), once a version was made.
  if (existsSync(join(packageDir, 'CHANGELOG.md'))) {
    await copyFile(join(packageDir, 'CHANGELOG.md'), join(dist, 'CHANGELOG.md'));
  }
}
