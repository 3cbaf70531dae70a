import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  budgetFor,
  checkSdkSize,
  compareWithBudget,
  formatReport,
  formatSdkReport,
  SDK_BUDGET_GZIP,
  walkManifest,
  workerScripts,
  onDemandScripts,
} from './check-size.mjs';

// The shape Vite 7 writes to dist/.vite/manifest.json (keys are sources or shared chunks).
const manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_vendor-b.js'],
    dynamicImports: ['src/stats.ts'],
    css: ['assets/index-c.css'],
  },
  '_vendor-b.js': { file: 'assets/vendor-b.js', imports: ['_shared-d.js'] },
  '_shared-d.js': { file: 'assets/shared-d.js' },
  'src/stats.ts': { file: 'assets/stats-e.js', isDynamicEntry: true, imports: ['_shared-d.js', 'index.html'] },
  'src/logo.svg': { file: 'assets/logo-f.svg' },
};

describe('walkManifest', () => {
  it('counts the entry and its static imports, transitively, as loaded before the first frame', () => {
    const { files, firstFrame } = walkManifest(manifest);
    expect([...firstFrame].sort()).toEqual(['assets/index-a.js', 'assets/shared-d.js', 'assets/vendor-b.js']);
    expect(files).toEqual(['assets/index-a.js', 'assets/shared-d.js', 'assets/stats-e.js', 'assets/vendor-b.js']);
  });

  it('leaves chunks reached only through import() out of the first frame', () => {
    expect(walkManifest(manifest).firstFrame.has('assets/stats-e.js')).toBe(false);
  });

  it('counts a chunk the entry imports at start (the app), and its static imports, at start-up only', () => {
    const started = {
      'index.html': { file: 'assets/index-a.js', isEntry: true, dynamicImports: ['_app-g.js', 'src/stats.ts'] },
      '_app-g.js': { file: 'assets/app-g.js', name: 'app', isDynamicEntry: true, imports: ['_vendor-b.js'] },
      '_vendor-b.js': { file: 'assets/vendor-b.js' },
      'src/stats.ts': { file: 'assets/stats-e.js', name: 'stats', isDynamicEntry: true },
    };
    const { firstFrame, startup } = walkManifest(started);
    expect([...firstFrame]).toEqual(['assets/index-a.js']);
    expect([...startup].sort()).toEqual(['assets/app-g.js', 'assets/index-a.js', 'assets/vendor-b.js']);
  });

  it('survives import cycles', () => {
    const cyclic = {
      'index.html': { file: 'a.js', isEntry: true, imports: ['_b'] },
      _b: { file: 'b.js', imports: ['index.html'] },
    };
    expect([...walkManifest(cyclic).firstFrame]).toEqual(['a.js', 'b.js']);
  });

  it('refuses a manifest without an entry or with a dangling import', () => {
    expect(() => walkManifest({ _a: { file: 'a.js' } })).toThrow(/no entry/);
    expect(() => walkManifest({ 'index.html': { file: 'a.js', isEntry: true, imports: ['_gone'] } })).toThrow(/_gone/);
  });
});

describe('compareWithBudget', () => {
  const budget = { firstFrameJsGzip: 1000, startupJsGzip: 1500, totalJsGzip: 2000 };
  const totals = { firstFrameGzip: 1000, startupGzip: 1500, totalGzip: 2000 };

  it('passes at or under the budget', () => {
    expect(compareWithBudget(totals, budget).map((r) => r.over)).toEqual([false, false, false]);
  });

  it('fails each budget that is exceeded by even one byte', () => {
    expect(compareWithBudget({ ...totals, firstFrameGzip: 1001 }, budget).map((r) => r.over)).toEqual([
      true,
      false,
      false,
    ]);
    expect(compareWithBudget({ ...totals, startupGzip: 1501 }, budget)[1].over).toBe(true);
    expect(compareWithBudget({ ...totals, totalGzip: 2001 }, budget)[2].over).toBe(true);
  });

  it('refuses a budget that is missing or not a positive integer', () => {
    const { firstFrameJsGzip: _dropped, ...withoutFirstFrame } = budget;
    expect(() => compareWithBudget(totals, withoutFirstFrame)).toThrow(/first frame/);
    expect(() => compareWithBudget(totals, { ...budget, startupJsGzip: 0 })).toThrow(/start-up/);
    expect(() => compareWithBudget(totals, { ...budget, totalJsGzip: -1 })).toThrow(/All JS/);
  });
});

