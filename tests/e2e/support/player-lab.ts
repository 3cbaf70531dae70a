import { test, type Page, type Route } from '@playwright/test';
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A bare page with one <video> and the player engine, served at the platform's origin by
 * intercepting one path, so engine journeys test the package itself (not the embed) against
 * the real platform. The bundle is built once per worker with esbuild (Vite's own).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let bundle: Promise<string> | null = null;
let workerBundle: Promise<string> | null = null;
let remuxerBundle: Promise<string> | null = null;
let subtitleBundle: Promise<string> | null = null;

function playerBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(root, 'packages/player/src/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'OnAirPlayer',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

/**
 * In the lab's worker only: the offset of every SourceBuffer append, posted to the page when it
 * changes, so an oracle can read the frame's original media time without trusting the engine
 * (the page's own SourceBuffer hook cannot see a worker's). The sink ignores the message.
 */
const WORKER_PROBE = `(function () {
  if (typeof SourceBuffer === 'undefined') return;
  var append = SourceBuffer.prototype.appendBuffer, last;
  SourceBuffer.prototype.appendBuffer = function (data) {
    if (this.timestampOffset !== last) { last = this.timestampOffset; self.postMessage({ labTimestampOffset: last }); }
    return append.call(this, data);
  };
})();
`;

/** The engine's worker (the mse-worker sink), as a classic worker script. */
function engineWorkerBundle(): Promise<string> {
  workerBundle ??= build({
    entryPoints: [path.join(root, 'packages/player/src/engine/engine-worker.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => WORKER_PROBE + result.outputFiles[0]!.text);
  return workerBundle;
}

/** The MPEG-TS remuxer's classic script, which the engine's worker loads for such a stream. */
function tsRemuxerBundle(): Promise<string> {
  remuxerBundle ??= build({
    entryPoints: [path.join(root, 'packages/player/src/engine/ts/ts-remuxer-script.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return remuxerBundle;
}

/** The subtitle loop's classic script, which the engine's worker loads once a subtitle rendition is shown. */
function subtitleScriptBundle(): Promise<string> {
  subtitleBundle ??= build({
    entryPoints: [path.join(root, 'packages/player/src/engine/subtitle-script.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return subtitleBundle;
}

/**
 * `labStart` creates a player, records every event into `labEvents` and loads a URL. A page
 * opened with `#autostart=<json>` calls it by itself: Playwright's evaluate counts as a user
 * gesture, which would defeat the autoplay-policy journeys.
 */
const LAB_SCRIPT = `
window.labStart = function (url, config, play, muted) {
  var api = window.OnAirPlayer;
  config = Object.assign({}, config || {});
  // labClockSkewMs: the player's clock runs this far off the real one (a viewer's wrong clock).
  if (config.labClockSkewMs) {
    var skew = config.labClockSkewMs;
    config.environment = Object.assign({}, config.environment, { now: function () { return Date.now() + skew; } });
  }
  delete config.labClockSkewMs;
  // labFirstTextTrack: the first text track is shown once the stream lists one (captions are
  // off until a page turns them on, as a viewer would).
  var firstTextTrack = config.labFirstTextTrack;
  delete config.labFirstTextTrack;
  // Every sink the embed has: our worker engine's two too. A journey that names no sink starts
  // on its Playwright project's (window.labSink: mse-worker, default-media-source or mse).
  var startWorker = function () {
    var worker = new Worker('/__player-lab/engine-worker.js');
    worker.postMessage({ cmd: 'setTsRemuxer', url: '/__player-lab/ts-remuxer.js' });
    worker.postMessage({ cmd: 'setSubtitleScript', url: '/__player-lab/subtitle-script.js' });
    return worker;
  };
  config.sinks = Object.assign({}, config.sinks, {
    'mse-worker': api.mseWorkerSinkFactory(startWorker),
    'default-media-source': api.defaultMediaSourceSinkFactory(startWorker),
  });
  // labAutoSink: the player chooses by itself (journeys that take MediaSource away).
  if (config.labAutoSink) delete config.labAutoSink;
  else if (!config.sink && window.labSink) config.sink = window.labSink;
  var player = api.createPlayer(config);
  var events = [];
  Object.values(api.PlayerEventType).forEach(function (type) {
    player.on(type, function (payload) { events.push({ type: type, payload: payload, at: Date.now() }); });
  });
  if (firstTextTrack) {
    player.on('text-tracks-changed', function (change) {
      if (change.selected === null && change.tracks.length > 0) player.setTextTrack(change.tracks[0].id);
    });
  }
  window.player = player;
  window.labEvents = events;
  player.attachMedia(document.querySelector('video'));
  if (muted) player.setMuted(true);
  player.load(new URL(url, location.href).href);
  if (play) player.play();
};
var auto = /^#autostart=(.*)$/.exec(location.hash);
if (auto) { var o = JSON.parse(decodeURIComponent(auto[1])); window.labStart(o.url, o.config, o.play !== false, o.muted); }
`;

const labHtml = (sink: string) => `<!doctype html><html><head><meta charset="utf-8"><title>player lab</title>
<script>window.labSink = ${JSON.stringify(sink)};</script>
<style>html,body{margin:0;background:#000}video{width:640px;height:360px}</style></head>
<body><video playsinline></video><script src="/__player-lab/player.js"></script>
<script>${LAB_SCRIPT}</script></body></html>`;

export const LAB_PATH = '/__player-lab/index.html';

/** The sink of the running Playwright project (playwright.config.ts), hls.js's by default. */
function labSink(): string {
  const sink: unknown = test.info().project.metadata.labSink;
  return typeof sink === 'string' ? sink : 'mse';
}

export async function openLab(
  page: Page,
  autostart?: { url: string; config?: Record<string, unknown> },
): Promise<void> {
  const [js, workerJs, remuxerJs, subtitleJs] = await Promise.all([
    playerBundle(),
    engineWorkerBundle(),
    tsRemuxerBundle(),
    subtitleScriptBundle(),
  ]);
  const html = labHtml(labSink());
  await page.route('**/__player-lab/**', (route: Route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/player.js')) return route.fulfill({ body: js, contentType: 'text/javascript' });
    if (url.pathname.endsWith('/engine-worker.js'))
      return route.fulfill({ body: workerJs, contentType: 'text/javascript' });
    if (url.pathname.endsWith('/ts-remuxer.js'))
      return route.fulfill({ body: remuxerJs, contentType: 'text/javascript' });
    if (url.pathname.endsWith('/subtitle-script.js'))
      return route.fulfill({ body: subtitleJs, contentType: 'text/javascript' });
    return route.fulfill({ body: html, contentType: 'text/html' });
  });
  await page.goto(autostart ? `${LAB_PATH}#autostart=${encodeURIComponent(JSON.stringify(autostart))}` : LAB_PATH);
}

/** What the lab page records: every player event, in order. */
export interface LabEvent {
  type: string;
  payload: unknown;
  at: number;
}

/**
 * Creates a player in the lab page (config must be JSON), attaches the video, records every
 * event into `window.labEvents`, and loads `url` (relative to the platform).
 */
export async function startPlayer(
  page: Page,
  url: string,
  options: { config?: Record<string, unknown>; play?: boolean; muted?: boolean } = {},
): Promise<void> {
  await page.evaluate(
    ({ url, config, play, muted }) =>
      (window as unknown as { labStart(...a: unknown[]): void }).labStart(url, config, play, muted),
    { url, config: options.config ?? {}, play: options.play ?? true, muted: options.muted ?? false },
  );
}

export function labEvents(page: Page, type?: string): Promise<LabEvent[]> {
  return page.evaluate(
    (type) =>
      ((window as unknown as { labEvents: LabEvent[] }).labEvents ?? []).filter((e) => !type || e.type === type),
    type,
  );
}

/** Reads a field of the player's state object. */
export function playerState<T = unknown>(page: Page, key: string): Promise<T> {
  return page.evaluate(
    (key) => (window as unknown as { player: { getState(): Record<string, unknown> } }).player.getState()[key],
    key,
  ) as Promise<T>;
}

/** Calls a method of the lab's player with JSON arguments and returns its (JSON) result. */
export function callPlayer(page: Page, method: string, ...args: unknown[]): Promise<unknown> {
  return page.evaluate(
    ({ method, args }) =>
      (window as unknown as { player: Record<string, (...a: unknown[]) => unknown> }).player[method]!(...args),
    { method, args },
  );
}
