import type { Sink, SinkHost } from './sink.ts';

/** The browser's own HLS (Safari, iOS, and Chromium where MediaSource is missing). */
export function createPassthroughSink(host: SinkHost): Sink {
  const { video } = host;
  return {
    type: 'passthrough',
    load(url) {
      video.src = url;
    },
    destroy() {
      video.removeAttribute('src');
      video.load();
    },
  };
}
