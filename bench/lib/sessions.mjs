// The browser side of `npm run bench`: one player in one fresh browser context per session.
// - playback session: cold start-up (empty HTTP cache), then plays on for the session's length:
//   live latency, stalls, main-thread and CPU cost, JS heap; then a warm start-up (same
//   context, so the HTTP cache is warm: navigate away and back).
// - network session: the same start-up under a scripted network profile (Chromium's network
//   emulation through CDP), then adaptation and stalls while the throughput changes.
// What the page recorded is read back at the end and turned into figures by pure modules.
import { gzipSync } from 'node:zlib';
import { adaptation } from './adaptation.mjs';
import { gotoFirstFrame } from './first-frame.mjs';
import { latencySamples, summarize } from './measure.mjs';
import { installProbe } from './probe.mjs';

export const SAMPLE_EVERY_MS = 250;
const FIRST_FRAME_TIMEOUT_MS = 30_000;
// Requests started before the first frame may still be in flight when it shows (a blocking
// playlist reload is held for up to a part); resource timing lists them once they finish.
const SETTLE_MS = 1000;

const sum = (values) => values.reduce((a, b) => a + b, 0);

// A fresh context has no service worker registered: a player that plays through one registers
// it during its cold start-up (a first-time visitor's cost); its warm start-up finds it active.
async function openPage(browser, player) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
  await page.addInitScript(installProbe, SAMPLE_EVERY_MS);
  if (player.initScript) await page.addInitScript(player.initScript);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { context, page, cdp, pageErrors };
}

async function performanceMetrics(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

const pageNow = (page) => page.evaluate(() => performance.now());

/** Waits until `ms` after the page's navigation start. */
async function untilPageTime(page, ms) {
  const now = await pageNow(page);
  if (ms > now) await page.waitForTimeout(ms - now);
}

/**
 * The service worker controlling the page (its path), or null; throws when the player says
 * which must (lib/players.mjs `controlledBy`) and it is another: such a session would measure
 * another configuration than its name says.
 */
async function checkServiceWorker(page, player) {
  const script = await page.evaluate(() => navigator.serviceWorker?.controller?.scriptURL ?? null);
  const controlledBy = script && new URL(script).pathname;
  if (player.controlledBy !== undefined && controlledBy !== player.controlledBy) {
    throw new Error(
      `${player.id}: the page is controlled by ${controlledBy ?? 'no service worker'}, not ${player.controlledBy ?? 'none'}`,
    );
  }
  return controlledBy;
}

function untilFirstFrame(page, url) {
  return gotoFirstFrame(page, url, FIRST_FRAME_TIMEOUT_MS);
}

/**
 * One unmeasured start-up of each player before any is measured. A freshly launched browser's
 * first page pays once for what every later page reuses (its first renderer and compositor
 * frames, the media stack's first decoder, the network service's first connections), and the
 * table's first player is the first page of the first run: with `--runs=1` its cold start-up
 * carried that cost alone. Measured in 4 fresh browsers here, the first page's first frame
 * against the same player's later cold loads: the embed +120 ms (400-430 against ~290 ms),
 * native HLS +30 ms (246-266 against ~225 ms). A player that fails here fails measured too,
 * where its session says so.
 */
export async function warmUp(browser, players, base) {
  for (const player of players) {
    const { context, page } = await openPage(browser, player);
    try {
      await untilFirstFrame(page, `${base}${player.page.path}`);
    } catch {
      // Reported by the measured sessions.
    } finally {
      await context.close();
    }
  }
}

/** What the page loaded before its first frame: requests (with the document), bytes, scripts. */
async function loadBeforeFirstFrame(page) {
  await page.waitForTimeout(SETTLE_MS);
  return page.evaluate(() => {
    const firstFrameMs = window.__bench.firstFrameMs;
    // The engine worker's requests (lib/probe.mjs) count as the page's own.
    const resources = [...performance.getEntriesByType('resource'), ...window.__bench.workerResources]
      .filter((e) => e.startTime < firstFrameMs)
      .sort((a, b) => a.startTime - b.startTime);
    const all = [...performance.getEntriesByType('navigation'), ...resources];
    return {
      firstFrameMs,
      requests: all.length,
      // transferSize: bytes over the network, headers included; 0 when the HTTP cache answered.
      transferBytes: all.reduce((total, e) => total + e.transferSize, 0),
      fromCache: all.filter((e) => e.transferSize === 0 && e.decodedBodySize > 0).length,
      scripts: resources.filter((e) => /\.m?js$/.test(new URL(e.name).pathname)).map((e) => e.name),
      // What was loaded, in order, for the JSON: where the time before the first frame went.
      resources: resources.map((e) => ({
        path: new URL(e.name).pathname + new URL(e.name).search,
        startMs: Math.round(e.startTime),
        endMs: Math.round(e.responseEnd),
        transferBytes: e.transferSize,
      })),
    };
  });
}

/** Gzip size of a script as the platform serves it (it serves uncompressed; a CDN would not). */
export function gzipMeter() {
  const sizes = new Map();
  return async (url) => {
    if (!sizes.has(url)) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      sizes.set(url, gzipSync(body, { level: 9 }).length);
    }
    return sizes.get(url);
  };
}

