import { lowLatencyTarget } from '../../rules/catch-up.ts';
import { ErrorCode, ErrorType } from '../../types/errors.ts';
import type { SinkEnvironment } from '../../types/environment.ts';
import type * as Id3Cues from '../../metadata/id3-cues.ts';
import { MediaBitrateMeter } from '../../rules/media-bitrate.ts';
import type { Quality } from '../../types/quality.ts';
import { serverTimeUrl } from '../../rules/server-clock.ts';
import { afterStall, NO_STALL_BACKOFF, stallExtra } from '../../rules/stall-backoff.ts';
import {
  decodeEvent,
  type ClientSinkEvent,
  type EngineCommand,
  type EngineEvent,
  type EngineTimeline,
} from '../../engine/protocol.ts';
import { gapJump } from './gap-jump.ts';
import { identityCommands } from '../../engine/identity-commands.ts';
import { NO_IDENTITY, type RequestIdentity } from '../../rules/request-identity.ts';
import type { PageMediaSource } from './page-media-source.ts';
import type { Sink, SinkHost } from '../sink.ts';

export { gapJump, MAX_GAP_S } from './gap-jump.ts';

/** How often the page tells the engine where the element is (forward buffer, ABR, eviction). */
export const POSITION_INTERVAL_MS = 250;
/** How long a jump to the live edge may take before another one is asked for. */
export const JUMP_PATIENCE_MS = 3000;

