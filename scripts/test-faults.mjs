// `npm run test:faults`: the whole fault matrix (6 faults × 4 targets × 3 phases) in Chromium
// against the real platform; `npm test` runs one phase of each fault × target pair. Extra
// arguments go to Playwright (e.g. -g "stall").
import { buildEmbed } from './build-embed.mjs';
import { bin, ensureChromium, ensureRedis, run } from './lib.mjs';

if (!ensureChromium() || !ensureRedis()) process.exit(1);
const built = await buildEmbed();
if (built !== 0) process.exit(built);
process.exit(
  await run(
    bin('playwright'),
    ['test', '--project=chromium', 'tests/e2e/fault-matrix.spec.ts', ...process.argv.slice(2)],
    {
      env: { ...process.env, FAULT_MATRIX: 'all' },
    },
  ),
);
