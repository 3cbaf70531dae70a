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
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { declarations, outDir, sourceManifest, writePackage } from './package-lib.mjs';

const PACKAGE = fileURLToPath(new URL('../packages/player/', import.meta.url));
const DIST = outDir(PACKAGE);
const source = await sourceManifest(PACKAGE);

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

await declarations(PACKAGE, DIST);

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
await writePackage(PACKAGE, manifest, DIST);
console.log(`@onair/player ${source.version} built into ${DIST}`);
