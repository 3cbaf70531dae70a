import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readDeployConfig } from './deploy-config.ts';
import { writeDeployFolder } from './deploy-folder.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A build as Vite writes it: the page with an early script, a hashed chunk, its hidden map, the manifest. */
function fakeBuild(): { embedDist: string; sdkFile: string } {
  dir = mkdtempSync(path.join(tmpdir(), 'deploy-folder-'));
  const embedDist = path.join(dir, 'dist');
  mkdirSync(path.join(embedDist, 'assets'), { recursive: true });
  mkdirSync(path.join(embedDist, '.vite'));
  writeFileSync(path.join(embedDist, 'index.html'), '<html><head><script>early()</script></head><body></body></html>');
  writeFileSync(path.join(embedDist, 'assets/app-1a2b.js'), 'app()');
  writeFileSync(path.join(embedDist, 'playground.html'), '<html><head></head><body></body></html>');
  writeFileSync(path.join(embedDist, 'assets/app-1a2b.js.map'), '{}');
  writeFileSync(path.join(embedDist, '.vite/manifest.json'), '{}');
  const sdkFile = path.join(dir, 'onair-embed.js');
  writeFileSync(sdkFile, 'sdk()');
  return { embedDist, sdkFile };
}

describe('writeDeployFolder', () => {
  it('writes the configured page, the assets and the SDK to serve, the maps apart, and the server block', () => {
    const build = fakeBuild();
    const config = readDeployConfig(
      'ONAIR_ORIGIN=https://player.example.com\nSERVICES_UPSTREAM=http://10.0.0.5:8080\n',
    );
    const out = path.join(dir, 'out');
    const written = writeDeployFolder({ ...build, config, out });

    const page = readFileSync(path.join(written.site, 'index.html'), 'utf8');
    expect(page).toContain('<script id="onair-config" type="application/json">');
    expect(page).toContain('"PUBLIC_API_URL":"https://player.example.com"');
    expect(readFileSync(path.join(written.site, 'sdk/onair-embed.js'), 'utf8')).toBe('sdk()');
    expect(existsSync(path.join(written.site, 'assets/app-1a2b.js'))).toBe(true);
    expect(existsSync(path.join(written.site, 'assets/app-1a2b.js.map'))).toBe(false);
    expect(existsSync(path.join(out, 'source-maps/assets/app-1a2b.js.map'))).toBe(true);
    expect(existsSync(path.join(written.site, '.vite'))).toBe(false);

    // The early script's hash is the page's as written (the configuration is data, not a script).
    expect(written.pageCsp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    const block = readFileSync(written.serverBlock, 'utf8');
    expect(block).toContain(`root ${written.site};`);
    expect(block).toContain(written.pageCsp);
    // The playground at its path, under its own policy (any stream's origin), never framed.
    const start = block.indexOf('location = /playground {');
    expect(start).toBeGreaterThan(-1);
    const playground = block.slice(start, block.indexOf('\n    }', start));
    expect(playground).toContain('try_files /playground.html =404;');
    expect(playground).toMatch(/connect-src \*.*frame-ancestors 'none'/);
  });

  it('says what is missing when the embed is not built', () => {
    const build = fakeBuild();
    rmSync(path.join(build.embedDist, 'index.html'));
    const config = readDeployConfig('ONAIR_ORIGIN=https://player.example.com\n');
    expect(() => writeDeployFolder({ ...build, config, out: path.join(dir, 'out') })).toThrow(/the embed is not built/);
  });
});
