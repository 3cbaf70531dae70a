// The embed's JavaScript size budget (issue 8), checked by `npm test` after the embed build:
// `node scripts/check-size.mjs [--dir=<built embed>]` prints every chunk's raw and gzip size
// and exits 1 when a budget in apps/embed/size-budget.json is exceeded.
// `--set-budget` rewrites the budget to the measured size + 5 % (tighten it as the code shrinks).
// `--sdk` checks the host SDK's script build instead (issue 15): one file, 5 KiB gzip at most.
// "Before the first frame" is the early start inlined in index.html, the entry chunk, everything
// it imports statically and the engine worker: where the early start shows the first frame (MediaSource in a worker) nothing else
// runs before it. "At start-up" adds the app the entry imports once that frame is out (or at
// once without an early engine): the JS before the player is interactive. Other chunks behind
// import() load on demand.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUDGET_FILE = path.join(root, 'apps/embed/size-budget.json');
const MANIFEST = '.vite/manifest.json';

/**
 * The chunks an entry imports with import() at start, not on demand: src/main.tsx imports the
 * app (chunk name `app`) as soon as the early first frame is out, or at once where there is no
 * early engine.
 */
export const START_CHUNKS = ['app'];

/**
 * Walks Vite's build manifest: every JS chunk; which of them load before the first frame (the
 * entries and the chunks they import statically, transitively); and which at start-up (those,
 * the START_CHUNKS the entries import, and what those import statically).
 * @returns {{ files: string[], firstFrame: Set<string>, startup: Set<string> }} paths relative to the dist
 */
export function walkManifest(manifest, startChunks = START_CHUNKS) {
  const chunks = Object.entries(manifest);
  const files = [...new Set(chunks.map(([, c]) => c.file).filter((f) => f.endsWith('.js')))].sort();
  const closure = (keys) => {
    const found = new Set();
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`the manifest imports ${key}, which it does not list`);
      if (found.has(chunk.file)) return;
      found.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return found;
  };
  const entries = chunks.filter(([, c]) => c.isEntry).map(([key]) => key);
  if (!entries.length) throw new Error('the manifest has no entry chunk');
  const started = entries.flatMap((key) =>
    (manifest[key].dynamicImports ?? []).filter((k) => startChunks.includes(manifest[k]?.name)),
  );
  return { files, firstFrame: closure(entries), startup: closure([...entries, ...started]) };
}

/**
 * Worker scripts: Vite emits a `new Worker(…)`/`?worker` bundle as an asset, outside the
 * manifest's chunks. The engine's worker starts with the player, so it loads before the first
 * frame and counts there.
 * @param {string[]} assetJs every .js file under the dist's assets/ (relative paths)
 * @param {string[]} manifestFiles the manifest's chunk files
 * @returns {string[]}
 */
export function workerScripts(assetJs, manifestFiles) {
  const known = new Set(manifestFiles);
  return assetJs.filter((file) => !known.has(file) && /worker/i.test(file)).sort();
}

/**
 * Scripts a worker loads on demand (importScripts), also outside the manifest: the MPEG-TS
 * remuxer, only for a stream of such segments, and the subtitle loop, only once subtitles are
 * shown. They count in All JS, never before the first frame.
 * @param {string[]} assetJs every .js file under the dist's assets/ (relative paths)
 * @param {string[]} manifestFiles the manifest's chunk files
 * @returns {string[]}
 */
export function onDemandScripts(assetJs, manifestFiles) {
  const known = new Set(manifestFiles);
  return assetJs.filter((file) => !known.has(file) && /ts-remuxer|subtitle-script/i.test(file)).sort();
}

/**
 * Compares measured gzip totals with the budget.
 * @param {{ firstFrameGzip: number, startupGzip: number, totalGzip: number }} totals bytes
 * @param {{ firstFrameJsGzip: number, startupJsGzip: number, totalJsGzip: number }} budget bytes
 * @returns {{ name: string, gzip: number, budget: number, over: boolean }[]}
 */
