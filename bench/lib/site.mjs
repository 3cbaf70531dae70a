// What the platform serves during a benchmark: a copy of the built embed (EMBED_DIR, or
// apps/embed/dist built on demand) with the peers' bare pages and scripts written into it.
// The platform serves it through its own EMBED_DIR, so nothing is intercepted in the browser
// (Playwright's routing would turn the HTTP cache off, and the warm start-up needs it).
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Copies `embedDir` (without source maps) and adds every player's files; returns the new dir. */
export function prepareSite(embedDir, players) {
  const dir = mkdtempSync(path.join(tmpdir(), 'onair-bench-site-'));
  cpSync(embedDir, dir, { recursive: true, filter: (source) => !source.endsWith('.map') });
  for (const player of players) {
    for (const [file, read] of Object.entries(player.page.files)) {
      const target = path.join(dir, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, read());
    }
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
