// `npm test`'s lint step: no import circle anywhere in apps/ or packages/. Every edge counts:
// value, type-only, re-export and dynamic import() alike, since a circle of types is still two
// rooms that cannot be understood (or moved) apart. Relative specifiers resolve on disk and
// `@onair/*` through each workspace package's exports, so a circle across packages shows too.
// Exits 1 with each circle listed; `--graph` prints the edges.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP = new Set(['node_modules', 'dist', 'media', '.git']);

function walk(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** `@onair/name/sub` → the file its package's exports map names. */
function packageEntries() {
  const entries = new Map();
  for (const base of ['packages', 'apps']) {
    for (const dir of fs.readdirSync(path.join(root, base))) {
      const manifest = path.join(root, base, dir, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      const exportsMap = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {});
      for (const [key, target] of Object.entries(exportsMap)) {
        if (typeof target !== 'string') continue;
        entries.set(pkg.name + key.slice(1), path.join(root, base, dir, target));
      }
    }
  }
  return entries;
}

function resolve(from, specifier, entries) {
  const bare = specifier.replace(/\?.*$/, '');
  if (entries.has(bare)) return entries.get(bare);
  if (!bare.startsWith('.')) return null;
  const target = path.resolve(path.dirname(from), bare);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function importGraph(dirs = ['apps', 'packages']) {
  const entries = packageEntries();
  const graph = new Map();
  for (const file of dirs.flatMap((dir) => walk(path.join(root, dir), []))) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const deps = info.importedFiles.map((ref) => resolve(file, ref.fileName, entries)).filter(Boolean);
    graph.set(file, [...new Set(deps)]);
  }
  return graph;
}

/** Tarjan's strongly connected components: every component of more than one file is a circle. */
export function findCycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const low = new Map();
  const cycles = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
    }
    if (low.get(node) !== indices.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfLoop = (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfLoop) cycles.push(component.reverse());
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = importGraph();
  if (process.argv.includes('--graph')) {
    for (const [file, deps] of graph) {
      console.log(`${path.relative(root, file)} -> ${deps.map((d) => path.relative(root, d)).join(' ')}`);
    }
  }
  const cycles = findCycles(graph);
  for (const cycle of cycles) {
    console.error(`Import circle (${cycle.length} files):\n  ${cycle.map((f) => path.relative(root, f)).join('\n  ')}`);
  }
  if (cycles.length > 0) process.exit(1);
  console.log(`No import circle in ${graph.size} files.`);
}
