// Builds the host SDK (packages/embed-sdk) into one classic script for a `<script>` tag:
// packages/embed-sdk/dist/onair-embed.js, an IIFE that defines the global `OnAir`
// (`new OnAir.OnAirPlayer(...)`). The platform serves it at /sdk/onair-embed.js. A classic
// script, not a module, so `document.currentScript` tells the SDK where it was loaded from
// (the embed's origin) and any page can include it with one tag. Vite's library mode through
// its JS API (Vite is already the embed's build tool: no new dependency); its size budget is
// checked by `node scripts/check-size.mjs --sdk`.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { newestMtime, root } from './lib.mjs';

export const SDK_DIR = path.join(root, 'packages/embed-sdk');
export const SDK_FILE = path.join(SDK_DIR, 'dist/onair-embed.js');
const SOURCES = ['packages/embed-sdk/src', 'scripts/build-sdk.mjs'];

/**
 * Builds when forced or when the sources are newer than the build; resolves with an exit code.
 * `outDir`: another folder than the one the platform serves (a package build's own).
 */
export async function buildSdk({ force = false, outDir = path.dirname(SDK_FILE) } = {}) {
  const file = path.join(outDir, path.basename(SDK_FILE));
  if (!force && existsSync(file) && statSync(file).mtimeMs >= newestMtime(SOURCES)) return 0;
  console.log('Building the host SDK...');
  // Vite's build() sets NODE_ENV=production in this process when unset, and `npm test` runs
  // this in its own process: every later step would inherit it (an npm install there then
  // leaves out devDependencies). Put back as it was.
  const nodeEnv = process.env.NODE_ENV;
  try {
    const { build } = await import('vite');
    await build({
      configFile: false,
      root: SDK_DIR,
      logLevel: 'warn',
      // The script finds its origin from document.currentScript alone: Rollup's stand-in for
      // import.meta.url in a classic script falls back to the host page's URL, which would
      // point the iframe at the host's own site when the file is bundled into another script.
      // Without either, the SDK asks for the `origin` option instead of guessing.
      define: { 'import.meta.url': 'undefined' },
      build: {
        lib: {
          entry: path.join(SDK_DIR, 'src/index.ts'),
          name: 'OnAir',
          formats: ['iife'],
          fileName: () => 'onair-embed.js',
        },
        outDir,
        emptyOutDir: true,
        // Host pages are anyone's, in any browser still in use: class fields and `?.` are
        // lowered, which costs a few hundred bytes.
        target: 'es2019',
        minify: 'esbuild',
        sourcemap: false,
        copyPublicDir: false,
        reportCompressedSize: false,
      },
    });
    return 0;
  } catch (error) {
    console.error(`build-sdk: ${error.message}`);
    return 1;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await buildSdk({ force: process.argv.includes('--force') }));
}
