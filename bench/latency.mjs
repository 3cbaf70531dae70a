// `npm run bench:latency [-- --duration=<seconds> --players=a,b]`: plays the live channel in the
// embed, hls.js (defaults) and Shaka Player (defaults), or the players named (lib/players.mjs),
// one after another, each in a fresh browser context for the same duration, and reports time to
// first frame, live latency, stalls and playback-rate changes. A benchmark, not a test: it
// reports and never judges.
// See bench/README.md for what each figure means and how it is measured.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { latencySamples, summarize } from './lib/measure.mjs';
import { PLAYER_IDS } from './lib/options.mjs';
import { PlaylistClock } from './lib/playlist-clock.mjs';
import { players } from './lib/players.mjs';
import { installProbe } from './lib/probe.mjs';
import { benchDir, builtEmbedDir, ensureBenchDependencies, root, startPlatform } from './lib/setup.mjs';
import { prepareSite } from './lib/site.mjs';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { chart, table } from './lib/report.mjs';

const SAMPLE_EVERY_MS = 250;

function durationFromArgs(argv) {
  const arg = argv.find((a) => a.startsWith('--duration='));
  const seconds = arg ? Number(arg.slice('--duration='.length)) : 60;
  if (!Number.isFinite(seconds) || seconds < 5) throw new Error(`--duration must be at least 5 seconds (got ${arg})`);
  return seconds;
}

const DEFAULT_PLAYERS = ['embed', 'hlsjs', 'shaka'];

function playersFromArgs(argv) {
  const arg = argv.find((a) => a.startsWith('--players='));
  const ids = arg ? arg.slice('--players='.length).split(',').filter(Boolean) : DEFAULT_PLAYERS;
  const unknown = ids.filter((id) => !PLAYER_IDS.includes(id));
  if (unknown.length || !ids.length) {
    throw new Error(`--players: unknown ${unknown.join(', ') || '(none given)'}; pick from ${PLAYER_IDS.join(', ')}`);
  }
  return ids;
}

/** Plays one player for `durationS` in a fresh context and returns what it measured. */
async function measure(browser, player, base, clock, durationS) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const pageErrors = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
    await page.addInitScript(installProbe, SAMPLE_EVERY_MS);
    if (player.initScript) await page.addInitScript(player.initScript);
    const url = await player.open(context, base);
    const startedAt = new Date().toISOString();
    console.log(`▶ ${player.label}: ${durationS} s from ${url}`);
    await page.goto(url);
    // Time runs from navigation start (the page's performance.timeOrigin).
    const elapsedMs = await page.evaluate(() => performance.now());
    await page.waitForTimeout(Math.max(0, durationS * 1000 - elapsedMs));
    const recorded = await page.evaluate(() => ({ ...window.__bench, endMs: performance.now() }));
    // A player that must (or must not) play through a service worker (lib/players.mjs).
    const script = await page.evaluate(() => navigator.serviceWorker?.controller?.scriptURL ?? null);
    const serviceWorker = script && new URL(script).pathname;
    if (player.controlledBy !== undefined && serviceWorker !== player.controlledBy) {
      throw new Error(`controlled by ${serviceWorker ?? 'no service worker'}, not ${player.controlledBy ?? 'none'}`);
    }
    await clock.poll(); // the newest segments on screen are listed by now
    const samples = latencySamples(recorded, clock, player.latencyClock);
    const summary = summarize(recorded, samples, recorded.endMs);
    return {
      ...player,
      startedAt,
      url,
      serviceWorker,
      summary,
      samples,
      stalls: recorded.stalls,
      rateChanges: recorded.rates,
      pageErrors,
    };
  } catch (error) {
    return { ...player, error: error.message.split('\n')[0], pageErrors };
  } finally {
    await context.close();
  }
}

async function main() {
  const durationS = durationFromArgs(process.argv.slice(2));
  ensureBenchDependencies();
  const list = players(playersFromArgs(process.argv.slice(2)));
  const site = prepareSite(await builtEmbedDir(), list);
  const platform = await startPlatform({ embedDir: site.dir });
  const stopOnSignal = () => void platform.stop().then(() => (site.remove(), process.exit(130)));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);

  const clock = new PlaylistClock(`${platform.base}/hls/studio-live/master.m3u8`);
  let browser;
  const results = [];
  try {
    await clock.start();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    console.log(`Platform on ${platform.base}; Chromium ${browser.version()}; ${durationS} s per player.\n`);
    for (const player of list) results.push(await measure(browser, player, platform.base, clock, durationS));
  } finally {
    clock.stop();
    await browser?.close();
    await platform.stop();
    site.remove();
  }

  const outDir = path.join(benchDir, 'results');
  mkdirSync(outDir, { recursive: true });
  const report = {
    run: {
      at: new Date().toISOString(),
      durationS,
      sampleEveryMs: SAMPLE_EVERY_MS,
      node: process.version,
      chromium: browser.version(),
      playlist: clock.mediaUrl.replace(platform.base, ''),
      segmentDurationMs: clock.segmentDurationMs,
      // 0 when the playlist's program-date-time of every segment equals its media start time.
      mediaTimeVsPdtMaxErrorMs: clock.mediaTimeVsPdtMaxErrorMs(),
    },
    players: results.map((r) => ({
      id: r.id,
      label: r.label,
      version: r.version,
      ownClock: r.ownClock,
      url: r.url?.replace(platform.base, ''),
      latencyClock: r.latencyClock,
      serviceWorker: r.serviceWorker,
      startedAt: r.startedAt,
      error: r.error,
      summary: r.summary,
      stalls: r.stalls,
      rateChanges: r.rateChanges,
      pageErrors: r.pageErrors,
      samples: r.samples,
    })),
  };
  writeFileSync(path.join(outDir, 'latency.json'), `${JSON.stringify(report, null, 1)}\n`);
  writeFileSync(path.join(outDir, 'latency.svg'), chart(results, durationS));

  console.log(`\n${table(results)}\n`);
  console.log(`Raw samples and summary: ${path.relative(root, path.join(outDir, 'latency.json'))}`);
  console.log(`Chart: ${path.relative(root, path.join(outDir, 'latency.svg'))}`);
}

main().catch((error) => {
  console.error(`bench:latency could not run: ${error.message}`);
  process.exit(1);
});
