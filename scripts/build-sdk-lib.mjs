// `npm run build -w @onair/embed-sdk`: the host SDK as a package a site's own app installs.
// packages/embed-sdk/dist/ is that package (`npm pack packages/embed-sdk/dist`):
//   onair-embed.js  the script build the platform serves at /sdk/onair-embed.js (build-sdk.mjs),
//                   for a <script> tag: the global `OnAir`, its origin from the script's URL;
//   index.js        the same API as ESM for a bundler. Bundled into the site's code it cannot
//                   know where the embed lives (import.meta.url would be the site's own chunk,
//                   document.currentScript the site's own script), so `origin` is required
//                   there: the module that reads them (script-origin.ts) is replaced by one
//                   that knows nothing, and the constructor asks for `origin` rather than guess;
//   types/          declarations from the source.
import { build } from 'esbuild';
import { buildSdk, SDK_DIR } from './build-sdk.mjs';
import { declarations, outDir, sourceManifest, writePackage } from './package-lib.mjs';

const DIST = outDir(SDK_DIR);
const source = await sourceManifest(SDK_DIR);
// First: it empties the folder.
const built = await buildSdk({ force: true, outDir: DIST });
if (built !== 0) process.exit(built);

await build({
  absWorkingDir: SDK_DIR,
  entryPoints: { index: 'src/index.ts' },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  // Host pages are anyone's, in any browser still in use (as the script build).
  target: 'es2019',
  plugins: [
    {
      name: 'no-script-origin',
      setup(builder) {
        builder.onResolve({ filter: /\/script-origin\.ts$/ }, () => ({ path: 'script-origin', namespace: 'sdk-lib' }));
        builder.onLoad({ filter: /.*/, namespace: 'sdk-lib' }, () => ({
          contents: 'export const sdkOrigin = () => null;',
          loader: 'js',
        }));
      },
    },
  ],
  outdir: DIST,
  sourcemap: true,
  logLevel: 'warning',
});

await declarations(SDK_DIR, DIST);

await writePackage(
  SDK_DIR,
  {
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
      './onair-embed.js': './onair-embed.js',
      './package.json': './package.json',
    },
  },
  DIST,
);
console.log(`${source.name} ${source.version} built into ${DIST}`);
