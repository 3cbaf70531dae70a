import type { SinkEnvironment } from '../environment.ts';
import type { Quality } from '../quality.ts';
import type { Sink, SinkHost } from './sink.ts';

/**
 * The browser's own HLS (Safari, iOS, and Chromium where MediaSource is missing). The browser
 * picks qualities and the live edge; we can only read what the element exposes. The target
 * duration (for the drift rule) is read from the media playlist once, best effort.
 */
export function createPassthroughSink(host: SinkHost, env: Pick<SinkEnvironment, 'fetch'>): Sink {
  const { video } = host;
  let url = '';
  let targetDuration = Number.NaN;
  const abort = new AbortController();

  async function learnTargetDuration(source: string): Promise<void> {
    try {
      let text = await (await env.fetch(source, { signal: abort.signal })).text();
      const variant = /^#EXT-X-STREAM-INF[^\n]*\n([^#\n][^\n]*)/m.exec(text)?.[1]?.trim();
      if (variant) text = await (await env.fetch(new URL(variant, source), { signal: abort.signal })).text();
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

  return {
    type: 'passthrough',
    load(source) {
      url = source;
      video.addEventListener('loadedmetadata', onMetadata);
      video.src = source;
      void learnTargetDuration(source);
    },
    reload() {
      video.src = url;
      video.load();
    },
    setQuality(_quality: Quality | null) {
      // The browser chooses; there is nothing to select.
    },
    setLowLatency() {},
    setLiveMaxLatency() {},
    seekToLiveEdge() {
      const edge = liveEdge();
      if (edge !== null) video.currentTime = Math.max(0, edge - 1);
    },
    bandwidthEstimate: () => 0,
    // The browser downloads the media itself: nothing of it reaches the page to measure.
    mediaBitrate: () => 0,
    playingDateMs() {
      // Safari exposes the program-date-time of position 0; Chromium does not.
      const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
      const ms = start?.getTime();
      return ms !== undefined && Number.isFinite(ms) ? ms + video.currentTime * 1000 : null;
    },
    // The browser keeps its own distance from the edge; the element's rate is left alone.
    lowLatencyTarget: () => null,
    liveEdgeDistance() {
      const edge = liveEdge();
      if (edge === null || !Number.isFinite(targetDuration)) return null;
      return { seconds: Math.max(0, edge - video.currentTime), targetDuration };
    },
    isLive: () => video.duration === Number.POSITIVE_INFINITY,
    destroy() {
      abort.abort();
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeAttribute('src');
      video.load();
    },
  };
}
