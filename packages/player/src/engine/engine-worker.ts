/**
 * The engine's worker entry (a dedicated worker: `self`, never `window`). It runs the
 * LiveEngine: every fetch and parse happens off the page's main thread, so a busy page cannot
 * stall loading. On `mse-worker` (the default) it makes the MediaSource here too and hands its
 * handle to the page for the element's `srcObject`, so appends are off the main thread as
 * well; on `default-media-source` (setSinkType before load) the page keeps the MediaSource
 * and carries out each operation the engine posts (client-target.ts).
 */
import { earlyPlaylists } from './early-playlists.ts';
import { LiveEngine } from './live-engine.ts';
import { ClientTarget } from './client-target.ts';
import { MseTarget } from './mse-target.ts';
import { PagePieces } from './page-pieces.ts';
import { decodeCommand, type EngineCommand, type EngineEvent } from './protocol.ts';
import type { SubtitleLoopFactory } from './subtitle-loader.ts';
import { identityCommand } from './identity-commands.ts';
import { NO_IDENTITY, type RequestIdentity } from '../rules/request-identity.ts';
import type { createTsRemuxer } from './ts/ts-remuxer.ts';
import { createStreamRemuxer } from './ts/stream-remuxer.ts';

interface WorkerScope {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
  importScripts(...urls: string[]): void;
  /** What the MPEG-TS remuxer's script defines (ts/ts-remuxer-script.ts). */
  onairTsRemuxer?: typeof createTsRemuxer;
  /** What the subtitle loop's script defines (subtitle-script.ts). */
  onairSubtitleLoop?: SubtitleLoopFactory;
}
const scope = self as unknown as WorkerScope;

type HandleSource = MediaSource & { handle?: Transferable };

let current: LiveEngine | null = null;
let target: MseTarget | ClientTarget | null = null;
let settings: Extract<EngineCommand, { cmd: 'create' }> | null = null;
/** Where the media goes: a MediaSource made here (mse-worker) or the page's (default-media-source). */
let sinkType: WorkerSinkType = 'mse-worker';
/** Settings that may come before the engine exists (the page sends its size with create). */
let viewport: { width: number; height: number } | null = null;
/** Who is watching (setAuthToken … setRequestCredentials): kept across engines, sent before or after create. */
let identity: RequestIdentity = NO_IDENTITY;
/** The start's pieces the page fetches for the engine (page-pieces.ts). */
const pagePieces = new PagePieces();
const engineFetch = pagePieces.fetch((input, init) => fetch(input, init));

/**
 * mux.js's MPEG-TS transmuxer as a script of its own (setTsRemuxer), loaded only for a stream
 * whose video carries CEA-608/708 captions (ts/stream-remuxer.ts): our own remuxer, part of this
 * worker, plays every other MPEG-TS stream.
 */
let tsRemuxerUrl: string | null = null;

/**
 * A stream's MPEG-TS remuxer: our own, with mux.js's from its own classic script (20 KiB gzip)
 * for captions. Same origin as this worker, so the worker's CSP allows it.
 */
async function loadTsRemuxer() {
  return createStreamRemuxer(() => {
    if (!tsRemuxerUrl) throw new Error('no MPEG-TS caption reader was given');
    scope.importScripts(tsRemuxerUrl);
    if (!scope.onairTsRemuxer) throw new Error('the MPEG-TS remuxer script defined nothing');
    return scope.onairTsRemuxer();
  });
}

/** The subtitle loop's script (setSubtitleScript): loaded only once a subtitle rendition is shown. */
let subtitleScriptUrl: string | null = null;

/** The subtitle loop and WebVTT parser, from their own classic script, as the remuxer. */
async function loadSubtitles() {
  if (!subtitleScriptUrl) throw new Error('no subtitle script was given');
  scope.importScripts(subtitleScriptUrl);
  if (!scope.onairSubtitleLoop) throw new Error('the subtitle script defined nothing');
  return scope.onairSubtitleLoop;
}