async function startUp(page, url, gzipOf) {
  await untilFirstFrame(page, url);
  const load = await loadBeforeFirstFrame(page);
  const gzip = await Promise.all(load.scripts.map(gzipOf));
  return {
    firstFrameS: load.firstFrameMs / 1000,
    requests: load.requests,
    transferKiB: load.transferBytes / 1024,
    fromCache: load.fromCache,
    scripts: load.scripts.map((u) => new URL(u).pathname),
    jsGzipKiB: sum(gzip) / 1024,
    resources: load.resources,
  };
}

/**
 * Cold start-up, playback for `sessionS` seconds (latency over the first `durationS`), heap at
 * each of `heapAtS`, then a warm start-up in the same context.
 */
export async function playbackSession(browser, player, base, clock, options, gzipOf) {
  const { context, page, cdp, pageErrors } = await openPage(browser, player);
  const url = `${base}${player.page.path}`;
  try {
    const cold = await startUp(page, url, gzipOf);
    const serviceWorker = await checkServiceWorker(page, player);
    const before = await performanceMetrics(cdp);
    const heap = [];
    for (const atS of options.heapAtS) {
      await untilPageTime(page, atS * 1000);
      // Heap growth is what survives a collection, not the garbage of the moment.
      await cdp.send('HeapProfiler.collectGarbage');
      heap.push({ atS, usedMiB: (await performanceMetrics(cdp)).JSHeapUsedSize / 2 ** 20 });
    }
    await untilPageTime(page, options.sessionS * 1000);
    const recorded = await page.evaluate(() => ({ ...window.__bench, endMs: performance.now() }));
    const after = await performanceMetrics(cdp);
    await clock.poll(); // the newest segments on screen are listed by now

    const samples = latencySamples(recorded, clock, player.latencyClock);
    const latencyWindow = samples.filter((s) => s.t <= options.durationS);
    const summary = summarize(recorded, latencyWindow, recorded.endMs);
    const minutes = (after.Timestamp - before.Timestamp) / 60;
    const longTasks = recorded.longTasks.filter((t) => t.atMs >= recorded.firstFrameMs);
    const cost = {
      minutes,
      // TaskDuration: time the renderer's main thread spent running tasks (script, style,
      // layout, paint, GC); ProcessTime: CPU time of the whole renderer process (its workers
      // and media threads included).
      busySPerMin: (after.TaskDuration - before.TaskDuration) / minutes,
      scriptSPerMin: (after.ScriptDuration - before.ScriptDuration) / minutes,
      cpuSPerMin: after.ProcessTime === undefined ? null : (after.ProcessTime - before.ProcessTime) / minutes,
      longTasksPerMin: longTasks.length / ((recorded.endMs - recorded.firstFrameMs) / 60_000),
      longTaskMsPerMin: sum(longTasks.map((t) => t.durationMs)) / ((recorded.endMs - recorded.firstFrameMs) / 60_000),
      // Total blocking time: what each long task held the thread past 50 ms, the part a
      // viewer's input can wait behind. Two 55 ms tasks are two long tasks but 10 ms of it.
      blockingMsPerMin:
        sum(longTasks.map((t) => Math.max(0, t.durationMs - 50))) / ((recorded.endMs - recorded.firstFrameMs) / 60_000),
    };

    // A failed warm start-up must not throw away the session's other figures.
    const warm = await page
      .goto('about:blank')
      .then(() => startUp(page, url, gzipOf))
      .catch((error) => ({ error: error.message.split('\n')[0] }));
    return { url, serviceWorker, cold, warm, summary, cost, heap, samples, stalls: recorded.stalls, pageErrors };
  } catch (error) {
    return { url, error: error.message.split('\n')[0], pageErrors };
  } finally {
    await context.close();
  }
}

