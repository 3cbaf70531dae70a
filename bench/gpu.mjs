// `npm run bench:gpu [-- --seconds=S]`: the GPU surface's cost per frame (SPEC §3 frame
// statistics) on the live channel, the player package on a bare page at the platform's origin,
// WebGPU on whatever adapter this Chromium has: SwiftShader (the CPU) here, a real GPU where
// there is one (`GPU_ARGS` replaces the flags then). Two cases: the 360p rendition drawn at
// 1280 × 720 (a 640 × 360 box on a 2× screen: the upscale the path is for) and at 640 × 360
// (no upscale, the same box on a 1× screen), in one browser, one after the other. The monitor
// is off (SwiftShader cannot keep 30 fps, and the figure is what it costs, not whether it
// passes). A benchmark, not a test: it reports and never judges.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { benchDir, root, startPlatform } from './lib/setup.mjs';

const SWIFTSHADER_ARGS = [
  ...CHROMIUM_ARGS.filter((arg) => arg !== '--disable-gpu'),
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-vulkan=swiftshader',
  '--use-angle=swiftshader',
];
const ARGS = process.env.GPU_ARGS
  ? [...CHROMIUM_ARGS.filter((a) => a !== '--disable-gpu'), ...process.env.GPU_ARGS.split(' ')]
  : SWIFTSHADER_ARGS;
const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 20);
const CASES = [
  { name: '360p → 1280×720', deviceScaleFactor: 2 },
  { name: '360p → 640×360', deviceScaleFactor: 1 },
];
const PAGE = '/__bench-gpu';

async function playerBundle() {
  const result = await build({
    entryPoints: [path.join(root, 'packages/player/src/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'OnAirPlayer',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** In the page: the player on the canvas surface, 360p pinned, playing; resolves once the canvas presents. */
async function startInPage() {
  const api = window.OnAirPlayer;
  const video = document.querySelector('video');
  const canvas = document.querySelector('canvas');
  const gpu = { surfaceMode: 'canvas', module: { vendors: ['*'], architectures: ['*'], monitorEnabled: false } };
  const player = api.createPlayer({ gpu });
  window.benchPlayer = player;
  player.setMuted(true);
  player.attachMedia(video);
  player.load('/hls/studio-live/master.m3u8');
  await new Promise((resolve) => player.on('loaded', resolve));
  const p360 = player.getState().qualities.find((q) => q.name === '360p');
  if (!p360) throw new Error('the channel has no 360p rendition');
  player.setQuality(p360);
  const presenting = new Promise((resolve, reject) => {
    player.on('gpu-state-changed', (state) => {
      if (state.status === 'presenting') resolve();
      if (state.status === 'failed' || state.status === 'unsupported') reject(new Error(JSON.stringify(state)));
    });
  });
  await player.play();
  player.attachGpuCanvas(canvas);
  await presenting;
  return player.getGpuState().support.adapter;
}

/** The difference of two cumulative frame statistics: counts, and mean ms over the frames between them. */
function between(a, b) {
  const counts = Object.fromEntries(
    ['source', 'rendered', 'skipped', 'blocked', 'missed'].map((k) => [k, b[k] - a[k]]),
  );
  const mean = (timing) => {
    const n = b.timings[timing].count - a.timings[timing].count;
    const sum = b.timings[timing].mean * b.timings[timing].count - a.timings[timing].mean * a.timings[timing].count;
    return n > 0 ? sum / n : NaN;
  };
  return { ...counts, transformMs: mean('transform'), renderMs: mean('render'), endToEndMs: mean('endToEnd') };
}

async function measure(browser, base, bundle, which) {
  const context = await browser.newContext({
    viewport: { width: 640, height: 360 },
    deviceScaleFactor: which.deviceScaleFactor,
  });
  const page = await context.newPage();
  await page.route(`**${PAGE}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><body style="margin:0;background:#000"><video playsinline style="display:none"></video><canvas style="width:640px;height:360px;object-fit:contain"></canvas><script>${bundle}</script></body>`,
    }),
  );
  await page.goto(`${base}${PAGE}`);
  const adapter = await page.evaluate(startInPage);
  const stats = () => page.evaluate(() => window.benchPlayer.getGpuFrameStatistics());
  await page.waitForTimeout(3000);
  const before = await stats();
  await page.waitForTimeout(seconds * 1000);
  const after = await stats();
  const capture = await page.evaluate(() => window.benchPlayer.getGpuState().capture);
  const size = await page.evaluate(
    () => `${document.querySelector('canvas').width}×${document.querySelector('canvas').height}`,
  );
  await context.close();
  const figures = between(before, after);
  return { case: which.name, canvas: size, adapter, capture, seconds, ...figures };
}

const fixed = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

async function main() {
  const platform = await startPlatform();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  const results = [];
  try {
    const bundle = await playerBundle();
    console.log(`Chromium ${browser.version()}; ${seconds} s a case after 3 s of warm-up.`);
    for (const which of CASES) results.push(await measure(browser, platform.base, bundle, which));
  } finally {
    await browser.close();
    await platform.stop();
  }
  const rows = results.map(
    (r) =>
      `| ${r.case} | ${r.canvas} | ${r.adapter?.vendor}/${r.adapter?.architecture} | ${r.capture} | ${fixed(r.transformMs)} | ${fixed(r.renderMs)} | ${fixed(r.transformMs + r.renderMs)} | ${fixed(r.endToEndMs)} | ${fixed(r.rendered / r.seconds)} / ${fixed(r.source / r.seconds)} | ${fixed(r.rendered / r.source, 2)} |`,
  );
  const table = [
    '| Case | Canvas | Adapter | Capture | Transform (ms) | Render (ms) | Transform + render (ms/frame) | End to end (ms) | Drawn / presented (fps) | Drawn ÷ presented |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
  console.log(`\n${table}\n`);
  mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  writeFileSync(
    path.join(benchDir, 'results/gpu.json'),
    `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
  );
  writeFileSync(path.join(benchDir, 'results/gpu.md'), `${table}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
