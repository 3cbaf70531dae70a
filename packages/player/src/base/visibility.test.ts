import { describe, expect, it } from 'vitest';
import { shouldPauseHiddenTab } from './visibility.ts';

const CHROME_63 =
  'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.84 Safari/537.36';
const CHROME_130 =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const OPERA = `${CHROME_130} OPR/115.0.0.0`;

describe('hidden-tab rule (SPEC §4)', () => {
  it('pauses a hidden Chrome 63 or Opera tab that is muted or at zero volume', () => {
    expect(shouldPauseHiddenTab(CHROME_63, true, 1)).toBe(true);
    expect(shouldPauseHiddenTab(CHROME_63, false, 0)).toBe(true);
    expect(shouldPauseHiddenTab(OPERA, true, 0.5)).toBe(true);
  });
  it('keeps audible tabs and other browsers playing', () => {
    expect(shouldPauseHiddenTab(CHROME_63, false, 0.4)).toBe(false);
    expect(shouldPauseHiddenTab(CHROME_130, true, 0)).toBe(false);
  });
});
