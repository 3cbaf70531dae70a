// `npm run bench:startup [-- --loads=N --players=a,b --baseline=DIR --rtt=MS]`: cold start-up alone, many times, players
// interleaved (embed, native, native, embed, …) so that a slow minute of the machine hits every
// player alike. Each load is a fresh browser context (empty HTTP cache) that plays for 3 s after
// its first frame. Prints, per player, the median and quartiles of:
// - first frame: navigation start to the first presented frame (as `npm run bench`);
// - latency at the first frame and 3 s later (the same probe and playlist clock as the bench),
//   so a start that is fast only because it starts far behind the edge shows as such;
// - main-thread long tasks before the first frame (ms), the page work a start waits behind.
// For the embed it also prints the median of its own start-up marks (performance.mark
// `onair:*`). `--baseline=DIR`: another build of the embed (a `dist` built from an earlier
// commit), served by a second platform and interleaved with this one as "embed-baseline", so a
// change is measured against what it replaces in the same run; each embed load is also timed
// warm (a second navigation in the same context, its HTTP cache filled). `--rtt=MS`: a network
// round trip added to every request (Chromium's emulation), as a viewer's network has one. A
// benchmark, not a test: it reports and never judges.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { latencySamples, percentile } from './lib/measure.mjs';
import { players as allPlayers } from './lib/players.mjs';
import { PlaylistClock } from './lib/playlist-clock.mjs';
import { gotoFirstFrame } from './lib/first-frame.mjs';
import { installProbe } from './lib/probe.mjs';
import { builtEmbedDir, ensureBenchDependencies, startPlatform } from './lib/setup.mjs';
import { prepareSite } from './lib/site.mjs';

const MASTER = '/hls/studio-live/master.m3u8';
const SAMPLE_EVERY_MS = 100;
const AFTER_FIRST_FRAME_MS = 3000;

function parse(argv) {
  const options = { loads: 10, players: ['embed', 'native', 'hlsjs-ll', 'videojs'], rttMs: 0 };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'loads') options.loads = Number(value);
    else if (key === 'players') options.players = value.split(',');
    else if (key === 'baseline') options.baseline = value;
    else if (key === 'rtt') options.rttMs = Number(value);
    else throw new Error(`unknown option ${arg} (--loads=N --players=a,b --baseline=DIR --rtt=MS)`);
  }
  if (!(options.loads >= 1)) throw new Error('--loads takes a whole number from 1');
  if (!(options.rttMs >= 0)) throw new Error('--rtt takes milliseconds from 0');
  return options;
}

/** When the requests every player makes on its way to a first frame started and ended. */
const MILESTONES = [
  ['worker script', /\/engine-worker[^/]*\.js$/],
  ['info', /\/info$/],
  ['master', /master\.m3u8$/],
  ['media playlist', /media\.m3u8$/],
  ['init', /init\.mp4$/],
  ['first media', /\/(part|seg)-[\d.]+\.m4s$/],
];

function milestones(resources) {
  const out = {};
  for (const [name, pattern] of MILESTONES) {
    const matching = resources.filter((r) => pattern.test(r.path)).sort((a, b) => a.startMs - b.startMs);
    const first = matching[0];
    if (!first) continue;
    out[`${name} asked`] = first.startMs;
    out[`${name} in`] = first.endMs;
    // Where the page asked first (the embed's early start), the worker's own request too.
    const worker = matching.find((r) => r.worker);
    if (worker && worker !== first) {
      out[`worker's ${name} asked`] = worker.startMs;
      out[`worker's ${name} in`] = worker.endMs;
    }
  }
  return out;
}

/**
 * A network's round trip on every request of the page and its dedicated workers (Chromium's
 * emulation adds it to each response's start): on the loopback the first frame measures
 * CPU alone, where a page that needs fewer round trips gains nothing.
 */
