import { API_REQUEST_SETTINGS, SESSION_TOKEN_COOKIE } from '@onair/api/request-settings';
import {
  CHANNEL_INFO_PATH,
  CHANNEL_PLAYBACK_URL_PATH,
  channelPath,
  SLUG_PATTERN,
} from '@onair/contracts/channel-paths';
import type { CreateCommand, EngineCommand } from '@onair/player';
import { pageMediaCopy, startRequests, startVariantUrl, youngCopies } from '@onair/player/start-pieces';
import type { EarlyEngine } from '../lib/early-engine.ts';
import type { EarlyResponses } from '../lib/early-requests.ts';
import { parseEmbedParams } from '../lib/embed-params.ts';
import { EARLY_DATA_ELEMENT_ID, readEarlyData, type EarlyData } from './early-data.ts';
import { firstPictureTime, secondSeekPosition, START_MEDIA_PATIENCE_MS } from './first-picture.ts';
import { showStartPicture, type PictureBytes, type PictureWindow, type StartPicture } from './start-picture.ts';

/**
 * The page's one early-start handle (`window.__onairStart`), read by the app once:
 * - `responses`: the channel's two calls by path, for the API client to take (lib/early-requests.ts);
 * - `engine`: the engine started for a live channel, for the player to adopt (lib/early-engine.ts);
 *   null once adopted, discarded, or never started;
 * - `firstFrame`: what the app waits for before it runs (lib/early-first-frame.ts); null without
 *   an early engine.
 */
export interface EarlyStart {
  responses: EarlyResponses;
  engine: EarlyEngine | null;
  firstFrame: Promise<void> | null;
}

declare global {
  interface Window {
    __onairStart?: EarlyStart;
  }
}

/** What the early start reads of the page: injectable, so unit tests run it on a fake window. */
export interface EarlyWindow {
  location: Pick<Location, 'pathname' | 'search' | 'href'>;
  document: Pick<Document, 'createElement'> & {
    readonly cookie: string;
    body: HTMLElement | null;
    documentElement: HTMLElement;
    /** The platform's early data (early-data.ts); absent in unit tests that do not need it. */
    getElementById?(id: string): { textContent: string | null } | null;
  };
  /** To hand the early data's answers to the API client as responses. */
  Response?: typeof Response;
  fetch?: typeof fetch;
  MediaSource?: { canConstructInDedicatedWorker?: boolean; isTypeSupported?(type: string): boolean };
  /** For the page's own first picture (start-picture.ts); absent in unit tests that do not need it. */
  URL?: PictureWindow['URL'];
  Worker?: new (url: string) => Worker;
  performance: Pick<Performance, 'mark' | 'now'>;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  innerWidth: number;
  innerHeight: number;
  devicePixelRatio?: number;
  __onairStart?: EarlyStart;
}

/** The app's wait for the early element's first frame gives up after this (lib/early-first-frame.ts). */
export const EARLY_FIRST_FRAME_PATIENCE_MS = 1500;
/** An engine the app has not adopted by then is discarded (the app failed, or chose another sink). */
export const EARLY_ADOPTION_WINDOW_MS = 10_000;
/** The multivariant playlist the page fetches for the engine: without it by then, the engine asks itself. */
export const EARLY_PLAYLIST_PATIENCE_MS = 5000;
/**
 * A stream from elsewhere: `load` waits this long at most for the start variant's media playlist
 * the page asked for (the worker would ask for it first thing; on a slower answer it asks itself).
 */
export const EARLY_MEDIA_PATIENCE_MS = 1000;

/** HTMLMediaElement.HAVE_FUTURE_DATA: the element can play on from its position. */
const HAVE_FUTURE_DATA = 3;

/** The engine's `create` for the embed: low latency on, no estimate yet, every quality (SPEC §3). */
export const EARLY_CREATE: CreateCommand = {
  cmd: 'create',
  lowLatency: true,
  bandwidthEstimate: null,
  transcodesOnly: false,
};

/**
 * The channel's info and playback URL, requested while the bundle downloads, and a live
 * channel's engine started in its worker. Same rules as the app: a `/{slug}` URL with a valid
 * slug and a parsable query only; no token, so none at all when a session cookie exists (a
 * token-bearing call must not be answered by a response fetched without one). Returns the
 * handle, or null when the page starts nothing early. `workerUrl`: the engine worker's built URL
 * (the build writes it; anything not starting with `/` means no early engine); `tsRemuxerUrl`:
 * mux.js's MPEG-TS transmuxer (the worker remuxes MPEG-TS itself and loads this only for a
 * stream whose video carries captions; none: such a stream plays without them);
 * `subtitleScriptUrl`: the subtitle loop's (loaded once a subtitle rendition is shown).
 */
