// `npm run bench:packagers [-- --loads=N --seconds=S --cases=a,b --players=a,b --rtt=MS]`: our engine
// against hls.js, Shaka and Chromium's own HLS on classic live streams another packager writes
// (Debian's ffmpeg and its own HLS muxer: 2 s segments, no parts, no blocking reload, a plain
// static server; the conformance corpus's `fmp4-muxed`, `fmp4-alt-audio` and `ts`), the same
// URLs for every player. The embed plays each through a channel of a CHANNELS_FILE whose
// playback URL is the stream, as a site that brings its own stream would.
//
// Per player and stream, `loads` cold loads (fresh browser contexts, players interleaved), each
// playing `seconds` after its first frame: the first frame (navigation start to the first
// presented frame), when the picture first moves (the element's first `playing`), the latency over the session's second half and the stalls after the first
// frame. Latency is dated by the segment clock (lib/measure.mjs) on a playlist clock that dates
// each segment's end by when the packager listed it (ListedClock below): ffmpeg runs in real
// time and lists a segment once written, and these playlists carry no program date time. The
// same clock for every player, so the figures compare. A benchmark, not a test: it reports and
// never judges.
//
// `--rtt=MS`: every request of the page (its workers' and its media element's too) answered that
// much later, through Chromium's own network emulation, as from a CDN's edge MS away; the origin
// itself is on the loopback. Without it the figures are the loopback's: no round trip costs
// anything, so only the work of the page and the browser is measured.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startCase } from '../tests/conformance/corpus.ts';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { latencySamples, percentile } from './lib/measure.mjs';
import { players as allPlayers } from './lib/players.mjs';
import { gotoFirstFrame } from './lib/first-frame.mjs';
import { installProbe } from './lib/probe.mjs';
import { builtEmbedDir, ensureBenchDependencies, startMediaOrigin, startPlatform } from './lib/setup.mjs';
import { prepareSite } from './lib/site.mjs';

const SAMPLE_EVERY_MS = 100;
const POLL_EVERY_MS = 100;

function parse(argv) {
  const options = {
    loads: 3,
    seconds: 20,
    cases: ['fmp4-muxed', 'fmp4-alt-audio', 'ts'],
    players: ['embed', 'hlsjs', 'shaka', 'native'],
    rttMs: 0,
  };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'loads') options.loads = Number(value);
    else if (key === 'seconds') options.seconds = Number(value);
    else if (key === 'cases') options.cases = value.split(',');
    else if (key === 'players') options.players = value.split(',');
    else if (key === 'rtt') options.rttMs = Number(value);
    else throw new Error(`unknown option ${arg} (--loads=N --seconds=S --cases=a,b --players=a,b --rtt=MS)`);
  }
  if (!(options.loads >= 1) || !(options.seconds >= 5)) throw new Error('--loads from 1, --seconds from 5');
  if (!(options.rttMs >= 0)) throw new Error('--rtt in milliseconds, from 0');
  return options;
}

/**
 * The segment clock's dates for a classic packager: a segment ends when it is listed. Polls the
 * stream's first media playlist and keeps, per sequence number, when it was first seen.
 */
class ListedClock {
  segments = new Map();
  #timer = null;

  constructor(masterUrl) {
    this.masterUrl = masterUrl;
  }

  async start() {
    const master = await (await fetch(this.masterUrl)).text();
    const variant = master.split('\n').find((l) => l.trim() && !l.startsWith('#'));
    this.mediaUrl = master.includes('#EXTINF') ? this.masterUrl : new URL(variant.trim(), this.masterUrl).href;
    await this.poll();
    this.#timer = setInterval(() => void this.poll(), POLL_EVERY_MS);
  }