/** A script URL of this worker's origin, or null: a URL the page was handed cannot make the worker run another's. */
function ownScript(url: unknown): string | null {
  try {
    return typeof url === 'string' && new URL(url, self.location.href).origin === self.location.origin ? url : null;
  } catch {
    return null;
  }
}

type WorkerSinkType = 'mse-worker' | 'default-media-source';
const emit = (event: EngineEvent) => scope.postMessage(event);

/**
 * What a worker engine does not do: the page's player owns the element and these choices
 * (docs/player.md "Every command, and where it is handled" says where each is done). Each is
 * answered, never ignored; the reasons are short, as this script is loaded before the first frame.
 */
const PAGE = "the page's player does it";
const NOT_HERE: Partial<Record<EngineCommand['cmd'], string>> = {
  play: PAGE,
  playIntent: PAGE,
  pause: PAGE,
  setVolume: PAGE,
  setMuted: PAGE,
  setPlaybackRate: PAGE,
  setLooping: PAGE,
  setLiveMaxLatency: PAGE,
  setVisible: PAGE,
  setExperiment: PAGE,
  setAutoQualityMode: 'send setQuality',
  setAutoMaxQuality: 'send setAutoViewportSize',
  startRemotePlayback: PAGE,
  endRemotePlayback: PAGE,
  onOffline: PAGE,
  onClientSinkPlaying: 'not needed',
  onClientSinkDuration: 'not needed',
  onClientSinkPassthroughProperty: 'no native player here',
};

/** The target for this sink type: a MediaSource here with its handle to the page, or the page's. */
function makeTarget(): MseTarget | ClientTarget | null {
  if (sinkType === 'default-media-source') return new ClientTarget((operation) => emit(operation));
  const source = new MediaSource() as HandleSource;
  if (!source.handle) {
    emit({ type: 'mediaError', code: 4, message: 'MediaSource in a worker has no handle' });
    return null;
  }
  scope.postMessage({ type: 'mediaSourceHandle', handle: source.handle } satisfies EngineEvent, [source.handle]);
  return new MseTarget(source);
}

/** The engine and its target, for the sink type the page chose. */
function build(create: Extract<EngineCommand, { cmd: 'create' }>): LiveEngine | null {
  target = makeTarget();
  if (!target) return null;
  const engine = new LiveEngine(
    {
      fetch: engineFetch,
      monotonic: () => performance.now(),
      now: () => Date.now(),
      timers: {
        setTimeout: (callback, ms) => setTimeout(callback, ms),
        clearTimeout: (handle) => clearTimeout(handle as number),
      },
      target,
      emit,
      isTypeSupported: (mime) => MediaSource.isTypeSupported(mime),
      loadTsRemuxer,
      loadSubtitles,
    },
    {
      lowLatency: create.lowLatency,
      bandwidthEstimate: create.bandwidthEstimate,
      transcodesOnly: create.transcodesOnly,
      audioOnly: create.audioOnly === true,
    },
  );
  if (viewport) engine.setViewport(viewport.width, viewport.height);
  engine.setIdentity(identity);
  current = engine;
  return engine;
}

function discard(): void {
  current?.destroy();
  target?.destroy();
  current = target = null;
}