async function withRtt(context, page, rttMs) {
  if (rttMs === 0) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: rttMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

async function coldLoad(browser, player, base, clock, rttMs) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await withRtt(context, page, rttMs);
    await page.addInitScript(installProbe, SAMPLE_EVERY_MS);
    if (player.initScript) await page.addInitScript(player.initScript);
    const firstFrameMs = await gotoFirstFrame(page, `${base}${player.page.path}`);
    let warmFirstFrameMs = null;
    if (player.id.startsWith('embed')) {
      // Warm: the same page again in the same context (HTTP cache filled), in a second tab.
      const again = await context.newPage();
      await withRtt(context, again, rttMs);
      await again.addInitScript(installProbe, SAMPLE_EVERY_MS);
      warmFirstFrameMs = await gotoFirstFrame(again, `${base}${player.page.path}`);
      await again.close();
    }
    const now = await page.evaluate(() => performance.now());
    await page.waitForTimeout(Math.max(0, firstFrameMs + AFTER_FIRST_FRAME_MS + 300 - now));
    const recorded = await page.evaluate(() => ({
      ...window.__bench,
      resources: [
        ...performance.getEntriesByType('resource').map((e) => ({ e, worker: false })),
        ...window.__bench.workerResources.map((e) => ({ e, worker: true })),
      ].map(({ e, worker }) => ({
        path: new URL(e.name).pathname,
        startMs: e.startTime,
        endMs: e.responseEnd,
        worker,
      })),
      navigation: (() => {
        const [n] = performance.getEntriesByType('navigation');
        return n ? { 'page response': n.responseStart, 'page in': n.responseEnd } : {};
      })(),
      marks: Object.fromEntries(
        performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('onair:'))
          .map((m) => [m.name, m.startTime]),
      ),
    }));
    await clock.poll();
    const samples = latencySamples(recorded, clock, player.latencyClock).filter((s) => s.latencyS !== null);
    const at = (ms) => samples.find((s) => s.t * 1000 >= ms)?.latencyS ?? null;
    const longTaskMs = recorded.longTasks
      .filter((t) => t.atMs < firstFrameMs)
      .reduce((total, t) => total + Math.min(t.durationMs, firstFrameMs - t.atMs), 0);
    return {
      firstFrameMs,
      warmFirstFrameMs,
      latencyAtFirstS: at(firstFrameMs),
      latencyAfterS: at(firstFrameMs + AFTER_FIRST_FRAME_MS),
      longTaskMs,
      marks: {
        ...recorded.navigation,
        ...milestones(recorded.resources),
        ...(recorded.workerBoot
          ? { 'worker thread': recorded.workerBoot.originMs, 'worker script runs': recorded.workerBoot.scriptMs }
          : {}),
        ...recorded.workerMarks,
        ...recorded.videoMarks,
        ...recorded.marks,
      },
    };
  } finally {
    await context.close();
  }
}

const fmt = (values, digits, unit) => {
  const [a, b, c] = [25, 50, 75].map((p) => percentile(values, p));
  return b === null ? '—' : `${b.toFixed(digits)}${unit} (${a.toFixed(digits)}–${c.toFixed(digits)})`;
};

async function main() {
  const options = parse(process.argv.slice(2));
  ensureBenchDependencies();
  const list = allPlayers(options.players);
  const site = prepareSite(await builtEmbedDir(), list);
  const platform = await startPlatform({ embedDir: site.dir });
  // The baseline build on a platform of its own, its player next to this build's embed.
  const embed = list.find((p) => p.id === 'embed');
  let baseline = null;
  if (options.baseline && embed) {
    const baseSite = prepareSite(options.baseline, [embed]);
    const basePlatform = await startPlatform({ embedDir: baseSite.dir });
    baseline = { site: baseSite, platform: basePlatform };
    list.splice(list.indexOf(embed) + 1, 0, {
      ...embed,
      id: 'embed-baseline',
      label: `${embed.label} (baseline build)`,
      base: basePlatform.base,
    });
  }
  const clock = new PlaylistClock(`${platform.base}${MASTER}`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const results = Object.fromEntries(list.map((p) => [p.id, []]));
  try {
    await clock.start();
    // One unmeasured load of each first: a fresh browser's first page pays once for what the
    // later ones reuse (lib/sessions.mjs warmUp).
    for (const player of list) await coldLoad(browser, player, player.base ?? platform.base, clock, 0).catch(() => {});
    for (let load = 1; load <= options.loads; load += 1) {
      // Every other load in the opposite order, so neither player always goes first (against
      // the other's leftovers: a busy CPU, a warm disk cache).
      for (const player of load % 2 ? list : [...list].reverse()) {
        try {
          results[player.id].push(await coldLoad(browser, player, player.base ?? platform.base, clock, options.rttMs));
        } catch (error) {
          console.log(`  ${player.label}, load ${load}: ${error.message.split('\n')[0]}`);
        }
      }
      process.stdout.write(`load ${load}/${options.loads}\r`);
    }
  } finally {
    clock.stop();
    await browser.close();
    await platform.stop();
    site.remove();
    if (baseline) {
      await baseline.platform.stop();
      baseline.site.remove();
    }
  }
  const rtt = options.rttMs > 0 ? `, ${options.rttMs} ms round trip on every request` : '';
  console.log(`\n${options.loads} cold loads per player, interleaved${rtt}; median (quartiles)\n`);
  console.log('| Player | First frame | Warm | Latency at it | Latency 3 s later | Long tasks before it |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const player of list) {
    const r = results[player.id];
    const pick = (key) => r.map((x) => x[key]);
    console.log(
      `| ${player.label} | ${fmt(pick('firstFrameMs'), 0, ' ms')} | ${fmt(
        pick('warmFirstFrameMs').filter((v) => v !== null),
        0,
        ' ms',
      )} | ${fmt(pick('latencyAtFirstS'), 2, ' s')} | ` +
        `${fmt(pick('latencyAfterS'), 2, ' s')} | ${fmt(pick('longTaskMs'), 0, ' ms')} |`,
    );
  }
  for (const player of list) {
    const r = results[player.id];
    const names = [...new Set(r.flatMap((x) => Object.keys(x.marks)))];
    const at = (name) =>
      percentile(
        r.map((x) => x.marks[name]).filter((v) => v !== undefined),
        50,
      );
    names.sort((a, b) => at(a) - at(b));
    console.log(
      `\n${player.label}, medians (ms since navigation): ${names.map((n) => `${n} ${Math.round(at(n))}`).join(', ')}`,
    );
  }
}

await main();
