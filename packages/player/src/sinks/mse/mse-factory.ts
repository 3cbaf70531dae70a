import { lazySink } from '../lazy-sink.ts';
import type { SinkFactory } from '../sink.ts';

/**
 * hls.js over MediaSource on the main thread: the compatibility sink for what our own engine
 * declines (alternate renditions, MPEG-TS, DRM) and for browsers without MediaSource in a
 * worker. hls.js (115 KiB gzip) loads only when this sink is chosen, never before a first
 * frame on the worker engine.
 */
export const mseSinkFactory: SinkFactory = {
  type: 'mse',
  supported: (capabilities) => capabilities.mediaSource,
  create: (host, env) => lazySink('mse', host, () => import('./mse-sink.ts').then((m) => m.createMseSink(host, env))),
};