/** Commands that shape the engine before it exists. */
function configure(command: EngineCommand): boolean {
  const who = identityCommand(identity, command);
  if (who) {
    if ('problem' in who) emit({ type: 'commandError', cmd: command.cmd, reason: who.problem });
    else {
      identity = who.identity;
      current?.setIdentity(identity);
    }
    return true;
  }
  switch (command.cmd) {
    case 'create':
      discard();
      pagePieces.clear();
      settings = command;
      sinkType = 'mse-worker';
      return true;
    case 'setSinkType':
      if (command.sinkType !== 'mse-worker' && command.sinkType !== 'default-media-source')
        emit({ type: 'commandError', cmd: command.cmd, reason: `this engine has no ${command.sinkType} sink` });
      else if (current)
        emit({ type: 'commandError', cmd: command.cmd, reason: 'the sink is chosen before the engine starts' });
      else sinkType = command.sinkType;
      return true;
    case 'setTsRemuxer':
      tsRemuxerUrl = ownScript(command.url) ?? tsRemuxerUrl;
      if (!ownScript(command.url))
        emit({ type: 'commandError', cmd: command.cmd, reason: 'the remuxer must be a script of this origin' });
      return true;
    case 'setSubtitleScript':
      subtitleScriptUrl = ownScript(command.url) ?? subtitleScriptUrl;
      if (!ownScript(command.url))
        emit({ type: 'commandError', cmd: command.cmd, reason: 'the subtitle script must be of this origin' });
      return true;
    case 'pagePiece':
      pagePieces.arrived(command.url, command.bytes);
      return true;
    case 'setAutoViewportSize':
      viewport = { width: command.width, height: command.height };
      current?.setViewport(command.width, command.height);
      return true;
    case 'delete':
      discard();
      scope.close();
      return true;
    default:
      return false;
  }
}

function handle(command: EngineCommand): void {
  const reason = NOT_HERE[command.cmd];
  if (reason) return emit({ type: 'commandError', cmd: command.cmd, reason });
  if (configure(command)) return;
  if (!settings) return emit({ type: 'commandError', cmd: command.cmd, reason: 'no engine: send create first' });
  // Made with the first command for it: by then the page has said which sink it is.
  const engine = current ?? build(settings);
  if (!engine) return emit({ type: 'commandError', cmd: command.cmd, reason: 'the engine could not start' });
  switch (command.cmd) {
    case 'load': {
      const multivariant = command.extra?.multivariant;
      const media = earlyPlaylists(command.extra?.media);
      if (Array.isArray(command.extra?.pieces)) pagePieces.expect(command.extra.pieces);
      return engine.load(command.path, typeof multivariant === 'string' ? multivariant : undefined, media);
    }
    case 'seekTo':
      if (command.position === 'live') engine.seekToLive();
      else engine.seekTo(command.position);
      return;
    case 'setQuality':
      return engine.setQuality(command.quality);
    case 'removeQuality':
      return engine.removeQuality(command.quality);
    case 'setAudioTrack':
      return engine.setAudioTrack(command.id);
    case 'setTextTrack':
      return engine.setTextTrack(command.id);
    case 'onClientSinkUpdate':
      engine.setPosition(command.currentTime, command.paused ? 0 : command.rate);
      if (target instanceof ClientTarget) target.answer(command);
      return;
    case 'onClientSinkError':
    case 'onClientSinkRecoverableError':
      if (target instanceof ClientTarget) target.answer(command);
      return;
    case 'onClientSinkReset':
      if (!(target instanceof ClientTarget))
        return emit({ type: 'commandError', cmd: command.cmd, reason: 'the MediaSource is the worker’s' });
      target.reset(command.epoch);
      return engine.resetTarget();
    case 'onClientSinkIdle':
      return engine.onIdle();
    case 'onOnline':
      return engine.onOnline();
    case 'onClientSinkEnded':
      return engine.onEnded();
    case 'onClientSinkGapJump':
      engine.setPosition(command.to);
      return engine.onIdle();
    case 'updatePlayerConfiguration':
      if (command.lowLatency !== undefined) engine.setLowLatency(command.lowLatency);
      return;
    default:
      // Element state (play, pause, volume, rate, visibility, playing, duration) and identity
      // the page's player keeps: nothing for the engine to change (docs/player.md, "Own engine").
      return;
  }
}

scope.addEventListener('message', (event) => {
  const command = decodeCommand(event.data);
  if ('invalid' in command) {
    emit({ type: 'commandError', cmd: String((event.data as { cmd?: unknown })?.cmd), reason: command.invalid });
    return;
  }
  handle(command);
});