export function earlyStart(
  win: EarlyWindow,
  workerUrl: string,
  tsRemuxerUrl = '',
  subtitleScriptUrl = '',
): EarlyStart | null {
  const slug = /^\/([^/]+)$/.exec(win.location.pathname)?.[1];
  if (!slug || !SLUG_PATTERN.test(slug) || !win.fetch) return null;
  try {
    decodeURIComponent(win.location.search.replace(/\+/g, ' '));
  } catch {
    return null;
  }
  const fetchFn = win.fetch.bind(win);
  const init: RequestInit = {
    credentials: API_REQUEST_SETTINGS.credentials,
    cache: API_REQUEST_SETTINGS.cache,
    headers: { Accept: API_REQUEST_SETTINGS.accept },
    referrerPolicy: API_REQUEST_SETTINGS.referrerPolicy,
  };
  const paths = { info: channelPath(CHANNEL_INFO_PATH, slug), playback: channelPath(CHANNEL_PLAYBACK_URL_PATH, slug) };
  // What the platform put in the page (early-data.ts): those answers are not asked for again.
  const early = readEarlyData(win.document.getElementById?.(EARLY_DATA_ELEMENT_ID)?.textContent);
  // A session's cookie means no early start at all: its calls carry the token, and nothing
  // asked or answered without one may stand for them. Reading it is a synchronous trip to the
  // browser (10-25 ms on the 2-core machine, measured with marks), so where the page holds both
  // answers and asks the API nothing, it is read once the start's first pieces are asked for
  // (runEarlyEngine), and a session then withdraws everything; otherwise before any call.
  const answered = Boolean(win.Response) && [paths.info, paths.playback].every((p) => early?.answers[p] !== undefined);
  if (!answered && hasSessionCookie(win)) return null;
  const responses: EarlyResponses = {};
  const givenAnswers = new Map<string, unknown>();
  for (const path of [paths.info, paths.playback]) {
    const given = win.Response && early?.answers[path] !== undefined ? early.answers[path] : undefined;
    if (given !== undefined) {
      const headers = { 'content-type': 'application/json' };
      responses[path] = Promise.resolve(new win.Response!(JSON.stringify(given), { status: 200, headers }));
      givenAnswers.set(path, given);
      continue;
    }
    const response = fetchFn(path, init);
    // A failure is the app's to report when it takes the response, not an unhandled rejection.
    response.catch(() => {});
    responses[path] = response;
  }
  const handle: EarlyStart = (win.__onairStart = { responses, engine: null, firstFrame: null });
  const worker = startWorker(win, workerUrl);
  if (!worker) return handle;
  if (tsRemuxerUrl.startsWith('/'))
    worker.postMessage({ cmd: 'setTsRemuxer', url: tsRemuxerUrl } satisfies EngineCommand);
  if (subtitleScriptUrl.startsWith('/'))
    worker.postMessage({ cmd: 'setSubtitleScript', url: subtitleScriptUrl } satisfies EngineCommand);
  // Read by the start-up journey and the benchmark.
  win.performance.mark('onair:engine-early-start');
  if (early) win.performance.mark('onair:early-data');
  // An answer the page holds is read as it is: reading it back from its Response takes tasks
  // of the main thread, which is busy parsing the page then (measured: 40-80 ms before the
  // stream's first request).
  const read = (path: string) => (givenAnswers.has(path) ? givenAnswers.get(path) : answer(responses[path]!));
  runEarlyEngine(win, handle, worker, read, paths, fetchFn, early, answered);
  return handle;
}

function hasSessionCookie(win: EarlyWindow): boolean {
  try {
    return new RegExp(`(^|;\\s*)${SESSION_TOKEN_COOKIE}=`).test(win.document.cookie);
  } catch {
    // A frame may not read cookies at all (a sandbox without allow-same-origin throws): then
    // there is no session cookie to defer to.
    return false;
  }
}

/**
 * Where MediaSource can live in a worker, the engine's worker starts now, before the bundle
 * runs: a worker takes 20-50 ms to start, and the channel's calls are answered meanwhile.
 */
