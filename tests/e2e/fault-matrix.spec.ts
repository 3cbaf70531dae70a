import type { APIRequestContext, Page } from '@playwright/test';
import { withoutEarlyData } from './support/early-data.ts';
import { expect, expectPlaybackAdvances, sampleVideo, test, waitForPlayback } from './support/fixtures.ts';
import {
  allCells,
  cellName,
  ciCells,
  expectedOutcome,
  faultBody,
  isRequested,
  MAX_RELOADS,
  SWITCH_TO,
  type Cell,
  type Outcome,
} from './support/fault-matrix.ts';

/**
 * The fault matrix (support/fault-matrix.ts) on the embed as a viewer meets it, on its default
 * sink: the platform's fault injector acts on one channel's origin, and each cell must end
 * playing again or on the right error screen with a Retry that plays. CI runs every
 * fault × target pair once; `npm run test:faults` (FAULT_MATRIX=all) runs the whole product.
 */
const CHANNEL = 'studio-live';
/** SWITCH_TO's picture width. */
const SWITCH_TO_WIDTH = 284;
const cells = process.env.FAULT_MATRIX === 'all' ? allCells() : ciCells();

interface FaultView {
  id: string;
  hits: number;
  remaining: number | null;
}
interface LoggedRequest {
  fault: { id: string } | null;
  durationMs: number | null;
}

async function theFault(admin: APIRequestContext): Promise<FaultView> {
  const { faults } = (await (await admin.get(`/admin/channels/${CHANNEL}/faults`)).json()) as { faults: FaultView[] };
  expect(faults).toHaveLength(1);
  return faults[0]!;
}

/**
 * Spent, and every response it acted on is over (a stall ended or was given up on); a fault
 * with no count is never over (the error screen ends the wait).
 */
async function faultIsOver(admin: APIRequestContext, id: string): Promise<boolean> {
  const fault = await theFault(admin);
  if (fault.remaining !== 0) return false;
  const { requests } = (await (await admin.get(`/admin/channels/${CHANNEL}/requests`)).json()) as {
    requests: LoggedRequest[];
  };
  return requests.every((r) => r.fault?.id !== id || r.durationMs !== null);
}

async function pickQuality(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: /Quality/ }).click();
  await page.getByRole('menu', { name: 'Quality' }).getByRole('menuitemradio', { name }).click();
}

/**
 * How the cell ended: the error screen, or 2 s of media (and 30 frames) played from `from`.
 * Neither within the time is a frozen frame with no message, and fails the cell.
 */
async function outcomeOf(page: Page): Promise<Outcome> {
  const errorScreen = page.getByTestId('player-error');
  const from = await sampleVideo(page);
  let outcome: Outcome | undefined;
  await expect
    .poll(
      async () => {
        if (await errorScreen.isVisible()) {
          outcome = { kind: 'error', type: (await errorScreen.getAttribute('data-error-type')) ?? '' };
        } else {
          const now = await sampleVideo(page);
          if (now.frames - from.frames > 30 && now.currentTime - from.currentTime > 2) outcome = { kind: 'plays' };
        }
        return outcome !== undefined;
      },
      { timeout: 45_000, message: 'neither playing nor an error screen: a frozen frame with no message' },
    )
    .toBe(true);
  return outcome!;
}

test.describe('fault matrix on the embed', () => {
  test.beforeEach(async ({ admin }) => {
    await admin.delete(`/admin/channels/${CHANNEL}/faults`);
    await admin.delete(`/admin/channels/${CHANNEL}/requests`);
  });
  test.afterEach(async ({ admin }) => {
    await admin.delete(`/admin/channels/${CHANNEL}/faults`);
  });

  for (const cell of cells) {
    test(cellName(cell), async ({ page, admin }) => {
      test.setTimeout(120_000);
      await runCell(page, admin, cell);
    });
  }
});

async function runCell(page: Page, admin: APIRequestContext, cell: Cell): Promise<void> {
  const addFault = async () => {
    const response = await admin.post(`/admin/channels/${CHANNEL}/faults`, { data: faultBody(cell) });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as FaultView).id;
  };
  // Loads of the multivariant playlist: the player's first load and each reload of its source.
  let loads = 0;
  let counting = true;
  page.on('response', (response) => {
    if (counting && response.ok() && new URL(response.url()).pathname.endsWith(`/${CHANNEL}/master.m3u8`)) loads++;
  });

  let id: string;
  if (cell.phase === 'start-up') {
    // The page asks for the multivariant playlist itself, as served by a host that injects
    // nothing: the platform's early data would hand it over past the faulty origin, and the
    // count of loads above is then the page's own (player-start.spec.ts has the early data).
    await withoutEarlyData(page);
    id = await addFault();
    await page.goto(`/${CHANNEL}?muted=true`);
  } else {
    // The switch must ask the origin for what the fault acts on. On a busy machine the automatic
    // quality may have been on SWITCH_TO already: its init segment (immutable for 10 min) would
    // then come from the HTTP cache, or not be asked for at all while it is the one in force.
    // Routing turns the page's HTTP cache off; the player is moved off SWITCH_TO first.
    if (cell.phase === 'after-switch') await page.route('**/init.mp4', (route) => route.fallback());
    await page.goto(`/${CHANNEL}?muted=true`);
    await waitForPlayback(page);
    if (cell.phase === 'after-switch' && (await sampleVideo(page)).videoWidth === SWITCH_TO_WIDTH) {
      await pickQuality(page, '360p');
      await expect.poll(async () => (await sampleVideo(page)).videoWidth).not.toBe(SWITCH_TO_WIDTH);
    }
    loads = 0;
    id = await addFault();
    if (cell.phase === 'after-switch') await pickQuality(page, SWITCH_TO);
  }

  if (isRequested(cell.target, cell.phase)) {
    await expect
      .poll(async () => (await page.getByTestId('player-error').isVisible()) || (await faultIsOver(admin, id)), {
        timeout: 45_000,
        message: 'the fault never acted: the player did not ask for its target',
      })
      .toBe(true);
  }

  const outcome = await outcomeOf(page);
  counting = false;
  expect(outcome, cellName(cell)).toEqual(expectedOutcome(cell));
  const reloads = loads - (cell.phase === 'start-up' ? 1 : 0);
  expect(reloads, 'reloads of the source beyond what the backoff allows').toBeLessThanOrEqual(MAX_RELOADS);

  if (outcome.kind === 'error') {
    await admin.delete(`/admin/channels/${CHANNEL}/faults`);
    await page.getByTestId('player-error').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('player-error')).toBeHidden();
    await waitForPlayback(page);
    await expectPlaybackAdvances(page, { frames: 20, seconds: 1.5 });
  } else {
    await expect(page.getByTestId('player-error')).toBeHidden();
    if (cell.phase === 'after-switch') {
      expect((await sampleVideo(page)).videoWidth, 'the quality the viewer picked is kept').toBe(SWITCH_TO_WIDTH);
    }
  }
}
