// `npm run bench:audio-only [-- --seconds=S --runs=N]`: what audio-only saves. Plays the channel
// with an audio-only rendition (radio-room) in headless Chromium at 1280×720, in two modes taking
// turns, each in a fresh browser context: the picture (automatic quality, as a visitor gets it)
// and audio-only (chosen in the quality menu, as a viewer does; the embed does the same by itself
// after 30 s out of sight where the host page opted in). From 5 s after the mode settles it
// counts every response body the page and its engine worker receive for S seconds (Playwright
// reports a dedicated worker's requests with the page's) and prints bytes per minute for each
// mode, the bytes saved per minute and their ratio, medians across runs. A benchmark, not a
// test: it reports and never judges.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { builtEmbedDir, startPlatform } from './lib/setup.mjs';

const CHANNEL = '/radio-room?muted=true';
const SETTLE_MS = 5_000;

function parse(argv) {
  const options = { seconds: 60, runs: 2 };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'seconds') options.seconds = Number(value);
    else if (key === 'runs') options.runs = Number(value);
    else throw new Error(`unknown option ${arg} (--seconds=S --runs=N)`);
  }
  if (!(options.seconds >= 5) || !(options.runs >= 1)) throw new Error('--seconds from 5, --runs from 1');
  return options;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function session(browser, base, mode, seconds) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    let counting = false;
    let bytes = 0;
    let media = 0;
    page.on('requestfinished', async (request) => {
      if (!counting) return;
      const sizes = await request.sizes().catch(() => null);
      if (!sizes) return;
      bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      if (/\.m4s(\?|$)/.test(request.url())) media += sizes.responseBodySize;
    });
    await page.goto(`${base}${CHANNEL}`);
    await page.waitForFunction(
      () => {
        const video = document.querySelector('video');
        return video && video.currentTime > 1 && !video.paused;
      },
      null,
      { timeout: 30_000 },
    );
    if (mode === 'audio-only') {
      await page.getByTestId('player').hover();
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('menuitem', { name: /^Quality/ }).click();
      await page.getByRole('menuitemradio', { name: 'Audio only' }).click();
      await page.waitForFunction(
        () => {
          const video = document.querySelector('video');
          return video && video.videoWidth === 0 && video.currentTime > 1 && !video.paused;
        },
        null,
        { timeout: 30_000 },
      );
    }
    await page.waitForTimeout(SETTLE_MS);
    const picture = await page.evaluate(() => document.querySelector('video')?.videoHeight ?? 0);
    counting = true;
    await page.waitForTimeout(seconds * 1000);
    counting = false;
    const perMinute = (value) => (value * 60) / seconds;
    return { bytesPerMinute: perMinute(bytes), mediaPerMinute: perMinute(media), picture };
  } finally {
    await context.close();
  }
}

const options = parse(process.argv.slice(2));
const { base, stop } = await startPlatform({ embedDir: await builtEmbedDir() });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const results = { picture: [], 'audio-only': [] };
try {
  for (let run = 0; run < options.runs; run++) {
    // Alternating which goes first, so a slow minute of the machine hits both alike.
    const order = run % 2 ? ['audio-only', 'picture'] : ['picture', 'audio-only'];
    for (const mode of order) {
      const result = await session(browser, base, mode, options.seconds);
      results[mode].push(result);
      const height = result.picture ? `${result.picture}p` : 'no picture';
      console.log(`run ${run + 1} ${mode.padEnd(10)} ${(result.bytesPerMinute / 1e6).toFixed(2)} MB/min (${height})`);
    }
  }
} finally {
  await browser.close();
  await stop();
}
const mb = (value) => `${(value / 1e6).toFixed(2)} MB`;
const picture = median(results.picture.map((r) => r.bytesPerMinute));
const audio = median(results['audio-only'].map((r) => r.bytesPerMinute));
console.log(
  `\nradio-room, 1280×720, ${options.runs} run(s) of ${options.seconds} s per mode (medians, all responses):`,
);
console.log(`  picture (automatic quality): ${mb(picture)} a minute`);
console.log(`  audio-only:                  ${mb(audio)} a minute`);
console.log(
  `  saved: ${mb(picture - audio)} a minute, ${((1 - audio / picture) * 100).toFixed(1)} % (audio-only loads ${(audio / picture).toFixed(3)}× the bytes)`,
);
