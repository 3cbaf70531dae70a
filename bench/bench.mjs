// `npm run bench [-- --quick | --runs=N --duration=S --heap-at=S1,S2 --profile=K:S,... --players=a,b]`:
// the embed against peer players on the platform's live channel, players taking turns in one
// headless Chromium. For each run and player: a playback session (cold and warm start-up,
// live latency, cost, heap) and a network session (adaptation and stalls under a scripted
// throughput profile). Prints markdown tables of the medians with ratios against the best
// player per figure and writes JSON and SVG charts to bench/results/. A benchmark, not a test:
// it reports and never judges. bench/README.md says what each figure means.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { bandwidthByHeight } from './lib/adaptation.mjs';
import { lineChart } from './lib/charts.mjs';
import { percentile } from './lib/measure.mjs';
import { flatten, markdownTables, metricDefinitions, pictureLine } from './lib/metrics.mjs';
import { parseOptions, USAGE } from './lib/options.mjs';
import { players as allPlayers } from './lib/players.mjs';
import { PlaylistClock } from './lib/playlist-clock.mjs';
import {
  gzipMeter,
  JANK,
  jankSession,
  networkSession,
  playbackSession,
  SAMPLE_EVERY_MS,
  startupLoad,
  warmUp,
} from './lib/sessions.mjs';
import { benchDir, builtEmbedDir, ensureBenchDependencies, root, startPlatform } from './lib/setup.mjs';
import { prepareSite } from './lib/site.mjs';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { mediansByPlayer } from './lib/stats.mjs';

const MASTER = '/hls/studio-live/master.m3u8';

const minutes = (s) => `${Math.round(s / 60)} min`;

/**
 * The machine's own limit, next to the tables: how fast each player's element clock ran against
 * real time in its playback sessions (lib/measure.mjs mediaClockRate; medians). Below 0.99 the
 * machine could not play in real time in that session, and every player's latency crept up by
 * the difference: compare latency within the run only.
 */