/**
 * One start-up for the first-frame figures (bench.mjs runs several a run, players interleaved):
 * cold in a fresh context (empty HTTP cache), then, once what the page loaded by then is in
 * (SETTLE_MS) and a service worker the player plays through controls its scope, away and back
 * in the same context: warm. Seconds since each navigation's start; `warmS` null where only the
 * warm one failed.
 */
export async function startupLoad(browser, player, base) {
  const { context, page } = await openPage(browser, player);
  const url = `${base}${player.page.path}`;
  try {
    const coldMs = await untilFirstFrame(page, url);
    await page.waitForTimeout(SETTLE_MS);
    if (player.controlledBy) await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.goto('about:blank');
    const warmMs = await untilFirstFrame(page, url).catch(() => null);
    return { coldS: coldMs / 1000, warmS: warmMs === null ? null : warmMs / 1000 };
  } catch (error) {
    return { error: error.message.split('\n')[0] };
  } finally {
    await context.close();
  }
}

/** Start-up and playback under the network profile; adaptation figures from the probe's samples. */
export async function networkSession(browser, player, base, options, bandwidth) {
  const { context, page, cdp, pageErrors } = await openPage(browser, player);
  const url = `${base}${player.page.path}`;
  const conditions = (kbps) => ({
    offline: false,
    latency: 0,
    downloadThroughput: (kbps * 1000) / 8,
    uploadThroughput: (kbps * 1000) / 8,
  });
  let workers = null;
  const throttle = async (kbps) => {
    await cdp.send('Network.emulateNetworkConditions', conditions(kbps));
    await workers?.apply(conditions(kbps));
  };
  try {
    await cdp.send('Network.enable');
    workers = await serviceWorkerThrottle(browser, cdp);
    await throttle(options.profileSteps[0].kbps);
    const firstFrameMs = await untilFirstFrame(page, url);
    await checkServiceWorker(page, player);
    // Steps run from the first frame on, each applied when the previous one's time is up;
    // the time each actually took effect is what the figures are measured from.
    const steps = [];
    let nextMs = firstFrameMs;
    for (const [i, step] of options.profileSteps.entries()) {
      if (i > 0) {
        await untilPageTime(page, nextMs);
        await throttle(step.kbps);
      }
      steps.push({ ...step, atS: (i === 0 ? firstFrameMs : await pageNow(page)) / 1000 });
      nextMs += step.seconds * 1000;
    }
    await untilPageTime(page, nextMs);
    const recorded = await page.evaluate(() => ({ ...window.__bench, endMs: performance.now() }));
    const samples = recorded.samples.map((s) => ({ t: s.atMs / 1000, currentTime: s.currentTime, height: s.height }));
    const figures = adaptation({
      samples,
      stalls: recorded.stalls,
      firstFrameS: firstFrameMs / 1000,
      endS: recorded.endMs / 1000,
      steps,
      bandwidth,
    });
    const bitrate = samples.map((s) => ({
      t: Number((s.t - firstFrameMs / 1000).toFixed(3)),
      kbps: bandwidth.has(s.height) ? bandwidth.get(s.height) / 1000 : null,
      height: s.height,
    }));
    return { url, firstFrameS: firstFrameMs / 1000, steps, figures, bitrate, stalls: recorded.stalls, pageErrors };
  } catch (error) {
    return { url, error: error.message.split('\n')[0], pageErrors };
  } finally {
    await workers?.stop();
    await context.close();
  }
}

