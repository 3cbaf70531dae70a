import Hls, {
  ErrorDetails,
  ErrorTypes,
  Events,
  type ErrorData,
  type HlsConfig,
  type LevelParsed,
} from './hls-light.ts';
import { NETWORK_RETRY } from '../constants.ts';
import { ErrorType, errorTypeForHttpStatus, MediaErrorCode, networkRetryDelay } from '../errors.ts';
import { parseId3 } from '../id3.ts';
import { lowLatencyTarget } from '../catch-up.ts';
import { afterStall, NO_STALL_BACKOFF, stallExtra } from '../stall-backoff.ts';
import { qualityName, type Quality } from '../quality.ts';
import { serverTimeUrl } from '../server-clock.ts';
import { chooseStartLevel } from '../start-level.ts';
import { cuesFromId3 } from '../timed-metadata.ts';
import { partTimingFromPlaylist, peekingPlaylistLoader } from './playlist-peek.ts';
import type { Sink, SinkHost } from './sink.ts';

/**
 * Segment requests of a live stream: a few seconds of buffer is all there is, so a failed or
 * stalled download is retried quickly (250 ms → 1 s) instead of hls.js's VOD-minded 1 s → 8 s
 * and 120 s load time-out, which would drain the buffer before the second try.
 */
const LIVE_FRAGMENT_POLICY = {
  default: {
    maxTimeToFirstByteMs: 4000,
    maxLoadTimeMs: 8000,
    timeoutRetry: { maxNumRetry: 4, retryDelayMs: 0, maxRetryDelayMs: 0 },
    errorRetry: { maxNumRetry: 6, retryDelayMs: 250, maxRetryDelayMs: 1000 },
  },
};

function hlsConfig(lowLatency: boolean, bandwidthEstimate: number | null): Partial<HlsConfig> {
  return {
    enableWorker: true,
    lowLatencyMode: lowLatency,
    backBufferLength: 30,
    // The player's catch-up controller (catch-up.ts) owns the rate: hls.js's would toggle it
    // several times a second. Outside low-latency mode hls.js never changes it either.
    maxLiveSyncPlaybackRate: 1,
    fragLoadPolicy: LIVE_FRAGMENT_POLICY,
    // Loading starts once the start level is chosen (start-level.ts), right after the
    // multivariant playlist: no bandwidth-test fragment of the lowest level first.
    autoStartLoad: false,
    testBandwidth: false,
    // hls.js weights a bandwidth sample by its download time, and a 200 ms part downloads in
    // tens of milliseconds on a fast network: with the default half-lives (3 s / 9 s of
    // download time) a sub-second live buffer stalled before a drop was noticed, and the
    // recovered throughput took over 20 s to be trusted (docs/player.md, "Adaptation").
    abrEwmaFastLive: 0.25,
    abrEwmaSlowLive: 0.5,
    // Our back-off after a stall (stall-backoff.ts) replaces hls.js's +1 s per stall, which
    // never decays.
    liveSyncOnStallIncrease: 0,
    ...(bandwidthEstimate ? { abrEwmaDefaultEstimate: bandwidthEstimate } : {}),
  };
}

/** A variant as hls.js parsed it (advertised) or kept it (a Level): both carry the attributes. */
export function levelToQuality(
  level: Pick<LevelParsed, 'attrs' | 'bitrate' | 'width' | 'height' | 'videoCodec' | 'audioCodec'>,
): Quality {
  const codecs = level.attrs.CODECS ?? [level.videoCodec, level.audioCodec].filter(Boolean).join(',');
  const [width, height] = (level.attrs.RESOLUTION ?? '').split('x').map(Number);
  const framerate = Number(level.attrs['FRAME-RATE'] ?? 0);
  const h = level.height ?? height ?? 0;
  const name = qualityName(h, framerate, level.bitrate);
  return { name, group: name, codecs, bitrate: level.bitrate, width: level.width ?? width ?? 0, height: h, framerate };
}

const MANIFEST_DETAILS: ReadonlySet<string> = new Set([
  ErrorDetails.MANIFEST_LOAD_ERROR,
  ErrorDetails.MANIFEST_LOAD_TIMEOUT,
  ErrorDetails.MANIFEST_PARSING_ERROR,
]);