  stop() {
    clearInterval(this.#timer);
  }

  async poll() {
    try {
      const text = await (await fetch(this.mediaUrl)).text();
      const now = Date.now();
      for (const msn of listedSegments(text)) if (!this.segments.has(msn)) this.segments.set(msn, { listedMs: now });
    } catch {
      // a missed poll: the next one, 100 ms later, dates the segment a little late
    }
  }

  chunkEndMs(msn) {
    return this.segments.get(msn)?.listedMs ?? null;
  }

  pdtOfMediaTime() {
    return null;
  }
}

/** The sequence numbers a media playlist lists (these carry no program date time to parse). */
function listedSegments(text) {
  const lines = text.split('\n').map((l) => l.trim());
  let msn = Number(lines.find((l) => l.startsWith('#EXT-X-MEDIA-SEQUENCE:'))?.slice(22) ?? 0);
  const listed = [];
  for (const line of lines) if (line && !line.startsWith('#')) listed.push(msn++);
  return listed;
}

async function load(browser, player, base, clock, seconds, rttMs) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(installProbe, SAMPLE_EVERY_MS);
    if (rttMs > 0) {
      // Applies to the page's dedicated workers' requests too (the embed's engine fetches there).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: rttMs,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
    const firstFrameMs = await gotoFirstFrame(page, `${base}${player.page.path}`);
    await page.waitForTimeout(seconds * 1000);
    const recorded = await page.evaluate(() => window.__bench);
    const endMs = await page.evaluate(() => performance.now());
    // The first segments were listed before the clock's first poll: those dates are not known.
    const samples = latencySamples(recorded, clock, 'segments').filter(
      (s) => s.latencyS !== null && s.t * 1000 >= firstFrameMs + (seconds * 1000) / 2,
    );
    const stalls = recorded.stalls.filter((s) => s.atMs > firstFrameMs);
    return {
      firstFrameMs,
      // The first frame can be a still one (the embed's start picture: its own element, in a
      // closed shadow root whose events never reach the document): the picture moves once the
      // element that plays fires its first `playing`, which the probe sees on the document.
      movingMs: recorded.videoMarks?.['video playing'] ?? null,
      latencyS: percentile(
        samples.map((s) => s.latencyS),
        50,
      ),
      stalls: stalls.length,
      stalledMs: stalls.reduce((sum, s) => sum + ((s.endMs ?? endMs) - s.atMs), 0),
      audioBytes: await page.evaluate(() => document.querySelector('video')?.webkitAudioDecodedByteCount ?? 0),
    };
  } finally {
    await context.close();
  }
}

const fmt = (values, digits, unit) => {
  const [a, b, c] = [25, 50, 75].map((p) => percentile(values, p));
  return b === null ? '—' : `${b.toFixed(digits)}${unit} (${a.toFixed(digits)}–${c.toFixed(digits)})`;
};

async function benchCase(id, options, embedDir, browser, mediaPort) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'onair-packagers-'));
  // In a process of its own, as a CDN is (lib/setup.mjs startMediaOrigin).
  const server = await startMediaOrigin({ dir: root, port: mediaPort });
  const running = await startCase(id, root, { segments: 3 });
  const live = `http://127.0.0.1:${mediaPort}/${running.path}`;
  const slug = `bench-${id}`;
  const channels = path.join(root, 'channels.json');
  await writeFile(channels, JSON.stringify({ channels: [{ slug, live: true, playbackUrl: live }] }));
  const list = allPlayers(options.players, { live, embedPath: `/${slug}?muted=true` });
  const site = prepareSite(embedDir, list);
  const platform = await startPlatform({ embedDir: site.dir, env: { CHANNELS_FILE: channels } });
  const clock = new ListedClock(live);
  const results = Object.fromEntries(list.map((p) => [p.id, []]));
  try {
    await clock.start();
    // One unmeasured load of each first: a fresh browser's first page (and this case's first
    // one, on a stream just started) pays once for what the later ones reuse (lib/sessions.mjs warmUp).
    for (const player of list) await load(browser, player, platform.base, clock, 1, options.rttMs).catch(() => {});
    for (let n = 1; n <= options.loads; n += 1) {
      for (const player of n % 2 ? list : [...list].reverse()) {
        try {
          results[player.id].push(await load(browser, player, platform.base, clock, options.seconds, options.rttMs));
        } catch (error) {
          console.log(`  ${id}, ${player.label}, load ${n}: ${error.message.split('\n')[0]}`);
        }
      }
      process.stdout.write(`${id}: load ${n}/${options.loads}\r`);
    }
  } finally {
    clock.stop();
    await platform.stop();
    site.remove();
    await running.stop();
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
  console.log(`\n### ${id}\n`);
  console.log('| Player | First frame | Moving | Latency | Stalls | Stalled | Sound |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const player of list) {
    const r = results[player.id];
    const pick = (key) => r.map((x) => x[key]).filter((v) => v !== null);
    const sound = r.length && r.every((x) => x.audioBytes > 0) ? 'yes' : r.length ? 'no' : '—';
    console.log(
      `| ${player.label} | ${fmt(pick('firstFrameMs'), 0, ' ms')} | ${fmt(pick('movingMs'), 0, ' ms')} | ` +
        `${fmt(pick('latencyS'), 2, ' s')} | ` +
        `${fmt(pick('stalls'), 0, '')} | ${fmt(pick('stalledMs'), 0, ' ms')} | ${sound} |`,
    );
  }
}

async function main() {
  const options = parse(process.argv.slice(2));
  ensureBenchDependencies();
  const embedDir = await builtEmbedDir();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const mediaPort = Number(process.env.PACKAGERS_MEDIA_PORT ?? 18_900);
  console.log(
    `${options.loads} cold loads per player and stream, interleaved, ${options.seconds} s each; ` +
      `${options.rttMs > 0 ? `a ${options.rttMs} ms round trip on every request` : 'on the loopback'}; ` +
      'median (quartiles); latency over each session’s second half',
  );
  try {
    for (const id of options.cases) await benchCase(id, options, embedDir, browser, mediaPort);
  } finally {
    await browser.close();
  }
}

await main();
