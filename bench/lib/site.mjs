// What the platform serves during a benchmark: a copy of the built embed (EMBED_DIR, or
// apps/embed/dist built on demand) with the peers' bare pages and scripts written into it.
// The platform serves it through its own EMBED_DIR, so nothing is intercepted in the browser
// (Playwright's routing would turn the HTTP cache off, and the warm start-up needs it).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { WORKER_PROBE } from './probe.mjs';

/**
 * The embed's engine runs in a dedicated worker, where the page's probe cannot see its
 * SourceBuffer or its requests: the copy of the worker script starts with WORKER_PROBE, which
 * posts both to the page (probe.mjs receives them), and its .gz/.br are written again so the
 * platform serves what it would serve. The probe adds under 1 KiB to the embed's measured JS.
 */
function probeWorkers(dir) {
  const assets = path.join(dir, 'assets');
  for (const file of readdirSync(assets).filter((f) => /^engine-worker-[\w-]+\.js$/.test(f))) {
    const target = path.join(assets, file);
    const body = Buffer.from(WORKER_PROBE + readFileSync(target, 'utf8'));
    writeFileSync(target, body);
    writeFileSync(`${target}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(`${target}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

/** Copies `embedDir` (without source maps) and adds every player's files; returns the new dir. */
export function prepareSite(embedDir, players) {
  const dir = mkdtempSync(path.join(tmpdir(), 'onair-bench-site-'));
  cpSync(embedDir, dir, { recursive: true, filter: (source) => !source.endsWith('.map') });
  probeWorkers(dir);
  for (const player of players) {
    for (const [file, read] of Object.entries(player.page.files)) {
      const target = path.join(dir, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, read());
    }
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
