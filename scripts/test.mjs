// `npm test`: every check the project has, in the order a failure is cheapest to find:
// Chromium present, types, lint (import circles first), unit/integration tests, embed build and its size budget,
// the host SDK's build and its size budget, the packages' checks, browser tests, then a slice
// of the conformance corpus.
import { buildEmbed } from './build-embed.mjs';
import { buildSdk } from './build-sdk.mjs';
import { bin, ensureChromium, ensureFfmpeg, ensureNginx, ensureRedis, run } from './lib.mjs';

const TSCONFIGS = [
  'packages/contracts',
  'packages/player',
  'packages/api',
  'packages/realtime',
  'packages/config',
  'packages/consent',
  'packages/identity',
  'packages/monitoring',
  'packages/embed-sdk',
  'bindings/react-embed',
  'apps/platform',
  'apps/platform/cast-client',
  'apps/embed',
  'tests',
];

const steps = [
  [
    'System packages (Chromium, Redis, ffmpeg, nginx)',
    async () => (ensureChromium() && ensureRedis() && ensureFfmpeg() && ensureNginx() ? 0 : 1),
  ],
  [
    'Types',
    async () => {
      // Two compilers at a time: each is one process on one core, and CI has two.
      const queue = [...TSCONFIGS];
      let failed = 0;
      const compile = async () => {
        while (queue.length > 0 && failed === 0) {
          const code = await run(bin('tsc'), ['-p', queue.shift()]);
          if (code !== 0) failed = code;
        }
      };
      await Promise.all([compile(), compile()]);
      return failed;
    },
  ],
  [
    'Lint',
    async () =>
      (await run(process.execPath, ['scripts/check-cycles.mjs'])) ||
      (await run(bin('eslint'), ['.', '--max-warnings', '0'])) ||
      run(bin('prettier'), ['--check', '--log-level', 'warn', '.']),
  ],
  ['Unit and integration tests', () => run(bin('vitest'), ['run'])],
  ['Embed build', () => buildEmbed({ force: true })],
  ['Embed size budget', () => run(process.execPath, ['scripts/check-size.mjs'])],
  // The builder page and the SDK journeys load the built script from the platform.
  [
    'Host SDK build and size',
    async () => (await buildSdk({ force: true })) || run(process.execPath, ['scripts/check-size.mjs', '--sdk']),
  ],
  // Our packages as another project installs them (the built folder is the package): their
  // exports, files and metadata (publint), their types as each resolver finds them (attw; ESM
  // only, so the CommonJS resolvers are not asked) and the player's reference (docs/api) up to
  // date. The journeys player-package, embed-sdk-package and react-embed-package install the
  // packed tarballs into throwaway apps and play.
  [
    'Packages (publint, types, API reference)',
    async () => {
      for (const [build, dist] of [
        ['scripts/build-player-lib.mjs', 'packages/player/dist'],
        ['scripts/build-sdk-lib.mjs', 'packages/embed-sdk/dist'],
        ['scripts/build-react-embed-lib.mjs', 'bindings/react-embed/dist'],
      ]) {
        const code =
          (await run(process.execPath, [build])) ||
          (await run(bin('publint'), [dist])) ||
          (await run(bin('attw'), ['--pack', dist, '--profile', 'esm-only', '--entrypoints', '.']));
        if (code !== 0) return code;
      }
      return run(process.execPath, ['scripts/api-docs.mjs', '--check']);
    },
  ],
  ['Browser tests', () => run(bin('playwright'), ['test', ...process.argv.slice(2)])],
  // Three streams another packager writes (Debian's ffmpeg, at test time), each on our engine
  // with frames and sound: muxed fMP4, audio in its own playlist, MPEG-TS. The whole corpus is
  // `npm run conformance`.
  [
    'Conformance slice (streams ffmpeg writes)',
    () => run(bin('playwright'), ['test', '-c', 'playwright.conformance.config.ts', '--grep', '@slice']),
  ],
];

for (const [name, step] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const code = await step();
  if (code !== 0) {
    console.error(`\n${name} failed (exit ${code}).`);
    process.exit(code);
  }
  console.log(`${name}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log('\nAll checks passed.');