/** What the sink needs of a worker: the page's Worker, or a stand-in in unit tests. */
export interface EngineWorker {
  postMessage(message: EngineCommand): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** The engine's `create` command, as the sink would send it for this load. */
export type CreateCommand = Extract<EngineCommand, { cmd: 'create' }>;

/**
 * An engine worker a page started before its player existed (the embed's index.html starts one
 * the moment it knows the playback URL), with the messages it posted meanwhile, in order.
 */
export interface StartedEngine {
  worker: EngineWorker;
  backlog: readonly MessageEvent[];
}

/**
 * Hands the sink an engine already loading `url` with `create`'s settings, once; null when
 * there is none (or it was started otherwise: the page then discards it).
 */
export type AdoptEngine = (url: string, create: CreateCommand) => StartedEngine | null;

/** The two sinks on our worker engine: where their MediaSource lives. */
export type WorkerEngineSinkType = 'mse-worker' | 'default-media-source';

/**
 * Makes the page's MediaSource for `default-media-source` (page-media-source.ts). Passed in, not
 * imported, so that its code (and a page copy of the SourceBuffer queue) loads only with that
 * sink (default-media-source-sink.ts), never with the mse-worker sink most browsers run.
 */
export type PageSourceMaker = (
  video: HTMLVideoElement,
  answer: (event: ClientSinkEvent) => void,
) => Pick<PageMediaSource, 'attach' | 'run' | 'position' | 'destroy'>;

/**
 * The sinks on our LL-HLS engine (engine/live-engine.ts) in a dedicated worker:
 * - `mse-worker`: the MediaSource is made there too, only its handle is on the element
 *   (`srcObject`); nothing of loading or appending runs on the page.
 * - `default-media-source`: the MediaSource is the page's (page-media-source.ts) and the
 *   engine posts it each operation; for browsers with no MediaSource in a worker.
 * The page side is thin: it forwards commands (SPEC §7 names), keeps the element's position
 * and state flowing to the engine (onClientSink*), and answers the readings (latency,
 * program-date-time) from the engine's last timeline and the element's clock. Each load or
 * reload is a new worker: nothing of an old source can reach the new one.
 */
export function createMseWorkerSink(
  host: SinkHost,
  env: SinkEnvironment,
  createWorker: () => EngineWorker,
  adopt: AdoptEngine = () => null,
  makePageSource?: PageSourceMaker,
): Sink {
  const type: WorkerEngineSinkType = makePageSource ? 'default-media-source' : 'mse-worker';
  let url = '';
  let lowLatency = host.lowLatency;
  let liveMaxLatency = Number.POSITIVE_INFINITY;
  let manual: Quality | null = null;
  /** The text track the page shows (setTextTrack), sent again to each new worker. */
  let textTrack: string | null = null;
  /** The stream is DRM-protected (the engine's `protection`): its tracks say so. */
  let protectedStream = false;
  /** Who is watching, as the current worker was told. */
  let identity: RequestIdentity = NO_IDENTITY;
  let worker: EngineWorker | null = null;
  let timeline: EngineTimeline | null = null;
  let timelineAt = 0;
  let bandwidth = 0;
  let meter = new MediaBitrateMeter();
  let backoff = NO_STALL_BACKOFF;
  let positionTimer: unknown = null;
  let id3Cues: Promise<typeof Id3Cues> | null = null;
  let viewport = { width: -1, height: -1 };
  let jumpAskedAt = Number.NEGATIVE_INFINITY;
  const video = host.video;
  const pageSource = makePageSource?.(video, (event) => post(event)) ?? null;

  const post = (command: EngineCommand) => worker?.postMessage(command);

  function onWaiting(): void {
    if (!video.paused && video.readyState >= 1) backoff = afterStall(backoff, env.monotonic());
    post({ cmd: 'onClientSinkIdle' });
  }
  const onEnded = () => post({ cmd: 'onClientSinkEnded' });
  // SPEC §7 onOnline: a retry waiting out its back-off goes at once (live-engine.ts).
  const onOnline = () => post({ cmd: 'onOnline' });
  const isBuffered = (position: number) => {
    const buffered = video.buffered;
    for (let i = 0; i < buffered.length; i++) {
      if (buffered.start(i) <= position && position < buffered.end(i)) return true;
    }
    return false;
  };
  // A VOD or an EVENT, seeked where nothing is buffered by whoever moved the element (a seek bar,
  // native controls, a replay from the end): the engine loads from there. A live window's seeks
  // are the engine's own (start, catch-up, gap jumps) or come through seekTo.
  const onSeeking = () => {
    if (timeline && !timeline.live && !isBuffered(video.currentTime)) {
      post({ cmd: 'seekTo', position: video.currentTime });
    }
  };
  const ELEMENT_REPORTS: [string, () => void][] = [
    ['waiting', onWaiting],
    ['ended', onEnded],
    ['seeking', onSeeking],
  ];
  const NETWORK_REPORTS: [string, () => void][] = [['online', onOnline]];

  function onEvent(source: EngineWorker, event: EngineEvent): void {
    if (source !== worker) return;
    switch (event.type) {
      case 'mediaSourceHandle':
        // An element the page gave this handle already (the embed's early script) keeps it:
        // setting it again would reload the element and detach the MediaSource.
        if (!pageSource && video.srcObject !== event.handle) video.srcObject = event.handle as MediaProvider;
        return;
      case 'sinkConfigure':
      case 'sinkAppend':
      case 'sinkRemove':
      case 'sinkTimestampOffset':
      case 'sinkEndOfStream':
      case 'sinkSeekable':
        pageSource?.run(event);
        return;
      case 'sourceInfo': {
        host.onSourceInfo({ sessionData: event.sessionData, startOffset: event.startOffset });
        const clock = serverTimeUrl(
          Object.fromEntries(Object.entries(event.sessionData).map(([id, value]) => [id, { URI: value }])),
          url,
        );
        if (clock) host.onServerClock(clock);
        for (const quality of host.onQualities(event.qualities)) post({ cmd: 'removeQuality', quality });
        return;
      }
      case 'audioTracks':
        host.onAudioTracks?.(event.tracks, event.selected);
        return;
      case 'textTracks':
        host.onTextTracks?.(event.tracks, event.selected);
        return;
      case 'qualityChanged':
        host.onQualityChanged(event.quality);
        return;
      case 'tracks':
        host.onTracks([
          {
            trackID: 'audiovideo',
            codec: event.codec,
            mode: 'mse',
            isProtected: protectedStream,
            path: event.path,
            group: event.group,
            srcObj: null,
          },
        ]);
        return;
      case 'timeline':
        timeline = event.timeline;
        timelineAt = env.monotonic();
        return;
      case 'seek':
        jumpAskedAt = Number.NEGATIVE_INFINITY;
        // Already there (a page that started the engine early seeked for it): no second seek.
        if (video.currentTime !== event.position) video.currentTime = event.position;
        return;
      case 'starving':
        host.onStarving?.(event.starving);
        return;
      case 'progress':
        meter.add(event.bytes, event.duration);
        bandwidth = event.bandwidthEstimate;
        host.onProgress();
        return;
      case 'metadata':
        // The ID3 parser loads with the first tag (id3-cues.ts), in order, as on the mse sink.
        id3Cues ??= import('../../metadata/id3-cues.ts');
        void id3Cues.then(({ cuesFromSamples }) => {
          const cues = cuesFromSamples(event.samples);
          if (cues.length > 0 && source === worker) host.onTimedCues(cues);
        });
        return;
      case 'captions':
        host.onTimedCues(event.cues.map((cue) => ({ type: 'TextCue', ...cue, track: event.track })));
        return;
      case 'warning':
        env.logger.warn(`${type}: ${event.message}`);
        return;
      case 'discontinuity':
        host.onDiscontinuity();
        return;
      case 'protection':
        protectedStream = true;
        host.onProtection?.(event.systems, event.initData);
        return;
      case 'declined':
        host.onDeclined(event.reason);
        return;
      case 'error':
        host.onError(event.error);
        return;
      case 'mediaError':
        host.onMediaError(event.code, event.message);
        return;
      case 'commandError':
        env.logger.warn(`mse-worker: ${event.cmd} refused: ${event.reason}`);
    }
  }

  function tick(): void {
    post(
      pageSource?.position() ?? {
        cmd: 'onClientSinkUpdate',
        currentTime: video.currentTime,
        paused: video.paused,
        rate: video.playbackRate,
      },
    );
    const jump = gapJump(video);
    if (jump !== null) {
      post({ cmd: 'onClientSinkGapJump', from: video.currentTime, to: jump });
      video.currentTime = jump;
    }
    sendViewport();
    // liveMaxLatency holds while playing (a paused viewer is not dragged forward), and one jump
    // at a time: until the engine says where to seek, asking again would restart it again.
    const distance = sink.liveEdgeDistance();
    const jumping = env.monotonic() - jumpAskedAt < JUMP_PATIENCE_MS;
    if (distance && distance.seconds > liveMaxLatency && !video.paused && !jumping) sink.seekToLiveEdge();
  }

  /**
   * The element's size in device pixels caps automatic quality. A page may start the player
   * before the element is laid out (the embed does, to start sooner), so it is sent again
   * whenever it changes.
   */
  function sendViewport(): void {
    const dpr = globalThis.devicePixelRatio ?? 1;
    const width = Math.round(video.clientWidth * dpr);
    const height = Math.round(video.clientHeight * dpr);
    if (width === viewport.width && height === viewport.height) return;
    viewport = { width, height };
    post({ cmd: 'setAutoViewportSize', width, height });
  }

  function stop(): void {
    env.timers.clearInterval(positionTimer);
    positionTimer = null;
    worker?.postMessage({ cmd: 'delete' });
    worker?.terminate();
    worker = null;
    timeline = null;
  }

  function listen(created: EngineWorker): void {
    created.addEventListener('message', (message) => {
      const event = decodeEvent(message.data);
      if (event) onEvent(created, event);
    });
    created.addEventListener('error', () => {
      if (worker !== created) return;
      host.onError({
        type: ErrorType.Error,
        code: ErrorCode.EngineInternal,
        source: 'sink',
        message: 'The engine worker failed',
        fatal: true,
      });
    });
  }

  /**
   * SPEC §7 setAuthToken … setRequestCredentials, each that differs from what the worker has
   * (a new worker has nothing): before `load`, so the first request carries them.
   */
  function sendIdentity(next: RequestIdentity, sent: RequestIdentity): void {
    for (const command of identityCommands(next, sent)) post(command);
    identity = next;
  }

  function start(adoptable: boolean): void {
    stop();
    meter = new MediaBitrateMeter();
    const create: CreateCommand = {
      cmd: 'create',
      lowLatency,
      bandwidthEstimate: bandwidth || null,
      transcodesOnly: host.adjustments.abrTranscodesOnly,
      // Only when on: the embed's early engine is made without it, and adopted when it matches.
      ...(host.audioOnly === true ? { audioOnly: true } : {}),
    };
    // A reload is always a new worker: nothing of the old source may reach the new one. The
    // page's early engine is an mse-worker one: the other sink never adopts it.
    const started = adoptable && !pageSource ? adopt(url, create) : null;
    if (started) {
      worker = started.worker;
      listen(started.worker);
      // What it said before the sink listened (the MediaSource handle first), in order.
      for (const message of started.backlog) {
        const event = decodeEvent(message.data);
        if (event) onEvent(started.worker, event);
      }
      // The element may have failed before the player listened (media it refused while the
      // app was loading): its error event is gone, and the error is this load's.
      if (video.error) host.onMediaError(video.error.code, video.error.message);
    } else {
      let created: EngineWorker;
      try {
        created = createWorker();
      } catch (error) {
        host.onError({
          type: ErrorType.NotSupported,
          code: ErrorCode.SinkUnavailable,
          source: 'sink',
          message: `The engine worker could not start: ${(error as Error).message}`,
          fatal: true,
        });
        return;
      }
      worker = created;
      listen(created);
      post(create);
      if (pageSource) {
        post({ cmd: 'setSinkType', sinkType: type });
        pageSource.attach();
      }
    }
    sendIdentity(host.identity, NO_IDENTITY);
    viewport = { width: -1, height: -1 };
    sendViewport();
    if (manual) post({ cmd: 'setQuality', quality: { name: manual.name, bitrate: manual.bitrate } });
    if (!started) post({ cmd: 'load', path: url });
    if (textTrack !== null) post({ cmd: 'setTextTrack', id: textTrack });
    positionTimer = env.timers.setInterval(tick, POSITION_INTERVAL_MS);
  }

  for (const [name, listener] of ELEMENT_REPORTS) video.addEventListener(name, listener);
  for (const [name, listener] of NETWORK_REPORTS) globalThis.addEventListener?.(name, listener);

  const sink: Sink = {
    type,
    load(source) {
      // The worker resolves nothing against the page: it gets an absolute URL.
      url = new URL(source, globalThis.location?.href).href;
      start(true);
    },
    reload() {
      if (!url) return;
      // A new worker on both sinks: a reload is a new source to the player (multivariant,
      // qualities, start), and the safest answer to a decode error is an engine that has seen
      // none of the old bytes.
      stop();
      if (pageSource) {
        pageSource.destroy();
        video.removeAttribute('src');
      } else video.srcObject = null;
      video.load();
      start(false);
    },
    setAudioTrack(id) {
      post({ cmd: 'setAudioTrack', id });
    },
    setTextTrack(id) {
      textTrack = id;
      post({ cmd: 'setTextTrack', id });
    },
    setQuality(quality) {
      manual = quality;
      post({ cmd: 'setQuality', quality: quality && { name: quality.name, bitrate: quality.bitrate } });
    },
    setIdentity(next) {
      sendIdentity(next, identity);
    },
    setLowLatency(enabled) {
      if (enabled === lowLatency) return;
      lowLatency = enabled;
      if (worker && url) sink.reload();
    },
    setLiveMaxLatency(seconds) {
      liveMaxLatency = seconds;
    },
    seekTo(position) {
      video.currentTime = position;
      // A stream that ends hears of every seek from the element (onSeeking).
      if (timeline && !timeline.live) return;
      // Nothing there yet: the engine loads from the segment that holds it.
      if (!isBuffered(position)) post({ cmd: 'seekTo', position });
    },
    seekToLiveEdge() {
      const distance = sink.liveEdgeDistance();
      if (!distance) return;
      const target = sink.lowLatencyTarget() ?? 3 * distance.targetDuration;
      const position = video.currentTime + distance.seconds - target;
      const buffered = video.buffered;
      for (let i = 0; i < buffered.length; i++) {
        if (buffered.start(i) <= position && position < buffered.end(i)) {
          video.currentTime = position;
          return;
        }
      }
      // Not buffered: the engine starts again at the edge and says where to seek.
      jumpAskedAt = env.monotonic();
      post({ cmd: 'seekTo', position: 'live' });
    },
    bandwidthEstimate: () => bandwidth,
    mediaBitrate: () => meter.bitrate(),
    playingDateMs() {
      if (timeline?.dateOffset === null || timeline?.dateOffset === undefined) return null;
      return (video.currentTime + timeline.dateOffset) * 1000;
    },
    lowLatencyTarget() {
      if (!lowLatency || !timeline?.live) return null;
      const target = lowLatencyTarget(timeline.partHoldBack, timeline.partTarget);
      return target === null ? null : target + stallExtra(backoff, env.monotonic());
    },
    liveEdgeDistance() {
      if (!timeline?.live) return null;
      const edge = timeline.edgeTime + (env.monotonic() - timelineAt) / 1000;
      return { seconds: edge - video.currentTime, targetDuration: timeline.targetDuration };
    },
    isLive: () => timeline?.live ?? false,
    destroy() {
      stop();
      for (const [name, listener] of ELEMENT_REPORTS) video.removeEventListener(name, listener);
      for (const [name, listener] of NETWORK_REPORTS) globalThis.removeEventListener?.(name, listener);
      if (pageSource) {
        pageSource.destroy();
        video.removeAttribute('src');
        video.load();
      } else if (video.srcObject) {
        video.srcObject = null;
        video.load();
      }
    },
  };
  return sink;
}
