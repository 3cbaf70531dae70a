// `npm run docs:api`: the player's API reference (docs/api, Markdown) generated from its
// source by TypeDoc, over the package's own entry (packages/player/typedoc.json). A type the
// API names but does not export fails the run (treatWarningsAsErrors). `--check` (npm test)
// generates into a temporary folder and fails where docs/api differs: the reference is
// regenerated with the change that moves the API, never left behind.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bin, run } from './lib.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = join(ROOT, 'docs/api');
const OPTIONS = join(ROOT, 'packages/player/typedoc.json');
const check = process.argv.includes('--check');

async function files(dir) {
  const found = new Map();
  const walk = async (at) => {
    for (const entry of await readdir(at, { withFileTypes: true }).catch(() => [])) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) await walk(path);
      else found.set(relative(dir, path), await readFile(path, 'utf8'));
    }
  };
  await walk(dir);
  return found;
}

const out = check ? await mkdtemp(join(tmpdir(), 'onair-api-docs-')) : DOCS;
if (!check) await rm(DOCS, { recursive: true, force: true });
const code = await run(bin('typedoc'), ['--options', OPTIONS, '--out', out, '--logLevel', 'Warn']);
if (code !== 0 || !check) process.exit(code);

const [fresh, kept] = await Promise.all([files(out), files(DOCS)]);
await rm(out, { recursive: true, force: true });
const stale = [...new Set([...fresh.keys(), ...kept.keys()])].filter((file) => fresh.get(file) !== kept.get(file));
if (stale.length > 0) {
  console.error(
    `docs/api is not the reference of the current source (${stale.slice(0, 5).join(', ')}…): run npm run docs:api`,
  );
  process.exit(1);
}
console.log(`docs/api matches the source (${fresh.size} pages).`);
