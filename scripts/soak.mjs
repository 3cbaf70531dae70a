// `npm run soak`: hostile clients against the platform while an embed plays (a few minutes);
// `npm run soak -- --day [--minutes=30]` adds a compressed day. See tests/soak/soak.ts.
import { buildEmbed } from './build-embed.mjs';
import { ensureChromium, ensureRedis, run } from './lib.mjs';

if (!ensureChromium() || !ensureRedis()) process.exit(1);
const built = await buildEmbed();
if (built !== 0) process.exit(built);
process.exit(await run(process.execPath, ['--import', 'tsx', 'tests/soak/soak.ts', ...process.argv.slice(2)]));
