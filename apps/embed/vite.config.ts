import { defineConfig } from 'vite';

/**
 * JSX is compiled by Vite's built-in esbuild transform (tsconfig "jsx": "react-jsx"); no React
 * plugin is needed for a production build. `npm run dev` proxies the platform's services.
 */
export default defineConfig({
  build: {
    target: 'es2022',
    sourcemap: true,
    // Terser with two passes: about 4 % less gzip than esbuild's minifier on this bundle, which
    // is most of the way from the first-frame budget (250 KiB) to where we are. The build is
    // slower (seconds); the visitor's start-up is what the trade buys.
    minify: 'terser',
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3 }, format: { comments: false } },
    // dist/.vite/manifest.json: which chunks the entry loads statically, for scripts/check-size.mjs.
    manifest: true,
    // The size budget (not this generic warning) is what guards the bundle.
    chunkSizeWarningLimit: 2048,
    rollupOptions: {
      onwarn(warning, warn) {
        // React libraries' "use client" directives and their pure-annotation comments are
        // meaningless in a client-only bundle; everything else is worth reading.
        if (['MODULE_LEVEL_DIRECTIVE', 'SOURCEMAP_ERROR', 'INVALID_ANNOTATION'].includes(warning.code ?? '')) return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/hls': 'http://127.0.0.1:8080',
      '/images': 'http://127.0.0.1:8080',
    },
  },
});
