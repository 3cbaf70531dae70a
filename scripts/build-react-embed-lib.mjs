// `npm run build -w @onair/react-embed`: the React binding as a package a site's React app
// installs. bindings/react-embed/dist/ is that package (`npm pack bindings/react-embed/dist`):
// index.js (ESM; React and the SDK are the app's own installs, the SDK as a dependency, React
// as a peer) and its declarations.
import { fileURLToPath } from 'node:url';
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { declarations, outDir, sourceManifest, writePackage } from './package-lib.mjs';

const PACKAGE = fileURLToPath(new URL('../bindings/react-embed/', import.meta.url));
const DIST = outDir(PACKAGE);
const source = await sourceManifest(PACKAGE);
await rm(DIST, { recursive: true, force: true });

await build({
  absWorkingDir: PACKAGE,
  entryPoints: { index: 'src/index.ts' },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2019',
  jsx: 'automatic',
  external: ['react', 'react/jsx-runtime', '@onair/embed-sdk'],
  outdir: DIST,
  sourcemap: true,
  logLevel: 'warning',
});

await declarations(PACKAGE, DIST);

await writePackage(
  PACKAGE,
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
      './package.json': './package.json',
    },
    dependencies: source.dependencies,
    peerDependencies: source.peerDependencies,
  },
  DIST,
);
console.log(`${source.name} ${source.version} built into ${DIST}`);
