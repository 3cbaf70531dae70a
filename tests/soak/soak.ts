/**
 * `npm run soak`: hostile clients against a real platform (its own process, a real Redis)
 * while one embed in Chromium keeps playing; `npm run soak -- --day` adds a compressed day (30
 * minutes by default, `--minutes=N`): the stream ends and starts six times, the platform
 * restarts and the network drops in between, and the page's heap, listeners, nodes and timers
 * are sampled. Loopback only, bounded in count and time; exits 1 on any broken rule.
 */
import { randomBytes } from 'node:crypto';
import { chromium, type Page } from '@playwright/test';
import { startTestRedis } from '../../apps/platform/src/viewers/test-redis.ts';
import { CHROMIUM_BASE_ARGS } from '../e2e/support/chromium.ts';
import { hostileRealtimeSockets, largePosts, slowBodies, viewerPingFlood, type AbuseReport } from './hostile.ts';
import { judgeFlat, judgePlaying, type Sample, type Verdict } from './judge.ts';
import { pageCounts, playback, TIMER_PROBE, untilPlaying } from './page-probes.ts';
import { startPlatform, type PlatformHandle } from './platform-handle.ts';

const SLUG = 'studio-live';
const CHANNEL_ID = 101;
/** The platform's heap while attacked (sampled every 100 ms) stays under this. */
const PEAK_HEAP_BOUND_MIB = 256;
/** After the attack and a full collection, it is back within this of where it started. */
const HEAP_GROWTH_BOUND_MIB = 16;
const STREAM_ENDED_BOUND_MS = 1000;

const args = process.argv.slice(2);
const day = args.includes('--day');
const minutes = Number(args.find((a) => a.startsWith('--minutes='))?.split('=')[1] ?? 30);

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const mib = (bytes: number) => bytes / 2 ** 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function viewers(platform: PlatformHandle): Promise<number> {
  const response = await fetch(`${platform.base}/current-viewers?ids[]=${CHANNEL_ID}`);
  const list = (await response.json()) as { viewers: number }[];
  return list[0]?.viewers ?? 0;
}

/** The stream ends: how long until the embed is on its offline page (ms). */
async function streamEndedAfter(page: Page, platform: PlatformHandle): Promise<number> {
  const started = performance.now();
  const answer = await platform.admin(`/admin/channels/${SLUG}/offline`);
  if (!answer.ok) throw new Error(`offline: ${answer.status}`);
  await page.waitForURL((url) => url.pathname.endsWith('/offline'), { timeout: 30_000 });
  return performance.now() - started;
}

/** Ends the silent sockets whatever happens: a platform cannot close over sockets that do not read. */
let release = null as (() => Promise<AbuseReport>) | null;

async function hostilePhase(
  page: Page,
  platform: PlatformHandle,
  redis: { pause(): void; resume(): void },
  audience: number,
) {
  console.log('\n== Hostile clients, one embed playing ==');
  const heapBefore = await platform.heap();
  const connectionsBefore = await platform.connections();
  await platform.peak();
  const points: { wallS: number; mediaS: number }[] = [];
  const t0 = performance.now();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = await playback(page).catch(() => null);
      if (now) points.push({ wallS: (performance.now() - t0) / 1000, mediaS: now.mediaS });
      await sleep(500);
    }
  })();

  const realtime = await hostileRealtimeSockets(platform.port, 200, `channel.${CHANNEL_ID}`);
  release = realtime.release;
  const [posts, slow] = await Promise.all([
    largePosts(platform.base, '/monitoring/intake', 500, 1 << 20),
    slowBodies(platform.port, 100),
  ]);
  const connectionsHeld = await platform.connections();
  redis.pause();
  const flood = await viewerPingFlood(platform.base, 20, 40, 102).finally(() => redis.resume());
  const reports: AbuseReport[] = [posts, slow, flood];
  sampling = false;
  await sampler;

  const peak = await platform.peak();
  const played = judgePlaying(points);
  check(
    played.ok,
    `the embed kept playing through ${points.at(-1)?.wallS.toFixed(0)} s of abuse ${played.failures.join('; ')}`,
  );
  check(mib(peak) < PEAK_HEAP_BOUND_MIB, `platform heap peak ${mib(peak).toFixed(1)} MiB < ${PEAK_HEAP_BOUND_MIB} MiB`);
  check(slow.outcomes['HTTP/1.1 408'] === 100, `slow bodies answered 408 and closed: ${JSON.stringify(slow.outcomes)}`);
  // Refused either way: 413, or the connection closed under a body the platform stopped reading.
  const refused = (posts.outcomes['HTTP 413'] ?? 0) + (posts.outcomes['connection closed'] ?? 0);
  check(refused === 500, `1 MiB posts refused: ${JSON.stringify(posts.outcomes)}`);
  check(
    flood.outcomes['closed 1008'] === 20,
    `ping floods behind a paused Redis cut off: ${JSON.stringify(flood.outcomes)}`,
  );

  // Counted exactly once, once Redis answers again (the embed's own socket kept its place).
  let counted = 0;
  for (let i = 0; i < 40 && (counted = await viewers(platform)) !== audience + 1; i++) await sleep(250);
  check(counted === audience + 1, `the embed is counted exactly once (${audience} seeded, ${counted} counted)`);
  const endedMs = await streamEndedAfter(page, platform);
  check(
    endedMs <= STREAM_ENDED_BOUND_MS,
    `StreamEnded reached the embed in ${endedMs.toFixed(0)} ms (≤ ${STREAM_ENDED_BOUND_MS})`,
  );
  const released = await realtime.release();
  release = null;
  check(
    released.outcomes['flood closed 4100'] === 100,
    `subscribe floods closed with 4100: ${JSON.stringify(released.outcomes)}`,
  );
  released.outcomes['silent ones held'] = connectionsHeld - connectionsBefore;
  reports.unshift(released);
  await sleep(500);
  const heapAfter = await platform.heap();
  check(
    mib(heapAfter - heapBefore) < HEAP_GROWTH_BOUND_MIB,
    `platform heap after a collection ${mib(heapBefore).toFixed(1)} → ${mib(heapAfter).toFixed(1)} MiB (growth < ${HEAP_GROWTH_BOUND_MIB} MiB)`,
  );
  console.log('\n| Abuse | Sent | How the platform answered |\n| --- | --- | --- |');
  for (const r of reports) console.log(`| ${r.what} | ${r.sent} | ${JSON.stringify(r.outcomes)} |`);
  const live = await platform.admin(`/admin/channels/${SLUG}/live`);
  if (!live.ok) throw new Error(`live: ${live.status}`);
}

