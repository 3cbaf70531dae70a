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
    setupFiles: ['scripts/fast-check-seed.mjs'],
  },
});
