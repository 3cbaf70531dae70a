import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests next to the code (including the scripts' and the bench's pure
 * parts); browser journeys live in tests/e2e (Playwright).
 */
export default defineConfig({
  test: {
    include: [
      'apps/**/src/**/*.test.ts',
      'packages/**/src/**/*.test.ts',
      'bindings/**/src/**/*.test.ts',
      'scripts/**/*.test.mjs',
      'bench/lib/**/*.test.mjs',
      'tests/soak/**/*.test.ts',
    ],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, where
    // the suite then ran file after file (3.4 min). Much of it waits on real sockets, servers
    // and Redis rather than computing, so three workers overlap those waits (2.1 min there).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    minWorkers: 1,
    setupFiles: ['scripts/fast-check-seed.mjs'],
  },
});
