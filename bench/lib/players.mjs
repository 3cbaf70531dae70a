// The players under test, each opened in its own fresh browser context. The peers run with
// their defaults in a bare page served at the platform's origin by intercepting one path
// (as tests/e2e/support/player-lab.ts does for the engine), so every player loads the same
// URLs from the same origin. Each bare page says what its player thinks the
// program-date-time on screen is through window.__benchPlayerDate.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { benchDir } from './setup.mjs';

const LIVE = '/hls/studio-live/master.m3u8';
/** A peer player installed in bench/node_modules: its version and its browser build. */
function peer(name, file) {
  const dir = path.join(benchDir, 'node_modules', name);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return { version, script: () => readFileSync(path.join(dir, file), 'utf8') };
}

const bareHtml = (title, id, code) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<style>html,body{margin:0;background:#000}video{width:640px;height:360px}</style></head>
<body><video muted autoplay playsinline></video><script src="/__bench/${id}/player.js"></script>
<script>const video = document.querySelector('video');
${code}</script></body></html>`;

const HLSJS_PAGE = `const hls = new Hls();
hls.loadSource('${LIVE}');
hls.attachMedia(video);
window.__benchPlayerDate = () => hls.playingDate?.getTime() ?? null;`;

const SHAKA_PAGE = `shaka.polyfill.installAll();
const player = new shaka.Player();
window.__benchPlayerDate = () => player.getPlayheadTimeAsDate()?.getTime() ?? null;
player.attach(video).then(() => player.load('${LIVE}')).catch((e) => console.error('shaka', e.code, e.message));`;

/** Serves a bare page and its player script under /__bench/<id>/ at the platform's origin. */
async function bare(context, base, { id, title, script, code }) {
  const js = script();
  const html = bareHtml(title, id, code);
  await context.route(`**/__bench/${id}/**`, (route) =>
    new URL(route.request().url()).pathname.endsWith('/player.js')
      ? route.fulfill({ body: js, contentType: 'text/javascript' })
      : route.fulfill({ body: html, contentType: 'text/html' }),
  );
  return `${base}/__bench/${id}/index.html`;
}

export function players() {
  const hlsjs = peer('hls.js', 'dist/hls.min.js');
  const shaka = peer('shaka-player', 'dist/shaka-player.compiled.js');
  return [
    {
      id: 'embed',
      label: 'OnAir embed',
      version: 'workspace',
      ownClock: null,
      open: async (_context, base) => `${base}/studio-live?muted=true`,
    },
    {
      id: 'hlsjs',
      label: 'hls.js defaults',
      version: hlsjs.version,
      ownClock: 'hls.playingDate',
      open: (context, base) =>
        bare(context, base, { id: 'hlsjs', title: 'hls.js', script: hlsjs.script, code: HLSJS_PAGE }),
    },
    {
      id: 'shaka',
      label: 'Shaka defaults',
      version: shaka.version,
      ownClock: 'player.getPlayheadTimeAsDate()',
      open: (context, base) =>
        bare(context, base, { id: 'shaka', title: 'Shaka Player', script: shaka.script, code: SHAKA_PAGE }),
    },
  ];
}
