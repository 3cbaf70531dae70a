import { defineConfig } from '@playwright/test';
import { ALLOW_SOUND_AUTOPLAY, CHROMIUM_BASE_ARGS } from './tests/e2e/support/chromium.ts';
import { E2E_ADMIN_TOKEN } from './tests/e2e/support/admin-token.ts';

const PORT = Number(process.env.E2E_PORT ?? 18080);
/** CI=true (any non-empty value but 'false' or '0'), as CI services set it. */
const CI = !!process.env.CI && !['false', '0'].includes(process.env.CI);
/**
 * The sink matrix (`npm run test:matrix`): every engine, fault and low-latency journey on the
 * two other sinks. `npm test` runs their `@sinks` slice there (a start with quality by hand,
 * a fault, a low-latency hold), which covers each sink's own code paths in a quarter the time.
 */
const SINK_MATRIX = process.env.SINK_MATRIX === 'all';
const SINK_SLICE = SINK_MATRIX ? undefined : /@sinks/;

/**
 * Browser journeys in Debian's Chromium (no downloaded browsers) against the real platform,
 * started on its own port with the built embed.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Screenshots are the embed's, whichever project runs them: no project name in the file name.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{-snapshotSuffix}{ext}',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // One browser at a time: the journeys share the platform's live channels and a small machine.
  workers: 1,
  // A stray test.only must not pass CI by running one test.
  forbidOnly: CI,
  // Never retried, locally or in CI: a journey that passes only on a second try is a flaky one
  // to fix, not to hide.
  retries: 0,
  // CI logs want a line per test and annotations on the diff; a terminal wants the list.
  // The failures again last: a CI log cut to its tail keeps why, not just which.
  reporter: CI ? [['line'], ['github'], ['./tests/e2e/support/failures-reporter.ts']] : [['list']],
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
  // metadata.labSink: the sink the engine's lab page starts on when a journey names none
  // (support/player-lab.ts). Every journey runs on our worker engine (`mse-worker`), the
  // default wherever MediaSource can live in a worker; the engine, fault and low-latency ones
  // run again on the same engine with the MediaSource on the page (`default-media-source`,
  // for browsers with none in a worker) and on hls.js (`mse`, the compatibility sink): their
  // `@sinks` slice in `npm test`, all of them in `npm run test:matrix`. The embed's journeys run
  // on whatever the embed chooses: the worker engine in Chromium.
  projects: [
    { name: 'chromium', metadata: { labSink: 'mse-worker' } },
    {
      name: 'lab-dms',
      testMatch: /(player-engine|player-faults|low-latency)\.spec\.ts$/,
      metadata: { labSink: 'default-media-source' },
      grep: SINK_SLICE,
    },
    {
      name: 'lab-mse',
      testMatch: /(player-engine|player-faults|low-latency)\.spec\.ts$/,
      metadata: { labSink: 'mse' },
      grep: SINK_SLICE,
    },
  ],
  webServer: {
    command: `node --import tsx apps/platform/src/main.ts`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ADMIN: '1',
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      ...(process.env.EMBED_DIR ? { EMBED_DIR: process.env.EMBED_DIR } : {}),
    },
    url: `http://127.0.0.1:${PORT}/api/v2/channels/studio-live/info`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
