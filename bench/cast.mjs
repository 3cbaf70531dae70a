// `npm run bench:cast [-- --cycles=N]`: what casting costs the viewer, timed on the platform's
// stand-in Chromecast (its sender framework in the embed, its receiver page in a second tab
// playing with our engine; no real Chromecast exists here, so the receiver's figures are our
// engine's on this machine, not a TV's). Each cycle is a fresh browser context:
// - cold start: navigation to the embed's first presented frame, the yardstick;
// - cast: the click on Cast to the receiver's first presented frame;
// - home: the click that ends the session to the local element's first presented frame;
// - latency after coming home: the player's own liveLatency, as its stats panel shows it, 2 s
//   after that frame (the journeys check the figure against oracles; SPEC asks for the edge).
// Prints medians and quartiles, and home ÷ cold start per cycle (same-run ratios). A
// benchmark, not a test: it reports and never judges.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { percentile } from './lib/measure.mjs';
import { gotoFirstFrame } from './lib/first-frame.mjs';
import { installProbe } from './lib/probe.mjs';
import { benchDir, builtEmbedDir, startPlatform } from './lib/setup.mjs';

const RECEIVER = '/cast/receiver?name=Bench%20TV';
const EMBED = '/studio-live?muted=true';
const SETTLE_MS = 3000;
const LATENCY_AFTER_MS = 2000;

function parse(argv) {
  let cycles = 8;
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'cycles') cycles = Number(value);
    else throw new Error(`unknown option ${arg} (--cycles=N)`);
  }
  if (!(cycles >= 1)) throw new Error('--cycles takes a whole number from 1');
  return { cycles };
}

/** In a page: resolves with the epoch ms of the next frame its element presents. */
function armNextFrame(page, selector) {
  return page.evaluate((selector) => {
    const video = document.querySelector(selector);
    window.__nextFrame = new Promise((resolve) => video.requestVideoFrameCallback(() => resolve(Date.now())));
  }, selector);
}

const nextFrame = (page) => page.evaluate(() => window.__nextFrame);

async function cycle(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const tv = await context.newPage();
    await tv.goto(`${base}${RECEIVER}`);
    await tv.getByText('Bench TV: ready to cast').waitFor();

    const page = await context.newPage();
    await page.addInitScript(installProbe, 250);
    const coldMs = await gotoFirstFrame(page, `${base}${EMBED}`);
    const cast = page.getByRole('button', { name: 'Cast' });
    await cast.waitFor();
    await page.waitForTimeout(SETTLE_MS);

    await armNextFrame(tv, 'video');
    const castClick = await page.evaluate(() => Date.now());
    await cast.click();
    const castMs = (await nextFrame(tv)) - castClick;
    await page.waitForTimeout(SETTLE_MS);

    await armNextFrame(page, 'video');
    const homeClick = await page.evaluate(() => Date.now());
    await cast.click();
    const homeMs = (await nextFrame(page)) - homeClick;
    await page.waitForTimeout(LATENCY_AFTER_MS);
    await page.getByTestId('player').focus();
    await page.keyboard.press('i');
    const latency = await page.locator('dd[data-stat="Latency"]').textContent();
    return { coldMs, castMs, homeMs, homeLatencyS: Number.parseFloat(latency ?? '') };
  } finally {
    await context.close();
  }
}

const quartiles = (values, digits, unit = '') => {
  const [a, b, c] = [25, 50, 75].map((p) => percentile(values, p));
  return b === null ? '—' : `${b.toFixed(digits)}${unit} (${a.toFixed(digits)}–${c.toFixed(digits)})`;
};

async function main() {
  const { cycles } = parse(process.argv.slice(2));
  // The stand-in Chromecast is a testing hook: mounted only with them.
  const platform = await startPlatform({ embedDir: await builtEmbedDir(), testingHooks: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const results = [];
  try {
    for (let i = 1; i <= cycles; i += 1) {
      try {
        results.push(await cycle(browser, platform.base));
      } catch (error) {
        console.log(`  cycle ${i}: ${error.message.split('\n')[0]}`);
      }
      process.stdout.write(`cycle ${i}/${cycles}\r`);
    }
  } finally {
    await browser.close();
    await platform.stop();
  }
  const pick = (key) => results.map((r) => r[key]).filter(Number.isFinite);
  const table = [
    `${results.length} of ${cycles} cycles on Chromium; median (quartiles)`,
    '',
    '| Cold start (ms) | Cast: click → TV frame (ms) | Home: click → local frame (ms) | Home ÷ cold start | Latency 2 s after home (s) |',
    '| ---: | ---: | ---: | ---: | ---: |',
    `| ${quartiles(pick('coldMs'), 0)} | ${quartiles(pick('castMs'), 0)} | ${quartiles(pick('homeMs'), 0)} | ${quartiles(
      results.map((r) => r.homeMs / r.coldMs),
      2,
    )} | ${quartiles(pick('homeLatencyS'), 2)} |`,
  ].join('\n');
  console.log(`\n${table}\n`);
  mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  writeFileSync(
    path.join(benchDir, 'results/cast.json'),
    `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
  );
  writeFileSync(path.join(benchDir, 'results/cast.md'), `${table}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
