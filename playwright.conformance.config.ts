import { defineConfig } from '@playwright/test';
import { ALLOW_SOUND_AUTOPLAY, CHROMIUM_BASE_ARGS, LAB_LOCAL_NETWORK } from './tests/e2e/support/chromium.ts';
import { E2E_ADMIN_TOKEN } from './tests/e2e/support/admin-token.ts';
import { CONFORMANCE_PORT, MEDIA_ORIGIN } from './tests/conformance/ports.ts';

/** CI=true (any non-empty value but 'false' or '0'), as CI services set it. */
const CI = !!process.env.CI && !['false', '0'].includes(process.env.CI);

/**
 * The conformance corpus (`npm run conformance`): streams another packager wrote (Debian's
 * ffmpeg), served by a plain static server on another origin, played in Debian's Chromium on
 * each sink (tests/conformance). Its own platform on its own port, as playwright.config.ts
 * starts one, with the corpus's origin allowed to the embed (EMBED_CONNECT_SRC, the
 * deployment's setting for a CDN); the default policy stays as it is.
 * `--grep @slice`: three representative cases, for a CI slice.
 */
export default defineConfig({
  testDir: 'tests/conformance',
  testMatch: /conformance\.spec\.ts$/,
  outputDir: 'test-results/conformance-artifacts',
  globalSetup: './tests/conformance/global-setup.mjs',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // One browser and one ffmpeg at a time, on a small machine.
  workers: 1,
  forbidOnly: CI,
  retries: 0,
  // The table (test-results/conformance.md) after the run's own lines.
  reporter: [[CI ? 'line' : 'list'], ['./tests/conformance/table-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${CONFORMANCE_PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The lab page is answered by Playwright's router (a public page to Chromium), and the
      // corpus is on loopback: without this, Local Network Access refuses its requests.
      args: [...CHROMIUM_BASE_ARGS, ALLOW_SOUND_AUTOPLAY, LAB_LOCAL_NETWORK],
    },
    trace: 'off',
  },
  projects: [{ name: 'conformance', metadata: { labSink: 'mse-worker' } }],
  webServer: {
    command: `node --import tsx apps/platform/src/main.ts`,
    env: {
      PORT: String(CONFORMANCE_PORT),
      HOST: '127.0.0.1',
      ADMIN: '1',
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      EMBED_CONNECT_SRC: MEDIA_ORIGIN,
      ...(process.env.EMBED_DIR ? { EMBED_DIR: process.env.EMBED_DIR } : {}),
    },
    url: `http://127.0.0.1:${CONFORMANCE_PORT}/api/v2/channels/studio-live/info`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
