import { createMseSink } from './mse-sink.ts';
import type { SinkFactory } from '../sink.ts';

/**
 * The `mse` sink with hls.js loaded up front, for a page whose first frame plays on it (the
 * embed starts on the worker engine instead): the registry's own `mse` entry loads hls.js
 * only when chosen, which would put a second script between the page and its first frame.
 * Import it as `@onair/player/mse-sink` and register it with `sinks: { mse: … }`.
 */
export const eagerMseSinkFactory: SinkFactory = {
  type: 'mse',
  supported: (capabilities) => capabilities.mediaSource,
  create: (host, env) => createMseSink(host, env),
};