/** hls.js over MediaSource on the main thread: the default sink wherever MediaSource exists. */
export function createMseSink(host: SinkHost): Sink {
  let url = '';
  let lowLatency = host.lowLatency;
  let liveMaxLatency = Number.POSITIVE_INFINITY;
  let hls: Hls | null = null;
  /** The viewer's manual quality, kept across reloads; null in auto mode. */
  let manual: Quality | null = null;
  let networkAttempts = 0;
  /** The last instance's measured bandwidth (bit/s): the next instance starts from it. */
  let measuredBandwidth: number | null = null;

  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let backoff = NO_STALL_BACKOFF;

  function onError(instance: Hls, data: ErrorData): void {
    if (data.details === ErrorDetails.BUFFER_STALLED_ERROR) backoff = afterStall(backoff, performance.now());
    if (data.details === ErrorDetails.MEDIA_SOURCE_REQUIRES_RESET) {
      // The browser ended the MediaSource (a decode error, media error code 3). hls.js would
      // reset it and switch level on its own; the spec's policy (reload once, report on
      // recurrence) is the player's, so hand it over — after hls.js's own dispatch, because
      // the policy may destroy this instance.
      setTimeout(() => {
        if (hls === instance) host.onMediaError(MediaErrorCode.Decode, `${data.details}: ${data.error?.message ?? ''}`);
      }, 0);
      return;
    }
    if (!data.fatal) {
      // hls.js recovers these itself (retries, level switches); they are reported so that a
      // page can log them, never acted upon.
      host.onError({
        type:
          data.type === ErrorTypes.NETWORK_ERROR ? errorTypeForHttpStatus(data.response?.code ?? 0) : ErrorType.Error,
        code: data.response?.code ?? 0,
        source: data.details,
        message: `${data.details}${data.error ? `: ${data.error.message}` : ''}`,
        fatal: false,
      });
      return;
    }
    if (data.type === ErrorTypes.NETWORK_ERROR) {
      const status = data.response?.code ?? 0;
      // A 4xx is an answer, not a hiccup: the stream is not there (offline) or not allowed.
      const permanent = status >= 400 && status < 500;
      const delay = permanent ? null : networkRetryDelay(networkAttempts, NETWORK_RETRY);
      if (delay !== null) {
        networkAttempts += 1;
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          if (hls !== instance) return;
          if (MANIFEST_DETAILS.has(data.details)) instance.loadSource(url);
          else instance.startLoad();
        }, delay);
        return;
      }
      host.onError({
        type: errorTypeForHttpStatus(status),
        code: status,
        source: data.details,
        message: `${data.details}${status ? ` (HTTP ${status})` : ''}`,
        fatal: true,
      });
      return;
    }
    if (data.type === ErrorTypes.MEDIA_ERROR) {
      host.onMediaError(MediaErrorCode.Decode, `${data.details}${data.error ? `: ${data.error.message}` : ''}`);
      return;
    }
    host.onError({
      type: ErrorType.Error,
      code: 0,
      source: data.details,
      message: data.error?.message ?? data.details,
      fatal: true,
    });
  }

  function create(): Hls {
    const applyTarget = (partHoldBackS: number, partTargetS: number) => {
      const target = lowLatency ? lowLatencyTarget(partHoldBackS, partTargetS) : null;
      // hls.js starts, and resyncs (seekToLiveEdge, liveMaxLatency), at its target: make it ours,
      // from every playlist's text before hls.js parses it (playlist-peek.ts).
      // Compared with the config, not the getter, which adds hls.js's back-off after stalls.
      if (target !== null && instance.config.liveSyncDuration !== target) instance.targetLatency = target;
    };
    const instance: Hls = new Hls({
      ...hlsConfig(lowLatency, measuredBandwidth),
      pLoader: peekingPlaylistLoader(Hls.DefaultConfig.loader, (text) => {
        const timing = partTimingFromPlaylist(text);
        if (timing) applyTarget(timing.partHoldBackS, timing.partTargetS);
      }),
    });
    applyLiveMaxLatency(instance);
    // hls.js announces MANIFEST_PARSED (the variants it kept: MediaSource can play them) from
    // inside its own MANIFEST_LOADED handling (every variant advertised), so the two arrive in
    // either order; the qualities are settled once both are known.
    let advertised: Quality[] | null = null;
    let kept: Quality[] | null = null;
    const settleQualities = () => {
      if (!advertised || !kept) return;
      const qualities = kept;
      const dropped = advertised.filter(
        (a) => !qualities.some((q) => q.bitrate === a.bitrate && q.codecs === a.codecs),
      );
      advertised = kept = null;
      const remove = new Set(host.onQualities(qualities, dropped));
      // Highest index first so the remaining indices stay valid while removing.
      for (let i = qualities.length - 1; i >= 0; i--) if (remove.has(qualities[i]!)) instance.removeLevel(i);
      const index = manual ? levelIndex(instance, manual) : -1;
      if (index >= 0) instance.startLevel = instance.currentLevel = index;
      else instance.startLevel = chooseStartLevel(instance.levels, elementSize(host.video), measuredBandwidth);
      instance.startLoad(-1);
    };
    instance.on(Events.MANIFEST_LOADED, (_event, data) => {
      advertised = data.levels.map(levelToQuality);
      const clock = serverTimeUrl(data.sessionData, data.url);
      if (clock) host.onServerClock(clock);
      settleQualities();
    });
    instance.on(Events.FRAG_LOADED, () => {
      const estimate = instance.bandwidthEstimate;
      if (Number.isFinite(estimate) && estimate > 0) measuredBandwidth = Math.round(estimate);
    });
    instance.on(Events.MANIFEST_PARSED, (_event, data) => {
      kept = data.levels.map(levelToQuality);
      settleQualities();
    });
    instance.on(Events.LEVEL_SWITCHED, (_event, data) => {
      const level = instance.levels[data.level];
      if (level) host.onQualityChanged(levelToQuality(level));
    });
    instance.on(Events.FRAG_PARSING_METADATA, (_event, data) => {
      // ID3 in the stream (emsg boxes in fMP4): hls.js hands the tag bytes and their time.
      const cues = data.samples.flatMap((sample) => cuesFromId3(parseId3(sample.data), sample.pts));
      if (cues.length > 0) host.onTimedCues(cues);
    });
    instance.on(Events.FRAG_BUFFERED, () => {
      networkAttempts = 0;
      host.onProgress();
    });
    instance.on(Events.ERROR, (_event, data) => onError(instance, data));
    instance.attachMedia(host.video);
    return instance;
  }

  function applyLiveMaxLatency(instance: Hls): void {
    // hls.js seeks forward when further than liveMaxLatencyDuration from the edge; it must
    // stay above the sync target, so an unreachable bound is simply not applied.
    const syncTarget = instance.config.liveSyncDuration ?? instance.config.liveSyncDurationCount;
    instance.config.liveMaxLatencyDuration =
      Number.isFinite(liveMaxLatency) && liveMaxLatency > syncTarget ? liveMaxLatency : undefined;
  }

  const levelIndex = (instance: Hls, quality: Quality): number =>
    instance.levels.findIndex((l) => l.height === quality.height && l.bitrate === quality.bitrate);

  return {
    type: 'mse',
    load(source) {
      url = source;
      hls?.destroy();
      hls = create();
      hls.loadSource(url);
    },
    reload() {
      if (!url) return;
      clearTimeout(retryTimer);
      hls?.destroy();
      // A clean element: the new instance must not take the old position as its start.
      host.video.removeAttribute('src');
      host.video.load();
      hls = create();
      hls.loadSource(url);
    },
    setQuality(quality) {
      manual = quality;
      if (!hls) return;
      if (quality === null) {
        hls.nextLevel = -1;
        return;
      }
      const index = levelIndex(hls, quality);
      if (index >= 0) hls.currentLevel = index;
    },
    setLowLatency(enabled) {
      if (enabled === lowLatency) return;
      lowLatency = enabled;
      // hls.js reads lowLatencyMode when it plans playlist and part loads: start over cleanly.
      if (hls && url) this.reload();
    },
    setLiveMaxLatency(seconds) {
      liveMaxLatency = seconds;
      if (hls) applyLiveMaxLatency(hls);
    },
    seekToLiveEdge() {
      const position = hls?.liveSyncPosition;
      if (position !== null && position !== undefined && Number.isFinite(position)) host.video.currentTime = position;
    },
    bandwidthEstimate() {
      const estimate = hls?.bandwidthEstimate ?? Number.NaN;
      return Number.isFinite(estimate) ? Math.round(estimate) : 0;
    },
    playingDateMs() {
      return hls?.playingDate?.getTime() ?? null;
    },
    lowLatencyTarget() {
      const details = hls?.latestLevelDetails;
      if (!lowLatency || !details?.live) return null;
      const target = lowLatencyTarget(details.partHoldBack, details.partTarget);
      return target === null ? null : target + stallExtra(backoff, performance.now());
    },
    liveEdgeDistance() {
      const details = hls?.latestLevelDetails;
      if (!hls || !details?.live) return null;
      return { seconds: hls.latency, targetDuration: details.targetduration };
    },
    isLive: () => hls?.latestLevelDetails?.live ?? false,
    destroy() {
      clearTimeout(retryTimer);
      hls?.destroy();
      hls = null;
    },
  };
}

function elementSize(video: HTMLVideoElement): { width: number; height: number; devicePixelRatio: number } {
  return {
    width: video.clientWidth,
    height: video.clientHeight,
    devicePixelRatio: globalThis.devicePixelRatio ?? 1,
  };
}

export function mseSupported(): boolean {
  return Hls.isSupported();
}
