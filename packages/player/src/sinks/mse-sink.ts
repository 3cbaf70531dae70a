import Hls, { ErrorDetails, ErrorTypes, Events, type ErrorData, type HlsConfig, type Level } from 'hls.js';
import { NETWORK_RETRY } from '../constants.ts';
import { ErrorType, errorTypeForHttpStatus, MediaErrorCode, networkRetryDelay } from '../errors.ts';
import { qualityName, type Quality } from '../quality.ts';
import type { Sink, SinkHost } from './sink.ts';

/** Catch-up never faster than +10 %: inaudible, unlike the +50 % of some players. */
export const MAX_CATCH_UP_RATE = 1.1;

function hlsConfig(lowLatency: boolean): Partial<HlsConfig> {
  return {
    enableWorker: true,
    lowLatencyMode: lowLatency,
    backBufferLength: 30,
    maxLiveSyncPlaybackRate: MAX_CATCH_UP_RATE,
    // Our own network policy reports fatal errors; hls.js retries each request first.
    startLevel: -1,
  };
}

export function levelToQuality(level: Level): Quality {
  const codecs = level.attrs.CODECS ?? [level.videoCodec, level.audioCodec].filter(Boolean).join(',');
  const name = qualityName(level.height, level.frameRate, level.bitrate);
  return {
    name,
    group: name,
    codecs,
    bitrate: level.bitrate,
    width: level.width,
    height: level.height,
    framerate: level.frameRate,
  };
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
  let networkAttempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function onError(instance: Hls, data: ErrorData): void {
    if (!data.fatal) return;
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
    const instance = new Hls(hlsConfig(lowLatency));
    applyLiveMaxLatency(instance);
    instance.on(Events.MANIFEST_PARSED, (_event, data) => {
      const qualities = data.levels.map(levelToQuality);
      const remove = new Set(host.onQualities(qualities));
      // Highest index first so the remaining indices stay valid while removing.
      for (let i = qualities.length - 1; i >= 0; i--) if (remove.has(qualities[i]!)) instance.removeLevel(i);
    });
    instance.on(Events.LEVEL_SWITCHED, (_event, data) => {
      const level = instance.levels[data.level];
      if (level) host.onQualityChanged(levelToQuality(level));
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

  const levelIndex = (quality: Quality): number =>
    hls?.levels.findIndex((l) => l.height === quality.height && l.bitrate === quality.bitrate) ?? -1;

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
      hls = create();
      hls.loadSource(url);
    },
    setQuality(quality) {
      if (!hls) return;
      if (quality === null) {
        hls.nextLevel = -1;
        return;
      }
      const index = levelIndex(quality);
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

export function mseSupported(): boolean {
  return Hls.isSupported();
}