export function compareWithBudget(totals, budget) {
  const lines = [
    ['JS before the first frame', totals.firstFrameGzip, budget.firstFrameJsGzip],
    ['JS at start-up (with the app)', totals.startupGzip, budget.startupJsGzip],
    ['All JS', totals.totalGzip, budget.totalJsGzip],
  ];
  return lines.map(([name, gzip, limit]) => {
    if (!Number.isInteger(limit) || limit <= 0) throw new Error(`the budget for "${name}" is not a positive integer`);
    return { name, gzip, budget: limit, over: gzip > limit };
  });
}

/** A budget with `headroom` (0.05 = 5 %) over the measured totals, keeping the file's other fields. */
export function budgetFor(totals, current = {}, headroom = 0.05) {
  return {
    ...current,
    firstFrameJsGzip: Math.ceil(totals.firstFrameGzip * (1 + headroom)),
    startupJsGzip: Math.ceil(totals.startupGzip * (1 + headroom)),
    totalJsGzip: Math.ceil(totals.totalGzip * (1 + headroom)),
  };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The report for the terminal: one row per chunk, then the budget lines. */
export function formatReport(chunks, results) {
  const rows = [
    ['Chunk', 'Raw', 'Gzip', 'Budget'],
    ...chunks.map((c) => [
      `${c.file}${c.firstFrame ? ' (first frame)' : c.startup ? ' (start-up)' : ''}`,
      kib(c.raw),
      kib(c.gzip),
      '',
    ]),
    ...results.map((r) => [
      r.name,
      '',
      kib(r.gzip),
      `${kib(r.budget)} ${r.over ? `OVER by ${kib(r.gzip - r.budget)}` : `ok (${((r.gzip / r.budget) * 100).toFixed(0)} %)`}`,
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => r.map((cell, i) => (i === 0 || i === 3 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])));
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const body = rows.map((r) => line(r).join('  ').trimEnd());
  return [body[0], rule, ...body.slice(1, 1 + chunks.length), rule, ...body.slice(1 + chunks.length)].join('\n');
}

/** Gzip at the highest level, as a static server or CDN would precompress the assets. */
export const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

/**
 * The host SDK's script (scripts/build-sdk.mjs) runs on other sites' pages, beside their own
 * code: it must stay small enough that nobody weighs it before embedding. 5 KiB gzip.
 */
export const SDK_FILE = path.join(root, 'packages/embed-sdk/dist/onair-embed.js');
export const SDK_BUDGET_GZIP = 5 * 1024;

/**
 * The SDK script's size against its budget.
 * @param {Uint8Array} bytes the built script
 * @returns {{ raw: number, gzip: number, budget: number, over: boolean }}
 */
export function checkSdkSize(bytes, budget = SDK_BUDGET_GZIP) {
  if (!Number.isInteger(budget) || budget <= 0) throw new Error('the SDK budget is not a positive integer');
  const gzip = gzipSize(bytes);
  return { raw: bytes.length, gzip, budget, over: gzip > budget };
}

/** One line for the terminal: `Host SDK  7.0 KiB raw  2.8 KiB gzip  budget 5.0 KiB ok (55 %)`. */
export function formatSdkReport({ raw, gzip, budget, over }) {
  const verdict = over ? `OVER by ${kib(gzip - budget)}` : `ok (${((gzip / budget) * 100).toFixed(0)} %)`;
  return `Host SDK (onair-embed.js)  ${kib(raw)} raw  ${kib(gzip)} gzip  budget ${kib(budget)} ${verdict}`;
}

function runSdkCheck() {
  if (!existsSync(SDK_FILE)) {
    throw new Error(`${path.relative(root, SDK_FILE)} is missing: build it with node scripts/build-sdk.mjs`);
  }
  const result = checkSdkSize(readFileSync(SDK_FILE));
  console.log(formatSdkReport(result));
  if (result.over) console.error('\nThe host SDK is over its 5 KiB gzip budget: make it smaller.');
  return !result.over;
}

/** The page's inline classic scripts (not JSON data blocks, not scripts by URL). */
export function inlineScripts(html) {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\ssrc=|type=["']?application\/json/i.test(attributes))
    .map(([, , code]) => code)
    .filter((code) => code.trim() !== '');
}

export function checkSize(distDir, budget) {
  const manifestPath = path.join(distDir, MANIFEST);
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build the embed (its vite.config.ts sets build.manifest)`);
  }
  const { files: manifestFiles, firstFrame, startup } = walkManifest(JSON.parse(readFileSync(manifestPath, 'utf8')));
  // dist/assets/ itself, not its folders: assets/playground/ is the player playground's own
  // build (apps/embed/vite.playground.config.ts), a developer page that no viewer loads.
  const assetsDir = path.join(distDir, 'assets');
  const assetJs = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((f) => f.endsWith('.js'))
        .map((f) => `assets/${f}`)
    : [];
  const workers = workerScripts(assetJs, manifestFiles);
  for (const file of workers) {
    firstFrame.add(file);
    startup.add(file);
  }
  const files = [...manifestFiles, ...workers, ...onDemandScripts(assetJs, manifestFiles)];
  const chunks = files.map((file) => {
    const bytes = readFileSync(path.join(distDir, file));
    const flags = { firstFrame: firstFrame.has(file), startup: startup.has(file) };
    return { file, raw: bytes.length, gzip: gzipSize(bytes), ...flags };
  });
  // The early start the build inlines into the page runs before everything else: it counts.
  const inline = inlineScripts(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  if (inline.length > 0) {
    const bytes = Buffer.from(inline.join('\n'));
    chunks.push({
      file: 'index.html (inline early start)',
      raw: bytes.length,
      gzip: gzipSize(bytes),
      firstFrame: true,
      startup: true,
    });
  }
  const rank = (c) => Number(c.firstFrame) * 2 + Number(c.startup);
  chunks.sort((a, b) => rank(b) - rank(a) || b.gzip - a.gzip);
  const sum = (list) => list.reduce((total, c) => total + c.gzip, 0);
  const results = compareWithBudget(
    {
      firstFrameGzip: sum(chunks.filter((c) => c.firstFrame)),
      startupGzip: sum(chunks.filter((c) => c.startup)),
      totalGzip: sum(chunks),
    },
    budget,
  );
  return { chunks, results, ok: results.every((r) => !r.over) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirArg = process.argv.find((a) => a.startsWith('--dir='));
  const distDir = path.resolve(dirArg ? dirArg.slice('--dir='.length) : path.join(root, 'apps/embed/dist'));
  try {
    if (process.argv.includes('--sdk')) process.exit(runSdkCheck() ? 0 : 1);
    let budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));
    if (process.argv.includes('--set-budget')) {
      const { results } = checkSize(distDir, budget);
      const [firstFrameGzip, startupGzip, totalGzip] = results.map((r) => r.gzip);
      budget = budgetFor({ firstFrameGzip, startupGzip, totalGzip }, budget);
      writeFileSync(BUDGET_FILE, `${JSON.stringify(budget, null, 2)}\n`);
      console.log(`Budget set to the measured size + 5 % in ${path.relative(root, BUDGET_FILE)}.\n`);
    }
    const { chunks, results, ok } = checkSize(distDir, budget);
    console.log(formatReport(chunks, results));
    if (!ok) {
      console.error(
        `\nThe embed's JavaScript is over its budget (${path.relative(root, BUDGET_FILE)}): load what the first frame does not need with import(), or make it smaller.`,
      );
    }
    process.exit(ok ? 0 : 1);
  } catch (error) {
    console.error(`check-size: ${error.message}`);
    process.exit(1);
  }
}
