import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as api from './index.ts';

/**
 * The player's public surface is locked: adding or removing an export must be a deliberate
 * change of public-api.txt, reviewed like any other API change.
 */
describe('public API', () => {
  it('exports exactly what public-api.txt lists', () => {
    const locked = readFileSync(new URL('../public-api.txt', import.meta.url), 'utf8')
      .trim()
      .split('\n');
    expect(Object.keys(api).sort()).toEqual(locked);
  });
});
