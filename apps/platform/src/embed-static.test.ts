import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodedStaticPath, isServedAsset } from './embed-static.ts';

describe('static paths, decoded once and judged after', () => {
  it.each([
    ['/assets/app.js', '/assets/app.js'],
    ['/assets/app%2Ejs', '/assets/app.js'],
    ['/assets/%252e%252e', '/assets/%2e%2e'],
    ['/assets/..%2findex.html', null],
    ['/assets/%2e%2e/index.html', null],
    ['/assets/./app.js', null],
    ['/assets//app.js', null],
    ['/assets/a%5cb', null],
    ['/assets/a%00b', null],
    ['/assets/%E0%A4%A', null],
  ])('%s → %s', (raw, expected) => {
    expect(decodedStaticPath(raw)).toBe(expected);
  });

  it('serves assets and the live-manifest worker, never a map', () => {
    expect(isServedAsset('/assets/app-1a2b.js')).toBe(true);
    expect(isServedAsset('/live-manifest-sw.js')).toBe(true);
    for (const raw of ['/assets/app.js.map', '/assets/app.js.ma%70', '/assets/app.js.MAP', '/assets/app.js.map.gz']) {
      expect(isServedAsset(raw), raw).toBe(false);
    }
    expect(isServedAsset('/index.html')).toBe(false);
  });

  it('never throws, and never passes a path with a dot segment once decoded', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('assets', '..', '.', '%2e', '%2f', '%2E%2E', 'a.js', '%', 'map', '/')),
        (parts) => {
          const raw = `/${parts.join('/')}`;
          const served = isServedAsset(raw);
          if (served) {
            const decoded = decodeURIComponent(raw);
            expect(decoded.split('/').some((s) => s === '..' || s === '.')).toBe(false);
          }
        },
      ),
    );
  });
});
