import { requestUrl } from '../../rules/request-identity.ts';
import type { SinkEnvironment } from '../../types/environment.ts';
import { ErrorCode, ErrorType } from '../../types/errors.ts';
import { ManifestLoadStats } from './manifest-load-stats.ts';
import { SegmentClock } from './segment-clock.ts';
import { resolveServiceWorkerConfig, type ServiceWorkerConfig } from '../../live-sw/sw-config.ts';
import { ServiceWorkerHost, type WorkerContainer } from './sw-host.ts';
import type { Quality } from '../../types/quality.ts';
import type { Sink, SinkHost } from '../sink.ts';
import { readBoundedText } from '../../base/bounded-body.ts';

/**
 * The browser's own HLS (Safari, iOS, and Chromium where MediaSource is missing). The browser
 * picks qualities and the live edge; we can only read what the element exposes. Where the
 * player chose the live-manifest service worker (SinkHost.serviceWorker; live-sw/), the sink
 * brings it up before it hands the URL to the element, and takes from its reports what the
 * element cannot say: program-date-time (liveLatency), the playlist position (drift) and
 * manifest-load analytics. Without the worker, or once it is lost, the element plays plainly.
 */
export function createPassthroughSink(
  host: SinkHost,
  env: SinkEnvironment,
  container: WorkerContainer | null = null,
): Sink {
  const { video } = host;
  let url = '';
  let targetDuration = Number.NaN;
  let destroyed = false;
  const abort = new AbortController();
  const clock = new SegmentClock();
  const manifestLoads = new ManifestLoadStats();
  /** The end (epoch ms) of the newest segment the worker gave the native player: the live edge it knows. */
  let edgeMs: number | null = null;
  let worker: ServiceWorkerHost | null = null;

  async function learnTargetDuration(source: string): Promise<void> {
    try {
      const playlist = async (url: string | URL) =>
        readBoundedText(await env.fetch(url, { signal: abort.signal }), 'playlist');
      let text = await playlist(source);
      const variant = /^#EXT-X-STREAM-INF[^\n]*\n([^#\n][^\n]*)/m.exec(text)?.[1]?.trim();
      if (variant) text = await playlist(new URL(variant, source));
      const match = /^#EXT-X-TARGETDURATION:(\d+(?:\.\d+)?)/m.exec(text);
      if (match?.[1]) targetDuration = Number(match[1]);
    } catch {
      // Without it the drift rule stays idle; playback itself does not depend on it.
    }
  }

  const liveEdge = (): number | null => {
    const { seekable } = video;
    return seekable.length > 0 ? seekable.end(seekable.length - 1) : null;
  };

  const onMetadata = () => {
    // Native HLS exposes no qualities: metadata is its "ready".
    host.onQualities([]);
    // The browser decodes one muxed stream; its codecs are not exposed to the page.
    host.onTracks([
      { trackID: 'main', codec: '', mode: 'passthrough', isProtected: false, path: url, group: '', srcObj: url },
    ]);
  };

  function attach(): void {
    if (destroyed) return;
    video.addEventListener('loadedmetadata', onMetadata);
    video.src = elementSource();
  }

  /**
   * The URL the element is given: with the live-manifest worker, the source as the worker knows
   * it (it adds who is watching upstream, to every request); without, the token and ids go on
   * the multivariant request alone, as the native player resolves media URIs without its query.
   */
  const elementSource = () => {
    if (workerActive()) return url;
    const absolute = new URL(url, globalThis.location?.href).href;
    const decorated = requestUrl(absolute, host.identity, absolute, true);
    return decorated === absolute ? url : decorated;
  };

  /** The worker's config, once the page's options passed (SPEC §5: present, with a url). */
  let config: ServiceWorkerConfig | null = null;

  async function startWorker(): Promise<void> {
    const request = host.serviceWorker;
    if (!request) return;
    const resolved = resolveServiceWorkerConfig(request.options, request.mediaSourceSupported);
    if (!resolved.ok) {
      env.logger.error(`${resolved.message}: the live-manifest service worker is not used`);
      return;
    }
    config = resolved.config;
    if (!container) {
      env.logger.warn('This browser has no service workers: native HLS plays without the live-manifest worker');
      return;
    }
    worker = new ServiceWorkerHost(container, env.timers, {
      onHostState: (state, reason) => host.onServiceWorkerState?.({ host: state, worker: worker!.workerState, reason }),
      onWorkerState: (state) => host.onServiceWorkerState?.({ host: worker!.state, worker: state }),
      onManifestLoad: (analytics) => manifestLoads.add(analytics),
      onSegments(segments, duration) {
        clock.update(segments);
        if (duration > 0) targetDuration = duration;
        const newest = segments.at(-1);
        // The newest end seen: a late report about a rendition left behind must not move it back.
        if (newest?.programDateTime != null)
          edgeMs = Math.max(edgeMs ?? 0, newest.programDateTime + newest.duration * 1000);
      },
      onLost(reason) {
        // The element plays on: the worker was told to stand aside (or its lease runs out).
        edgeMs = null;
        clock.reset();
        const message = `${reason}; native HLS plays on without it`;
        host.onError({
          type: ErrorType.Error,
          code: ErrorCode.ServiceWorkerLost,
          source: 'sink',
          message,
          fatal: false,
        });
      },
    });
    const active = await worker.start(config, url, host.identity);
    if (!active && !destroyed) {
      env.logger.warn(`The live-manifest worker is not used (${worker.lastReason}): native HLS plays on its own`);
    }
  }

  const workerActive = () => worker?.state === 'ready' && worker.workerState === 'active';

  return {
    type: 'passthrough',
    load(source) {
      url = source;
      void learnTargetDuration(source);
      void startWorker().finally(attach);
    },
    reload() {
      edgeMs = null;
      clock.reset();
      // A reload starts a new playback for the worker too: its first answer places the start again.
      const restart = workerActive() ? worker!.restart() : Promise.resolve(false);
      void restart.finally(() => {
        if (destroyed) return;
        video.src = elementSource();
        video.load();
      });
    },
    setQuality(_quality: Quality | null) {
      // The browser chooses; there is nothing to select.
    },
    setIdentity(identity) {
      worker?.setIdentity(identity);
    },
    setLowLatency() {},
    setLiveMaxLatency() {},
    seekToLiveEdge() {
      const edge = liveEdge();
      if (edge !== null) video.currentTime = Math.max(0, edge - 1);
    },
    delayNextMediaManifest(delayInMs: number) {
      worker?.delayNextMediaManifest(delayInMs);
    },
    manifestLoads: () => manifestLoads.summary(),
    driftDetection: () => (workerActive() ? config!.driftDetection : null),
    bandwidthEstimate: () => 0,
    // The browser downloads the media itself: nothing of it reaches the page to measure.
    mediaBitrate: () => 0,
    playingDateMs() {
      // Safari exposes the program-date-time of position 0; Chromium does not.
      const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
      const ms = start?.getTime();
      if (ms !== undefined && Number.isFinite(ms)) return ms + video.currentTime * 1000;
      if (!workerActive()) return null;
      const { buffered } = video;
      if (buffered.length > 0) clock.read(buffered.end(buffered.length - 1));
      return clock.dateAt(video.currentTime);
    },
    // The browser keeps its own distance from the edge; the element's rate is left alone.
    lowLatencyTarget: () => null,
    liveEdgeDistance() {
      if (!Number.isFinite(targetDuration)) return null;
      if (workerActive()) {
        // How far the picture is from the newest segment the worker gave out, in the stream's
        // own dates: the native player fetches every segment at once, so only its position
        // (not its requests) shows it falling behind. A wrong page clock does not enter.
        const playing = clock.dateAt(video.currentTime);
        if (playing === null || edgeMs === null) return null;
        return { seconds: Math.max(0, (edgeMs - playing) / 1000), targetDuration };
      }
      const edge = liveEdge();
      if (edge === null) return null;
      return { seconds: Math.max(0, edge - video.currentTime), targetDuration };
    },
    isLive: () => video.duration === Number.POSITIVE_INFINITY,
    destroy() {
      destroyed = true;
      abort.abort();
      worker?.destroy();
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeAttribute('src');
      video.load();
    },
  };
}
