// The embed's JavaScript size budget (issue 8), checked by `npm test` after the embed build:
// `node scripts/check-size.mjs [--dir=<built embed>]` prints every chunk's raw and gzip size
// and exits 1 when a budget in apps/embed/size-budget.json is exceeded.
// `--set-budget` rewrites the budget to the measured size + 5 % (tighten it as the code shrinks).
// "Before the first frame" is the entry chunk and everything it imports statically: the
// browser must load all of it before any of the embed runs. Chunks behind import() load later.
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
 * early engine, so the app and its static imports count as start-up JS as before.
 */
export const START_CHUNKS = ['app'];

/**
 * Walks Vite's build manifest: every JS chunk, and which of them load before the embed runs
 * (the entries, the START_CHUNKS they import, and the chunks those import statically,
 * transitively).
 * @returns {{ files: string[], firstFrame: Set<string> }} files as paths relative to the dist
 */
export function walkManifest(manifest, startChunks = START_CHUNKS) {
  const chunks = Object.entries(manifest);
  const files = [...new Set(chunks.map(([, c]) => c.file).filter((f) => f.endsWith('.js')))].sort();
  const firstFrame = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest imports ${key}, which it does not list`);
    if (firstFrame.has(chunk.file)) return;
    firstFrame.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const imported of chunk.dynamicImports ?? []) {
      if (startChunks.includes(manifest[imported]?.name)) visit(imported);
    }
  };
  for (const [key, chunk] of chunks) if (chunk.isEntry) visit(key);
  if (!firstFrame.size) throw new Error('the manifest has no entry chunk');
  return { files, firstFrame };
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
 * Compares measured gzip totals with the budget.
 * @param {{ firstFrameGzip: number, totalGzip: number }} totals bytes
 * @param {{ firstFrameJsGzip: number, totalJsGzip: number }} budget bytes
 * @returns {{ name: string, gzip: number, budget: number, over: boolean }[]}
 */
export function compareWithBudget(totals, budget) {
  const lines = [
    ['JS before the first frame', totals.firstFrameGzip, budget.firstFrameJsGzip],
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
    totalJsGzip: Math.ceil(totals.totalGzip * (1 + headroom)),
  };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The report for the terminal: one row per chunk, then the budget lines. */
export function formatReport(chunks, results) {
  const rows = [
    ['Chunk', 'Raw', 'Gzip', 'Budget'],
    ...chunks.map((c) => [`${c.file}${c.firstFrame ? ' (first frame)' : ''}`, kib(c.raw), kib(c.gzip), '']),
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

export function checkSize(distDir, budget) {
  const manifestPath = path.join(distDir, MANIFEST);
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build the embed (its vite.config.ts sets build.manifest)`);
  }
  const { files: manifestFiles, firstFrame } = walkManifest(JSON.parse(readFileSync(manifestPath, 'utf8')));
  const assetsDir = path.join(distDir, 'assets');
  const assetJs = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((f) => f.endsWith('.js'))
        .map((f) => `assets/${f}`)
    : [];
  const workers = workerScripts(assetJs, manifestFiles);
  for (const file of workers) firstFrame.add(file);
  const files = [...manifestFiles, ...workers];
  const chunks = files.map((file) => {
    const bytes = readFileSync(path.join(distDir, file));
    return { file, raw: bytes.length, gzip: gzipSize(bytes), firstFrame: firstFrame.has(file) };
  });
  chunks.sort((a, b) => Number(b.firstFrame) - Number(a.firstFrame) || b.gzip - a.gzip);
  const sum = (list) => list.reduce((total, c) => total + c.gzip, 0);
  const results = compareWithBudget(
    { firstFrameGzip: sum(chunks.filter((c) => c.firstFrame)), totalGzip: sum(chunks) },
    budget,
  );
  return { chunks, results, ok: results.every((r) => !r.over) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirArg = process.argv.find((a) => a.startsWith('--dir='));
  const distDir = path.resolve(dirArg ? dirArg.slice('--dir='.length) : path.join(root, 'apps/embed/dist'));
  try {
    let budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));
    if (process.argv.includes('--set-budget')) {
      const { results } = checkSize(distDir, budget);
      budget = budgetFor({ firstFrameGzip: results[0].gzip, totalGzip: results[1].gzip }, budget);
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