describe('budgetFor', () => {
  it('sets each budget 5 % over the measured size, rounded up, keeping the other fields', () => {
    const measured = { firstFrameGzip: 1000, startupGzip: 1500, totalGzip: 2001 };
    const budget = budgetFor(measured, { description: 'why', totalJsGzip: 1 });
    expect(budget).toEqual({ description: 'why', firstFrameJsGzip: 1050, startupJsGzip: 1575, totalJsGzip: 2102 });
    // a budget set from a measurement passes that measurement
    expect(compareWithBudget(measured, budget).every((r) => !r.over)).toBe(true);
  });
});

describe('formatReport', () => {
  it('marks first-frame chunks and says by how much a budget is over', () => {
    const chunks = [{ file: 'assets/index-a.js', raw: 4096, gzip: 2048, firstFrame: true }];
    const totals = { firstFrameGzip: 2048, startupGzip: 2048, totalGzip: 2048 };
    const report = formatReport(chunks, compareWithBudget(totals, budgetOf(1024)));
    expect(report).toContain('assets/index-a.js (first frame)');
    expect(report).toContain('OVER by 1.0 KiB');
  });
});

const budgetOf = (bytes) => ({ firstFrameJsGzip: bytes, startupJsGzip: bytes, totalJsGzip: bytes });

describe('workerScripts', () => {
  it('finds worker bundles outside the manifest, and nothing else', () => {
    const assets = ['assets/index-a.js', 'assets/engine-worker-x1.js', 'assets/other-b.js'];
    expect(workerScripts(assets, ['assets/index-a.js'])).toEqual(['assets/engine-worker-x1.js']);
    expect(workerScripts(assets, ['assets/index-a.js', 'assets/engine-worker-x1.js'])).toEqual([]);
  });

  it('finds the scripts a worker loads on demand apart, counted in All JS only', () => {
    const assets = [
      'assets/index-a.js',
      'assets/engine-worker-x1.js',
      'assets/ts-remuxer-script-y.js',
      'assets/subtitle-script-z.js',
    ];
    expect(workerScripts(assets, ['assets/index-a.js'])).toEqual(['assets/engine-worker-x1.js']);
    expect(onDemandScripts(assets, ['assets/index-a.js'])).toEqual([
      'assets/subtitle-script-z.js',
      'assets/ts-remuxer-script-y.js',
    ]);
  });
});

describe('checkSdkSize', () => {
  it('is 5 KiB gzip', () => {
    expect(SDK_BUDGET_GZIP).toBe(5120);
  });

  it('passes a script whose gzip size is within the budget, however large it is raw', () => {
    const script = Buffer.from('var OnAir=1;'.repeat(2000));
    const result = checkSdkSize(script);
    expect(result).toMatchObject({ raw: 24000, budget: 5120, over: false });
    expect(result.gzip).toBeLessThan(1000);
  });

  it('fails a script whose gzip size is over the budget', () => {
    // Random bytes do not compress: their gzip size is above their raw size.
    const result = checkSdkSize(randomBytes(5200));
    expect(result.gzip).toBeGreaterThan(5120);
    expect(result.over).toBe(true);
  });

  it('refuses a budget that is not a positive integer', () => {
    expect(() => checkSdkSize(Buffer.from('x'), 0)).toThrow(/positive integer/);
  });

  it('reports the sizes and the verdict on one line', () => {
    expect(formatSdkReport({ raw: 7168, gzip: 2560, budget: 5120, over: false })).toBe(
      'Host SDK (onair-embed.js)  7.0 KiB raw  2.5 KiB gzip  budget 5.0 KiB ok (50 %)',
    );
    expect(formatSdkReport({ raw: 9216, gzip: 6144, budget: 5120, over: true })).toMatch(/OVER by 1\.0 KiB$/);
  });
});
