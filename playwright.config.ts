import { defineConfig } from '@playwright/test';
import { ALLOW_SOUND_AUTOPLAY, CHROMIUM_BASE_ARGS } from './tests/e2e/support/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 18080);

/**
 * Browser journeys in Debian's Chromium (no downloaded browsers) against the real platform,
 * started on its own port with the built embed.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_BASE_ARGS, ALLOW_SOUND_AUTOPLAY],
    },
    trace: 'off',
  },
  webServer: {
    command: `node --import tsx apps/platform/src/main.ts`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ...(process.env.EMBED_DIR ? { EMBED_DIR: process.env.EMBED_DIR } : {}),
    },
    url: `http://127.0.0.1:${PORT}/api/v2/channels/studio-live/info`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
