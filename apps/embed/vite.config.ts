import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` next to every text asset, as a CDN would serve them: the platform's
 * static server (preCompressed) sends the smallest one the browser accepts, so start-up is
 * measured with compressed transfers without compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'onair-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        const file = path.join(outDir, fileName);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/** Where the early start names the engine worker; the build writes its URL there. */
const ENGINE_WORKER_PLACEHOLDER = '%ONAIR_ENGINE_WORKER%';
/** …and the MPEG-TS remuxer's script, which the engine worker loads for such a stream. */
const TS_REMUXER_PLACEHOLDER = '%ONAIR_TS_REMUXER%';
/** …and the subtitle loop's script, which it loads once a subtitle rendition is shown. */
const SUBTITLES_PLACEHOLDER = '%ONAIR_SUBTITLES%';
/** Where index.html takes the early start: the build puts the script there. */
const EARLY_START_MARKER = '<!-- onair:early-start -->';

/**
 * The page's early start (src/boot/early-start.ts, typed, linted and unit-tested like any other
 * module) bundled by esbuild into one small classic script and inlined into index.html's <head>
 * at the marker, as hls.js builds its worker from TypeScript and injects it: it must run before
 * the bundle is even requested, so it cannot be a module the page loads. The engine worker's
 * hashed URL, which only the build knows, is written into it. The platform hashes the inline
 * script as served for the page's CSP. A build whose worker is missing fails rather than ship
 * a page that starts its engine late; the dev server leaves the marker, and the app runs
 * without an early start.
 */
function earlyStartScript(): Plugin {
  return {
    name: 'onair-early-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const files = Object.keys(context.bundle ?? {}).filter((file) => /engine-worker[^/]*\.js$/.test(file));
        if (files.length !== 1) throw new Error(`expected one engine worker in the build, found ${files.length}`);
        const remuxers = Object.keys(context.bundle ?? {}).filter((file) => /ts-remuxer[^/]*\.js$/.test(file));
        if (remuxers.length !== 1)
          throw new Error(`expected one MPEG-TS remuxer in the build, found ${remuxers.length}`);
        const subtitles = Object.keys(context.bundle ?? {}).filter((file) => /subtitle-script[^/]*\.js$/.test(file));
        if (subtitles.length !== 1)
          throw new Error(`expected one subtitle script in the build, found ${subtitles.length}`);
        if (!html.includes(EARLY_START_MARKER)) throw new Error(`index.html lost ${EARLY_START_MARKER}`);
        const { build } = await import('esbuild');
        const result = await build({
          entryPoints: [fileURLToPath(new URL('./src/boot/early-start-entry.ts', import.meta.url))],
          bundle: true,
          format: 'iife',
          target: 'es2022',
          minify: true,
          legalComments: 'none',
          write: false,
          logLevel: 'silent',
        });
        const code = result.outputFiles[0]!.text.trim();
        for (const placeholder of [ENGINE_WORKER_PLACEHOLDER, TS_REMUXER_PLACEHOLDER, SUBTITLES_PLACEHOLDER]) {
          if (!code.includes(placeholder)) throw new Error(`the early start lost ${placeholder}`);
        }
        if (/<\/script|<!--/i.test(code))
          throw new Error('the early start cannot be inlined: it holds </script or <!--');
        const filled = code
          .replace(ENGINE_WORKER_PLACEHOLDER, () => `/${files[0]}`)
          .replace(TS_REMUXER_PLACEHOLDER, () => `/${remuxers[0]}`)
          .replace(SUBTITLES_PLACEHOLDER, () => `/${subtitles[0]}`);
        const script = `<script>${filled}</script>`;
        return html.replace(EARLY_START_MARKER, () => script);
      },
    },
  };
}

/** Where the live-manifest service worker is served: the root, so its scope covers the embed's pages. */
export const LIVE_MANIFEST_WORKER = 'live-manifest-sw.js';

/**
 * The live-manifest service worker (packages/player/src/live-sw/worker.ts) as one classic
 * script at a fixed name: a service worker's URL is its identity (a hashed name would register a
 * new worker with every build) and its directory its scope (the root covers `/{slug}`). Bundled
 * with esbuild, which Vite itself runs on; the platform serves it with `no-cache`.
 */
function liveManifestWorker(): Plugin {
  return {
    name: 'onair-live-manifest-worker',
    apply: 'build',
    async generateBundle() {
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [fileURLToPath(new URL('../../packages/player/src/live-sw/worker.ts', import.meta.url))],
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        write: false,
        logLevel: 'silent',
      });
      this.emitFile({ type: 'asset', fileName: LIVE_MANIFEST_WORKER, source: result.outputFiles[0]!.text });
    },
  };
}

/**
 * JSX is compiled by Vite's built-in esbuild transform (tsconfig "jsx": "react-jsx"); no React
 * plugin is needed for a production build. `npm run dev` proxies the platform's services.
 */
export default defineConfig({
  plugins: [precompress(), earlyStartScript(), liveManifestWorker()],
  build: {
    target: 'es2022',
    // No JS preloading for import(): the chunks it loads share what they import with the app,
    // which is loaded by then, and the code that would preload costs the start-up budget more
    // than it saves. (CSS is all the entry's, src/main.tsx.)
    modulePreload: false,
    // Maps for error monitoring and debugging, without the sourceMappingURL comment in each
    // chunk that every visitor would download (a few dozen bytes a chunk).
    sourcemap: 'hidden',
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
