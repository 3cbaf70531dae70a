import { defineConfig } from 'vitest/config';

/** Unit and integration tests next to the code; browser journeys live in tests/e2e (Playwright). */
export default defineConfig({
  test: {
    include: ['apps/**/src/**/*.test.ts', 'packages/**/src/**/*.test.ts'],
    environment: 'node',
  },
});