async function compressedDay(page: Page, platform: PlatformHandle) {
  console.log(`\n== A compressed day: ${minutes} minutes ==`);
  const cdp = await page.context().newCDPSession(page);
  const cycleMs = (minutes * 60_000) / 6;
  const samples: Sample[] = [];
  const start = performance.now();
  const sample = async () => {
    const counts = await pageCounts(page, cdp);
    samples.push({ atMinute: (performance.now() - start) / 60_000, ...counts });
  };
  for (let cycle = 0; cycle < 6; cycle++) {
    const cycleStart = performance.now();
    check(await untilPlaying(page, 60_000), `cycle ${cycle + 1}: playing`);
    await sample();
    // A disturbance in the middle of each live span: the network drops, or the platform restarts.
    await sleep(cycleMs / 4);
    if (cycle % 2 === 0) {
      await page.context().setOffline(true);
      await sleep(10_000);
      await page.context().setOffline(false);
    } else {
      await platform.restart();
    }
    check(
      await untilPlaying(page, 60_000),
      `cycle ${cycle + 1}: playing again after ${cycle % 2 ? 'a platform restart' : 'a network drop'}`,
    );
    await sample();
    while (performance.now() - cycleStart < cycleMs / 2) {
      await sleep(Math.min(30_000, cycleMs / 8));
      await sample();
    }
    const endedMs = await streamEndedAfter(page, platform);
    check(endedMs <= STREAM_ENDED_BOUND_MS, `cycle ${cycle + 1}: offline page in ${endedMs.toFixed(0)} ms`);
    await sleep(Math.max(0, cycleMs - (performance.now() - cycleStart)) / 2);
    const live = await platform.admin(`/admin/channels/${SLUG}/live`);
    if (!live.ok) throw new Error(`live: ${live.status}`);
    await page.waitForURL((url) => !url.pathname.endsWith('/offline'), { timeout: 30_000 });
  }
  check(await untilPlaying(page, 60_000), 'playing at the end of the day');
  await sample();
  const verdict: Verdict = judgeFlat(samples);
  console.log('\n| Minute | JS heap (MiB) | Listeners | DOM nodes | Timers |\n| --- | --- | --- | --- | --- |');
  for (const s of samples) {
    console.log(`| ${s.atMinute.toFixed(1)} | ${s.heapMiB.toFixed(1)} | ${s.listeners} | ${s.nodes} | ${s.timers} |`);
  }
  check(verdict.ok, `page counts stay flat ${verdict.failures.join('; ')}`);
}

const redis = await startTestRedis();
const platform = await startPlatform({ REDIS_URL: redis.url, ADMIN_TOKEN: randomBytes(24).toString('hex') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_BASE_ARGS],
});
const pageErrors: string[] = [];
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.addInitScript(TIMER_PROBE);
  // The channel's seeded audience, before the embed joins it.
  const audience = await viewers(platform);
  await page.goto(`${platform.base}/${SLUG}?muted=true`);
  check(await untilPlaying(page, 30_000), 'the embed plays');
  await hostilePhase(page, platform, redis, audience);
  if (day) {
    await page.waitForURL((url) => !url.pathname.endsWith('/offline'), { timeout: 30_000 });
    await compressedDay(page, platform);
  }
  check(pageErrors.length === 0, `no uncaught error in the page ${pageErrors.join('; ')}`);
} finally {
  await release?.();
  await browser.close();
  await platform.stop();
  await redis.stop();
}
console.log(failures.length ? `\n${failures.length} rule(s) broken.` : '\nEvery rule held.');
process.exit(failures.length ? 1 : 0);
