// The players under test. The peers run in bare pages that lib/site.mjs writes next to a copy
// of the built embed, so the platform serves them at its own origin like the embed: every
// player loads the same URLs from the same server, with the same HTTP caching (the peers'
// scripts under /assets/ as immutable, the pages revalidated, as Vite's output is served).
// Each bare page says what its player thinks the program-date-time on screen is through
// window.__benchPlayerDate. A player may also bring an init script (run before any page script,
// next to the probe) that changes the browser the page sees, and says which service worker, if
// any, must control its page (lib/sessions.mjs checks).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { benchDir } from './setup.mjs';

const LIVE = '/hls/studio-live/master.m3u8';

/** A peer player installed in bench/node_modules: its version and a reader for its files. */
function peer(name) {
  const dir = path.join(benchDir, 'node_modules', name);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return { version, read: (file) => readFileSync(path.join(dir, file)) };
}

const bareHtml = ({
  title,
  script,
  css,
  video,
  code,
}) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
${css ? `<link rel="stylesheet" href="${css}">` : ''}
<style>html,body{margin:0;background:#000}video,.video-js{width:640px;height:360px}</style></head>
<body>${video ?? '<video muted autoplay playsinline></video>'}<script src="${script}"></script>
<script>const video = document.querySelector('video');
${code}</script></body></html>`;

/**
 * A bare page at /assets/__bench/<id>/ with its player's script (and style sheet) beside it
 * under /assets/: the platform serves only the built assets (and the live-manifest worker) from
 * its EMBED_DIR, and any other path is the embed's own page.
 */
function barePage({ id, title, pkg, script, css, video, code }) {
  const asset = (ext) => `assets/__bench-${id}-${pkg.version}.${ext}`;
  const files = { [asset('js')]: () => pkg.read(script) };
  if (css) files[asset('css')] = () => pkg.read(css);
  const html = bareHtml({
    title,
    script: `/${asset('js')}`,
    css: css && `/${asset('css')}`,
    video,
    code,
  });
  files[`assets/__bench/${id}/index.html`] = () => html;
  return { path: `/assets/__bench/${id}/index.html`, files };
}

const HLSJS_PAGE = (config, live) => `const hls = new Hls(${config});
hls.loadSource('${live}');
hls.attachMedia(video);
window.__benchPlayerDate = () => hls.playingDate?.getTime() ?? null;`;

// hls.js already defaults to lowLatencyMode: true (parts, blocking reload, PART-HOLD-BACK as
// the target). Its low-latency settings add what the defaults leave off: catching up to the
// target by playing faster (at most 10 % faster, as our engine), and a live back buffer
// bound as in hls.js's low-latency demo.
const HLSJS_LL_CONFIG = '{ lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.1, backBufferLength: 90 }';

const SHAKA_PAGE = (live) => `shaka.polyfill.installAll();
const player = new shaka.Player();
window.__benchPlayerDate = () => player.getPlayheadTimeAsDate()?.getTime() ?? null;
player.attach(video).then(() => player.load('${live}')).catch((e) => console.error('shaka', e.code, e.message));`;

// Video.js plays HLS with its own engine (VHS) on MSE; overrideNative keeps it there where the
// browser could also play HLS natively, so it is VHS that is measured.
const VIDEOJS_PAGE = (
  live,
) => `const player = videojs(video, { autoplay: 'muted', muted: true, html5: { vhs: { overrideNative: true } } });
player.src({ src: '${live}', type: 'application/x-mpegURL' });`;

export const PLAYER_LABELS = {
  embed: 'OnAir embed',
  'embed-sw': 'OnAir passthrough + SW',
  'embed-native': 'OnAir passthrough, no SW',
  hlsjs: 'hls.js defaults',
  'hlsjs-ll': 'hls.js low-latency',
  shaka: 'Shaka defaults',
  videojs: 'Video.js (VHS)',
  native: 'Native HLS (Chromium)',
};

// Chromium's own HLS on a bare <video>: no script at all, so its first frame is the floor the
// script players are measured against. It has no SourceBuffer to read: its latency is dated by
// the segment clock (lib/measure.mjs).
const NATIVE_PAGE = (live) => `<!doctype html><html><head><meta charset="utf-8"><title>native HLS</title>
<style>html,body{margin:0;background:#000}video{width:640px;height:360px}</style></head>
<body><video muted autoplay playsinline src="${live}"></video></body></html>`;

// The embed where MediaSource is missing (iPhones): with window.MediaSource and
// ManagedMediaSource taken away before any page script runs, the embed chooses the passthrough
// sink (the browser's own HLS; Debian's Chromium plays HLS natively) and, where the page has
// service workers, the live-manifest worker the platform serves at /live-manifest-sw.js, which
// rewrites the native player's playlists for low latency. Without service workers (as in an
// insecure context: `'serviceWorker' in navigator` is false) the element plays native HLS alone.
// Init scripts are serialized into the page: they must not close over anything.
function withoutMediaSource() {
  delete window.MediaSource;
  delete window.ManagedMediaSource;
}

function withoutMediaSourceOrServiceWorkers() {
  delete window.MediaSource;
  delete window.ManagedMediaSource;
  delete Navigator.prototype.serviceWorker;
}

const LIVE_MANIFEST_WORKER = '/live-manifest-sw.js';

/**
 * Every player, in table order; `ids` picks some (default: all). Besides its page:
 * - `latencyClock`: how the date of the frame on screen is found (lib/measure.mjs): 'media'
 *   (the SourceBuffer's timestampOffset) or 'segments' (the segment clock, for the browser's own
 *   HLS, which appends nothing the page can see);
 * - `initScript`: run in the page before its scripts (after or before the probe: they touch
 *   different things);
 * - `controlledBy`: the service worker's path that must control the page once it plays, null for
 *   none; undefined: not checked.
 */
export function players(ids = Object.keys(PLAYER_LABELS), { live = LIVE, embedPath = '/studio-live?muted=true' } = {}) {
  // Another stream (bench/packagers.mjs): the peers load `live`, the embed opens `embedPath`.
  const EMBED_PAGE = { path: embedPath, files: {} };
  const hlsjs = peer('hls.js');
  const shaka = peer('shaka-player');
  const videojs = peer('video.js');
  const all = [
    {
      id: 'embed',
      version: 'workspace',
      ownClock: null,
      page: EMBED_PAGE,
    },
    {
      id: 'embed-sw',
      version: 'workspace',
      ownClock: null,
      config: 'MediaSource deleted: passthrough sink + live-manifest service worker',
      latencyClock: 'segments',
      initScript: withoutMediaSource,
      controlledBy: LIVE_MANIFEST_WORKER,
      page: EMBED_PAGE,
    },
    {
      id: 'embed-native',
      version: 'workspace',
      ownClock: null,
      config: 'MediaSource and navigator.serviceWorker deleted: passthrough sink alone',
      latencyClock: 'segments',
      initScript: withoutMediaSourceOrServiceWorkers,
      controlledBy: null,
      page: EMBED_PAGE,
    },
    {
      id: 'hlsjs',
      version: hlsjs.version,
      ownClock: 'hls.playingDate',
      config: 'new Hls()',
      page: barePage({
        id: 'hlsjs',
        title: 'hls.js',
        pkg: hlsjs,
        script: 'dist/hls.min.js',
        code: HLSJS_PAGE('', live),
      }),
    },
    {
      id: 'hlsjs-ll',
      version: hlsjs.version,
      ownClock: 'hls.playingDate',
      config: `new Hls(${HLSJS_LL_CONFIG})`,
      page: barePage({
        id: 'hlsjs-ll',
        title: 'hls.js low-latency',
        pkg: hlsjs,
        script: 'dist/hls.min.js',
        code: HLSJS_PAGE(HLSJS_LL_CONFIG, live),
      }),
    },
    {
      id: 'shaka',
      version: shaka.version,
      ownClock: 'player.getPlayheadTimeAsDate()',
      config: 'new shaka.Player() with its defaults, polyfills installed',
      page: barePage({
        id: 'shaka',
        title: 'Shaka Player',
        pkg: shaka,
        script: 'dist/shaka-player.compiled.js',
        code: SHAKA_PAGE(live),
      }),
    },
    {
      id: 'videojs',
      version: videojs.version,
      ownClock: null,
      config: "videojs(video, { autoplay: 'muted', html5: { vhs: { overrideNative: true } } })",
      page: barePage({
        id: 'videojs',
        title: 'Video.js',
        pkg: videojs,
        script: 'dist/video.min.js',
        css: 'dist/video-js.min.css',
        video: '<video class="video-js" muted autoplay playsinline></video>',
        code: VIDEOJS_PAGE(live),
      }),
    },
    {
      id: 'native',
      version: 'browser',
      ownClock: null,
      config: '<video src=master.m3u8 muted autoplay>',
      latencyClock: 'segments',
      page: {
        path: '/assets/__bench/native/index.html',
        files: { 'assets/__bench/native/index.html': () => NATIVE_PAGE(live) },
      },
    },
  ];
  return ids.map((id) => {
    const player = all.find((p) => p.id === id);
    if (!player) throw new Error(`no player "${id}"`);
    // open(): the URL to navigate to (bench/latency.mjs's interface).
    return {
      latencyClock: 'media',
      initScript: null,
      ...player,
      label: PLAYER_LABELS[id],
      open: async (_context, base) => `${base}${player.page.path}`,
    };
  });
}