function startWorker(win: EarlyWindow, workerUrl: string): Worker | null {
  if (!workerUrl.startsWith('/') || win.MediaSource?.canConstructInDedicatedWorker !== true || !win.Worker) return null;
  try {
    return new win.Worker(workerUrl);
  } catch {
    return null;
  }
}

/** A call's JSON, read from a copy of its response (the app takes the response itself); null for any failure. */
async function answer(response: Promise<Response>): Promise<unknown> {
  try {
    const settled = await response;
    return settled.ok ? await settled.clone().json() : null;
  } catch {
    return null;
  }
}

/** The stream's absolute http(s) URL when the channel is live, else null. */
export function liveStreamUrl(info: unknown, playback: unknown, base: string): string | null {
  const live = (info as { livestream?: unknown } | null)?.livestream;
  const data = (playback as { data?: unknown } | null)?.data;
  if (!live || typeof data !== 'string') return null;
  try {
    const url = new URL(data, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Once the calls say the channel is live, the page asks for the stream's multivariant playlist
 * and hands its text to the worker with `load`, so the worker's first request is the media
 * playlist; it goes on to the first parts, and the player adopts it (lib/early-engine.ts). The
 * MediaSource handle goes on an element of the page's own, so the first frame shows before the
 * app has started its player.
 */
function runEarlyEngine(
  win: EarlyWindow,
  handle: EarlyStart,
  worker: Worker,
  read: (path: string) => unknown,
  paths: { info: string; playback: string },
  fetchFn: typeof fetch,
  early: EarlyData | null,
  cookieUnread: boolean,
): void {
  const post = (command: EngineCommand, transfer: Transferable[] = []) => worker.postMessage(command, transfer);
  const engine: EarlyEngine = (handle.engine = {
    url: null,
    create: EARLY_CREATE,
    worker: worker as EarlyEngine['worker'],
    backlog: [],
  });
  // The app (src/main.tsx) waits for this before it runs: the first frame needs the main thread
  // for a few short tasks here (the handle, the seek), which the app's bundle would hold up.
  // Settled at the early element's first frame, when the early engine is discarded, or after
  // EARLY_FIRST_FRAME_PATIENCE_MS, whichever comes first.
  let releaseApp: () => void = () => {};
  handle.firstFrame = new Promise<void>((resolve) => (releaseApp = resolve));
  // The page's own first picture (start-picture.ts) goes as the app is released: the engine's
  // element shows the stream by then, or the start gave up waiting for it.
  let picture: StartPicture | null = null;
  let released = false;
  void handle.firstFrame.then(() => {
    released = true;
    picture?.remove();
  });
  // Only while the engine's element has no source yet: the page's picture is behind it, and
  // anything that watches the newest element given a source (the bench's probe) watches the
  // engine's.
  const showPicture = (bytes: PictureBytes) => {
    if (released || engine.video || engine.discarded || !win.URL || typeof win.MediaSource !== 'function') return;
    const MediaSource = win.MediaSource as new () => MediaSource;
    picture = showStartPicture(
      { document: win.document, URL: win.URL, MediaSource, performance: win.performance },
      bytes,
    );
  };
  win.setTimeout(() => releaseApp(), EARLY_FIRST_FRAME_PATIENCE_MS);
  // The early element plays at once only where the player would, and without sound (SPEC §2).
  // With sound, the player's own play() asks the browser first (its autoplay policy).
  const params = parseEmbedParams(win.location.search);
  const playEarly = params.muted && params.autoplay;
  const discard = () => {
    releaseApp();
    engine.discarded = true;
    if (handle.engine !== engine) return;
    handle.engine = null;
    post({ cmd: 'delete' });
    worker.terminate();
    engine.video?.remove();
  };
  let source: MediaSourceHandle | null = null;
  let start: number | null = null;
  // The element the player will take (src/player/page-player.ts), given the MediaSource as soon
  // as the worker has made it. Muted until the player applies the viewer's settings; fixed over
  // the frame until the screen adopts it.
  const showEarly = () => {
    if (!source || !engine.url || handle.engine !== engine) return;
    const video = engine.video ?? (engine.video = earlyVideo(win, source, engine, releaseApp));
    if (start !== null) {
      // Muted autoplay is allowed everywhere. Once only: a later start seek (the engine
      // started again before the app took over) must not undo a viewer's pause; and never
      // once the player has the element (its own choices stand).
      const play = () => {
        if (!playEarly || engine.pausedByViewer || handle.engine !== engine) return;
        engine.playedEarly = true;
        // A play the browser refuses (its autoplay policy) never played: the element is paused
        // for no viewer, and the player must try again. A play a pause interrupted (AbortError)
        // did start: that pause is the viewer's.
        video.play().catch((error: unknown) => {
          if ((error as { name?: unknown } | null)?.name === 'NotAllowedError') engine.playedEarly = false;
        });
      };
      seekWithFirstPicture(win, video, start, play);
      // Done here: the player, replaying the backlog, must not seek back to it later.
      engine.backlog = engine.backlog.filter((queued) => (queued.data as { type?: string } | null)?.type !== 'seek');
      win.performance.mark('onair:early-seek');
    }
    start = null;
  };
  worker.onmessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; handle?: MediaSourceHandle; position?: number } | null;
    if (data?.type === 'mediaSourceHandle') source = data.handle ?? null;
    if (data?.type === 'seek') start = data.position ?? null;
    showEarly();
    if (data?.type === 'seek' && start === null) return;
    engine.backlog.push(event);
  };
  worker.onerror = discard;
  post(engine.create);
  // The embed fills its frame: the first rendition is chosen for this size.
  const dpr = win.devicePixelRatio || 1;
  const viewport = { width: Math.round(win.innerWidth * dpr), height: Math.round(win.innerHeight * dpr) };
  post({ cmd: 'setAutoViewportSize', ...viewport });
  // The stream whose start the page holds everything for (the platform's playlists, young
  // enough to start from): its first pieces are asked for at once, without a wait.
  const youngStart =
    early?.multivariant && youngCopies(early.media, Date.now()).length > 0 ? early.multivariant.url : null;
  // A session found (see earlyStart) withdraws the start: the app asks and plays on its own.
  const signedIn = () => {
    if (!cookieUnread) return false;
    cookieUnread = false;
    if (!hasSessionCookie(win)) return false;
    discard();
    if (win.__onairStart === handle) delete win.__onairStart;
    return true;
  };
  void Promise.all([read(paths.info), read(paths.playback)]).then(async ([info, playback]) => {
    const url = liveStreamUrl(info, playback, win.location.href);
    // Read now unless the pieces are asked for at once, below.
    const quick = url !== null && url === youngStart;
    if (!quick && signedIn()) return;
    if (!url) return discard();
    engine.url = url;
    // The engine's own request would wait for the worker; without the text (a failed request,
    // or none in time: a stalled one) the engine asks again itself, with its retries.
    const given = early?.multivariant?.url === url ? early.multivariant.text : null;
    const text = given ?? (await multivariantText(win, fetchFn, url));
    // Adopted meanwhile (the app took over before the text came), the worker still waits for
    // this load: only a discarded engine goes without it.
    if (engine.discarded) return;
    if (text === null) return post({ cmd: 'load', path: url });
    // The media playlists come with the multivariant they belong to, never alone: the
    // platform's, or, where it holds none young enough to start from (a stream from elsewhere
    // nobody watched of late), the start variant's asked for now.
    const held = given !== null && early ? early.media : [];
    // As decided above (a few ms ago): the copies were young then.
    const young = given !== null && quick;
    const copy = young ? null : await startMediaCopy(win, fetchFn, url, text, viewport);
    if (engine.discarded) return;
    const media = copy ? [copy] : held;
    // With them, the start's first pieces are asked for now and handed over as they come.
    const pieces =
      media.length > 0
        ? fetchStartPieces(win, fetchFn, post, { url, multivariant: text, media, viewport }, showPicture)
        : [];
    if (signedIn()) return;
    const extra = {
      multivariant: text,
      ...(media.length > 0 ? { media } : {}),
      ...(pieces.length > 0 ? { pieces } : {}),
    };
    post({ cmd: 'load', path: url, extra });
  });
  // Never adopted (the app failed, or chose another sink): gone with the adoption window.
  win.setTimeout(discard, EARLY_ADOPTION_WINDOW_MS);
}

/**
 * The start's seek, by way of its key frame's picture where that comes first (first-picture.ts):
 * the second seek waits for that picture to be presented (or, without frame callbacks, for the
 * first seek to end; or, where no frame is presented, a hidden page, for the app's patience).
 * `play` comes once the element is at the position and can play on: played during the second
 * seek, the element waits for the decode up to it and says so (`waiting`), which a viewer's
 * monitoring counts as a stall in every start (seen in the packagers bench: one of 5-10 ms in
 * each load).
 */
function seekWithFirstPicture(win: EarlyWindow, video: HTMLVideoElement, position: number, play: () => void): void {
  // Played only once no seek is on and the element can play on from where it is (right after a
  // seek it may hold that frame and no more: readyState 2). The element's state is read, not its
  // events: a `seeked` or `canplay` of the first seek may still be queued when the second begins.
  const playAtPosition = () => {
    const ready = () => !video.seeking && video.readyState >= HAVE_FUTURE_DATA;
    if (ready()) return play();
    const check = () => {
      if (!ready()) return;
      video.removeEventListener('seeked', check);
      video.removeEventListener('canplay', check);
      play();
    };
    video.addEventListener('seeked', check);
    video.addEventListener('canplay', check);
  };
  const picture = firstPictureTime(video.buffered, position);
  if (picture === null) {
    video.currentTime = position;
    return playAtPosition();
  }
  video.currentTime = picture;
  const askedAt = win.performance.now();
  let moved = false;
  const toPosition = () => {
    if (moved) return;
    moved = true;
    const patience = win.performance.now() + START_MEDIA_PATIENCE_MS;
    // To the position moved on as the live edge has, once what plays on from there is in
    // (first-picture.ts secondSeekPosition); the picture stays up meanwhile.
    const seek = () => {
      // Moved elsewhere meanwhile (the viewer, the player): that position stands.
      if (!(video.currentTime >= picture && video.currentTime < position)) return playAtPosition();
      const now = win.performance.now();
      const to = secondSeekPosition(video.buffered, position, (now - askedAt) / 1000, now < patience);
      if (to === null) return void win.setTimeout(seek, 20);
      video.currentTime = to;
      playAtPosition();
    };
    seek();
  };
  if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(toPosition);
  else video.addEventListener('seeked', toPosition, { once: true });
  win.setTimeout(toPosition, EARLY_FIRST_FRAME_PATIENCE_MS);
}

/**
 * The start's first pieces (@onair/player/start-pieces), asked for by the page while the
 * worker is still starting: on a real network that takes a round trip off the first frame. Each
 * is posted to the worker as it arrives, its bytes transferred (`pagePiece`; null for a failure
 * or none in time: the worker then asks itself). Where the page can show the start's first
 * picture itself, `showPicture` gets copies of the two pieces it needs (start-picture.ts).
 * Returns their URLs, for `load` to name.
 */
function fetchStartPieces(
  win: EarlyWindow,
  fetchFn: typeof fetch,
  post: (command: EngineCommand, transfer?: Transferable[]) => void,
  stream: { url: string; multivariant: string; media: EarlyData['media']; viewport: { width: number; height: number } },
  showPicture: (bytes: PictureBytes) => void,
): string[] {
  const source = win.MediaSource;
  if (!source?.isTypeSupported) return [];
  const input = {
    ...stream,
    isTypeSupported: (type: string) => source.isTypeSupported!(type),
    lowLatency: EARLY_CREATE.lowLatency,
    nowMs: Date.now(),
  };
  // Only what the page asks for is named: the worker waits for each one it names.
  const requests = startRequests(input);
  const pieces = requests.pieces.filter((piece) => sameOrigin(piece, stream.url));
  const wanted = requests.picture;
  const copies = new Map<string, Promise<ArrayBuffer | null>>();
  const ask = (piece: string) => {
    let keep: ((bytes: ArrayBuffer | null) => void) | null = null;
    if (wanted && (piece === wanted.init || piece === wanted.first) && !copies.has(piece))
      copies.set(piece, new Promise((resolve) => (keep = resolve)));
    return pieceBytes(win, fetchFn, piece).then((bytes) => {
      // The copy before the transfer, which empties the page's buffer.
      keep?.(bytes ? bytes.slice(0) : null);
      post({ cmd: 'pagePiece', url: piece, bytes }, bytes ? [bytes] : []);
    });
  };
  // A classic stream's first picture's two pieces first, on their own; the rest once those are
  // in. Asked for all at once, the pieces share the link (and, on a busy machine, the CPU that
  // moves them): its start is three whole segments, and the first one came in 30-80 ms later
  // beside the other two on the 2-core machine. An LL-HLS start's parts are small: all at once.
  const parts = stream.media.some((copy) => copy.text.includes('#EXT-X-PART-INF'));
  const cut = wanted && !parts ? pieces.indexOf(wanted.first) + 1 : pieces.length;
  const leading = pieces.slice(0, cut > 0 ? cut : pieces.length).map(ask);
  const rest = pieces.slice(leading.length);
  if (rest.length > 0) void Promise.all(leading).then(() => rest.forEach(ask));
  if (pieces.length > 0) win.performance.mark('onair:early-pieces');
  const first = wanted && copies.get(wanted.first);
  const init = wanted?.init ? copies.get(wanted.init) : null;
  if (wanted && first && init !== undefined) showPicture({ type: wanted.type, init, first });
  return pieces;
}

/**
 * The start variant's media playlist, for a stream whose playlists the page does not hold (one
 * from elsewhere: a channel's own packager): asked for while the worker starts, so the engine
 * plans its start at once and the page asks for its first pieces too. Null where the engine
 * would ask for more than that one playlist first, or the answer is not in within
 * EARLY_MEDIA_PATIENCE_MS (then `load` goes without it, and the engine asks).
 */
async function startMediaCopy(
  win: EarlyWindow,
  fetchFn: typeof fetch,
  url: string,
  multivariant: string,
  viewport: { width: number; height: number },
): Promise<EarlyData['media'][number] | null> {
  const source = win.MediaSource;
  if (!source?.isTypeSupported) return null;
  const isTypeSupported = (type: string) => source.isTypeSupported!(type);
  const variantUrl = startVariantUrl({ url, multivariant, viewport, isTypeSupported });
  if (!variantUrl || !sameOrigin(variantUrl, url)) return null;
  const abort = new AbortController();
  const timer = win.setTimeout(() => abort.abort(), EARLY_MEDIA_PATIENCE_MS);
  try {
    const response = await fetchFn(variantUrl, { credentials: 'same-origin', signal: abort.signal });
    if (!response.ok) return null;
    const text = await response.text();
    return pageMediaCopy(variantUrl, text, response.headers.get('last-modified'), Date.now());
  } catch {
    return null;
  } finally {
    win.clearTimeout(timer);
  }
}

/**
 * The page asks only the origin it already asked for the multivariant playlist. A playlist may
 * name any origin; the page's policy may refuse one (`connect-src`), and the page must not log
 * a refusal at the viewer: the engine's worker asks there itself, under its own policy.
 */
function sameOrigin(target: string, multivariantUrl: string): boolean {
  try {
    return new URL(target).origin === new URL(multivariantUrl).origin;
  } catch {
    return false;
  }
}

/** One piece's bytes, as the engine would ask (SPEC §7 credentials: same-origin by default); null for any failure. */
async function pieceBytes(win: EarlyWindow, fetchFn: typeof fetch, url: string): Promise<ArrayBuffer | null> {
  const abort = new AbortController();
  const timer = win.setTimeout(() => abort.abort(), EARLY_PLAYLIST_PATIENCE_MS);
  try {
    const response = await fetchFn(url, { credentials: 'same-origin', signal: abort.signal });
    return response.ok ? await response.arrayBuffer() : null;
  } catch {
    return null;
  } finally {
    win.clearTimeout(timer);
  }
}

async function multivariantText(win: EarlyWindow, fetchFn: typeof fetch, url: string): Promise<string | null> {
  const abort = new AbortController();
  const timer = win.setTimeout(() => abort.abort(), EARLY_PLAYLIST_PATIENCE_MS);
  try {
    const response = await fetchFn(url, { credentials: 'same-origin', signal: abort.signal });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  } finally {
    win.clearTimeout(timer);
  }
}

function earlyVideo(win: EarlyWindow, source: MediaSourceHandle, engine: EarlyEngine, releaseApp: () => void) {
  const video = win.document.createElement('video');
  video.className = 'player__video';
  video.playsInline = true;
  video.muted = true;
  video.dataset.testid = 'video';
  video.style.position = 'fixed';
  video.style.inset = '0';
  // A MediaSourceHandle is a valid srcObject where MediaSource lives in a worker; the DOM types
  // have not caught up.
  video.srcObject = source as unknown as MediaProvider;
  if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(() => releaseApp());
  else video.addEventListener('loadeddata', () => releaseApp());
  video.addEventListener('error', () => releaseApp());
  // Paused before the app takes over (a media key, the browser's picture-in-picture window):
  // that is the viewer's pause, and the app keeps it (page-player.ts). Not the pause Chromium
  // makes with a decode error: the player's reload answers that, and plays again.
  video.addEventListener('pause', () => {
    if (!video.error) engine.pausedByViewer = true;
  });
  (win.document.body ?? win.document.documentElement).appendChild(video);
  win.performance.mark('onair:early-video');
  return video;
}