function mediaClockLine(list, runs) {
  const cells = list.map((p) => {
    const rates = runs[p.id].map((r) => r.playback?.summary?.mediaClock ?? null).filter((x) => x !== null);
    const median = percentile(rates, 50);
    return `${p.label} ${median === null ? '—' : `${median.toFixed(3)}×`}`;
  });
  return `Media clock against real time while playing (median; 1.000× keeps up): ${cells.join(', ')}.`;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) return console.log(USAGE);
  ensureBenchDependencies();
  const list = allPlayers(options.players);
  const site = prepareSite(await builtEmbedDir(), list);
  const platform = await startPlatform({ embedDir: site.dir });
  const clock = new PlaylistClock(`${platform.base}${MASTER}`);
  let browser;
  const stop = async () => {
    clock.stop();
    await browser?.close();
    await platform.stop();
    site.remove();
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  process.once('SIGTERM', () => void stop().then(() => process.exit(143)));

  const runs = Object.fromEntries(list.map((p) => [p.id, []]));
  try {
    await clock.start();
    const bandwidth = bandwidthByHeight(await (await fetch(`${platform.base}${MASTER}`)).text());
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const profileS = options.profileSteps.reduce((a, s) => a + s.seconds, 0);
    const estimateS =
      options.runs * list.length * (options.sessionS + profileS + JANK.seconds + 25 + options.startupLoads * 3);
    console.log(
      `Platform on ${platform.base}; Chromium ${browser.version()}; ${options.runs} run(s) × ${list.length} players; ` +
        `sessions of ${options.sessionS} s and ${profileS} s (profile ${options.profile}); about ${minutes(estimateS)}.\n`,
    );
    const gzipOf = gzipMeter();
    console.log('▶ warm-up: one unmeasured start-up of each player');
    await warmUp(browser, list, platform.base);
    for (let run = 1; run <= options.runs; run += 1) {
      // The first-frame figures: start-ups of every player in turn, every other round in the
      // opposite order, so that a slow moment of the machine falls on each player alike.
      const startup = Object.fromEntries(list.map((p) => [p.id, []]));
      if (options.startupLoads > 0) {
        console.log(`▶ run ${run}/${options.runs}: ${options.startupLoads} start-ups of each player, interleaved`);
      }
      for (let load = 1; load <= options.startupLoads; load += 1) {
        for (const player of load % 2 ? list : [...list].reverse()) {
          startup[player.id].push(await startupLoad(browser, player, platform.base));
        }
      }
      for (const player of list) {
        for (const load of startup[player.id])
          if (load.error) console.log(`  ${player.label} start-up failed: ${load.error}`);
        console.log(`▶ run ${run}/${options.runs} ${player.label}: playback ${options.sessionS} s`);
        const playback = await playbackSession(browser, player, platform.base, clock, options, gzipOf);
        console.log(`▶ run ${run}/${options.runs} ${player.label}: network profile ${profileS} s`);
        const network = await networkSession(browser, player, platform.base, options, bandwidth);
        console.log(
          `▶ run ${run}/${options.runs} ${player.label}: main thread busy ${JANK.busyMs} ms/s for ${JANK.seconds} s`,
        );
        const jank = await jankSession(browser, player, platform.base);
        for (const session of [playback, network, jank]) if (session.error) console.log(`  failed: ${session.error}`);
        runs[player.id].push({
          run,
          startup: startup[player.id],
          playback,
          network,
          jank,
          figures: flatten(playback, network, jank, startup[player.id]),
        });
      }
    }
  } finally {
    await stop();
  }

  const definitions = metricDefinitions(options);
  const medians = mediansByPlayer(
    Object.fromEntries(Object.entries(runs).map(([id, r]) => [id, r.map((x) => x.figures)])),
    definitions.map((d) => d.key),
  );
  const tables = markdownTables(list, medians, definitions);
  const heading =
    `Medians of ${options.runs} run(s) per player; each cell's ratio is against the best player for that figure ` +
    `(1.00× = best; lower is better, except the bitrate played). Latency over ${options.durationS} s; ` +
    `network profile ${options.profile} (kbps:seconds from the first frame). ` +
    (options.startupLoads > 0
      ? `First frames: each run's median of ${options.startupLoads} cold and warm start-ups per player, players interleaved.`
      : "First frames: each run's playback session's own start-ups.");
  const markdown = `${heading}\n\n${tables}\n\n${mediaClockLine(list, runs)}\n\n${pictureLine(list, runs)}\n`;

  const outDir = path.join(benchDir, 'results');
  mkdirSync(outDir, { recursive: true });
  const report = {
    run: {
      at: new Date().toISOString(),
      options: { ...options, help: undefined },
      sampleEveryMs: SAMPLE_EVERY_MS,
      node: process.version,
      chromium: browser?.version(),
      playlist: clock.mediaUrl?.replace(platform.base, ''),
      mediaTimeVsPdtMaxErrorMs: clock.mediaTimeVsPdtMaxErrorMs(),
    },
    definitions,
    medians,
    players: list.map((p) => ({
      id: p.id,
      label: p.label,
      version: p.version,
      config: p.config ?? null,
      page: p.page.path,
      latencyClock: p.latencyClock,
      runs: runs[p.id],
    })),
  };
  writeFileSync(path.join(outDir, 'bench.json'), `${JSON.stringify(report, null, 1)}\n`);
  writeFileSync(path.join(outDir, 'bench.md'), markdown);

  // Charts from the first run of each player.
  const first = (p) => runs[p.id][0];
  writeFileSync(
    path.join(outDir, 'latency-over-time.svg'),
    lineChart({
      title: 'Live latency (Date.now() − program-date-time of the frame on screen)',
      xLabel: "seconds since the player's navigation start (run 1; players took turns on the same stream)",
      unit: 's',
      series: list.map((p) => ({
        label: p.label,
        points: (first(p).playback.samples ?? []).map((s) => ({ x: s.t, y: s.latencyS })),
      })),
    }),
  );
  const steps = list.map((p) => first(p).network).find((n) => n.steps)?.steps ?? [];
  const firstFrame = list.map((p) => first(p).network).find((n) => n.steps)?.firstFrameS ?? 0;
  writeFileSync(
    path.join(outDir, 'bitrate-over-time.svg'),
    lineChart({
      title: `Bitrate played (advertised BANDWIDTH of the rendition on screen), profile ${options.profile} kbps:s`,
      xLabel: 'seconds since the first frame (run 1); dashed lines: throughput changes',
      unit: 'kbps',
      series: list.map((p) => ({
        label: p.label,
        points: (first(p).network.bitrate ?? []).filter((s) => s.t >= 0).map((s) => ({ x: s.t, y: s.kbps })),
      })),
      markers: steps.slice(1).map((s) => s.atS - firstFrame),
      step: true,
    }),
  );

  console.log(`\n${markdown}`);
  for (const file of ['bench.md', 'bench.json', 'latency-over-time.svg', 'bitrate-over-time.svg']) {
    console.log(`Wrote ${path.relative(root, path.join(outDir, file))}`);
  }
}

main().catch((error) => {
  console.error(`bench could not run: ${error.message}`);
  process.exit(1);
});
