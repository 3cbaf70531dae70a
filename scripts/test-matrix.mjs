// `npm run test:matrix`: every engine, fault and low-latency journey on the two sinks besides
// our worker engine (MediaSource on the page, hls.js), in Chromium against the real platform;
// `npm test` runs their `@sinks` slice there. Extra arguments go to Playwright (e.g. -g "stall").
import { buildEmbed } from './build-embed.mjs';
import { bin, ensureChromium, ensureRedis, run } from './lib.mjs';

if (!ensureChromium() || !ensureRedis()) process.exit(1);
const built = await buildEmbed();
if (built !== 0) process.exit(built);
process.exit(
  await run(bin('playwright'), ['test', '--project=lab-dms', '--project=lab-mse', ...process.argv.slice(2)], {
    env: { ...process.env, SINK_MATRIX: 'all' },
  }),
);