/**
 * Chromium's network emulation is per target: the page's conditions do not reach a service
 * worker's own fetches, and the live-manifest worker fetches the media the native player plays
 * (without this, embed-sw played 720p on at 150 kbps while embed-native stalled). Every service
 * worker of the page's browser context gets the page's conditions from its start, through the
 * browser's CDP session (Playwright opens none for service workers): attached without
 * flattening, so commands go as Target.sendMessageToTarget (deprecated in CDP, still served).
 * The worker's fetches and the page's own requests are throttled apart, each to the profile's
 * rate; while the native player plays, nearly all bytes are the worker's.
 */
async function serviceWorkerThrottle(browser, pageCdp) {
  const { targetInfo } = await pageCdp.send('Target.getTargetInfo');
  const session = await browser.newBrowserCDPSession();
  const attached = new Set();
  let current = null;
  let id = 0;
  const send = (sessionId, method, params) =>
    session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
  session.on('Target.targetCreated', async ({ targetInfo: target }) => {
    if (target.type !== 'service_worker' || target.browserContextId !== targetInfo.browserContextId) return;
    try {
      const { sessionId } = await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
      attached.add(sessionId);
      await send(sessionId, 'Network.enable', {});
      if (current) await send(sessionId, 'Network.emulateNetworkConditions', current);
    } catch {
      // the worker went away before it could be throttled
    }
  });
  session.on('Target.detachedFromTarget', ({ sessionId }) => attached.delete(sessionId));
  await session.send('Target.setDiscoverTargets', { discover: true });
  return {
    async apply(conditions) {
      current = conditions;
      for (const sessionId of attached)
        await send(sessionId, 'Network.emulateNetworkConditions', conditions).catch(() => {});
    },
    stop: () => session.detach().catch(() => {}),
  };
}

/** The jank scenario: the page's main thread busy `busyMs` of every `everyMs`, as a heavy host page or ad script. */
export const JANK = { busyMs: 900, everyMs: 1000, seconds: 20, settleS: 3 };

/**
 * Plays to the first frame and `settleS` more, then keeps the page's main thread busy 900 ms of
 * every second for 20 s: stalls (a `waiting` after the first frame, to the next `playing`),
 * media time played and frames decoded in that window. A player whose loading runs on the main
 * thread starves; one whose loading runs in a worker need not.
 */
export async function jankSession(browser, player, base) {
  const { context, page, pageErrors } = await openPage(browser, player);
  const url = `${base}${player.page.path}`;
  const reading = () => {
    const v = document.querySelector('video');
    return {
      atMs: performance.now(),
      currentTime: v.currentTime,
      frames: v.getVideoPlaybackQuality().totalVideoFrames,
    };
  };
  try {
    const firstFrameMs = await untilFirstFrame(page, url);
    await checkServiceWorker(page, player);
    await untilPageTime(page, firstFrameMs + JANK.settleS * 1000);
    const start = await page.evaluate(
      ([busyMs, everyMs, read]) => {
        window.__benchJank = setInterval(() => {
          const end = performance.now() + busyMs;
          while (performance.now() < end) {
            // busy, as a long script task is
          }
        }, everyMs);
        return new Function(`return (${read})()`)();
      },
      [JANK.busyMs, JANK.everyMs, reading.toString()],
    );
    await page.waitForTimeout(JANK.seconds * 1000);
    const end = await page.evaluate((read) => {
      clearInterval(window.__benchJank);
      return { ...new Function(`return (${read})()`)(), stalls: window.__bench.stalls };
    }, reading.toString());
    const stalls = end.stalls.filter((s) => s.atMs >= start.atMs && s.atMs <= end.atMs);
    const seconds = (end.atMs - start.atMs) / 1000;
    return {
      url,
      stalls: stalls.length,
      stalledS: sum(stalls.map((s) => (s.endMs ?? end.atMs) - s.atMs)) / 1000,
      playedPct: ((end.currentTime - start.currentTime) / seconds) * 100,
      framesPerS: (end.frames - start.frames) / seconds,
      pageErrors,
    };
  } catch (error) {
    return { url, error: error.message.split('\n')[0], pageErrors };
  } finally {
    await context.close();
  }
}
