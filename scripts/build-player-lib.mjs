// `npm run build -w @onair/player`: the engine as a package another project installs.
// packages/player/dist/ IS that package, with a package.json of its own (`npm pack
// packages/player/dist`): the workspace keeps resolving @onair/player to its TypeScript source
// (packages/player/package.json), so the embed, the tests and the type checks never wait for
// a build, and the published package holds only what a consumer runs:
//   index.js (+ chunks/)  the API, ESM, hls.js left to the consumer's install;
//   engine-worker.js      the engine's worker, one classic script (a worker cannot share the
//                         page's modules); ts-remuxer.js and subtitle-script.js, which it
//                         loads on demand; live-manifest-sw.js, the passthrough sink's service
//                         worker: all self-contained, minified, each with its source map;
//   types/                declarations from the source (tsc), specifiers rewritten to .js.
import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PACKAGE = fileURLToPath(new URL('../packages/player/', import.meta.url));
const DIST = join(PACKAGE, 'dist');
const source = JSON.parse(await readFile(join(PACKAGE, 'package.json'), 'utf8'));

/** The scripts that run on their own (worker or service worker), by the name they ship as. */
export const SCRIPTS = {
  'engine-worker': 'src/engine/engine-worker.ts',
  'ts-remuxer': 'src/engine/ts/ts-remuxer-script.ts',
  'subtitle-script': 'src/engine/subtitle-script.ts',
  'live-manifest-sw': 'src/live-sw/worker.ts',
};

await rm(DIST, { recursive: true, force: true });

await build({
  absWorkingDir: PACKAGE,
  entryPoints: { index: 'src/index.ts' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  // The consumer's own copy (a peer of its other players, deduplicated by its bundler).
  external: ['hls.js'],
  outdir: DIST,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});

for (const [name, entry] of Object.entries(SCRIPTS)) {
  await build({
    absWorkingDir: PACKAGE,
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    outfile: join(DIST, `${name}.js`),
    logLevel: 'warning',
  });
}

execFileSync(
  process.execPath,
  [
    fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)),
    '-p',
    join(PACKAGE, 'tsconfig.lib.json'),
  ],
  {
    stdio: 'inherit',
  },
);

/** `./player.ts` → `./player.js`: the source's specifiers name .ts files, a consumer's resolver wants .js. */
async function rewriteSpecifiers(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await rewriteSpecifiers(path);
    else if (entry.name.endsWith('.d.ts')) {
      const text = await readFile(path, 'utf8');
      await writeFile(path, text.replace(/((?:from|import\()\s*)(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2'));
    }
  }
}
await rewriteSpecifiers(join(DIST, 'types'));

const scripts = Object.fromEntries(Object.keys(SCRIPTS).map((name) => [`./${name}.js`, `./${name}.js`]));
const manifest = {
  name: source.name,
  version: source.version,
  description: source.description,
  license: source.license ?? 'UNLICENSED',
  type: 'module',
  sideEffects: false,
  main: './index.js',
  types: './types/index.d.ts',
  exports: {
    '.': { types: './types/index.d.ts', default: './index.js' },
    ...scripts,
    './package.json': './package.json',
  },
  dependencies: { 'hls.js': source.dependencies['hls.js'] },
};
await writeFile(join(DIST, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
await copyFile(join(PACKAGE, 'README.md'), join(DIST, 'README.md'));
console.log(`@onair/player ${source.version} built into ${DIST}`);
