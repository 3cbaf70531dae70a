import { defineConfig } from 'vite';
import { precompress } from './vite.config.ts';

/**
 * The player playground (playground.html, src/playground/): a second build into the same
 * dist/, run after the embed's (`npm run build`), so `dist/playground.html` ships with the
 * embed and the platform serves it at `/playground`. A build of its own, not a second input of
 * the embed's: Rollup would split what the two entries share (React, the player) into shared
 * chunks, changing the embed's own start-up chunks and their size budget for a developer page.
 * Its files go under assets/playground/, which the size check (it reads dist/assets/ alone)
 * does not count as the embed's, and which the platform serves as any other built asset.
 */
export default defineConfig({
  plugins: [precompress()],
  build: {
    target: 'es2022',
    // The embed's build has just written dist/: keep it.
    emptyOutDir: false,
    assetsDir: 'assets/playground',
    modulePreload: false,
    sourcemap: 'hidden',
    // The chart library's chunk and the engine are what make it large; nobody's start-up waits on it.
    chunkSizeWarningLimit: 2048,
    rollupOptions: {
      input: { playground: 'playground.html' },
      onwarn(warning, warn) {
        // As the embed's build: React libraries' directives mean nothing in a client-only bundle.
        if (['MODULE_LEVEL_DIRECTIVE', 'SOURCEMAP_ERROR', 'INVALID_ANNOTATION'].includes(warning.code ?? '')) return;
        warn(warning);
      },
    },
  },
});
