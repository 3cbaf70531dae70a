import type { SinkEnvironment } from '../../types/environment.ts';
import { createMseWorkerSink, type EngineWorker } from './mse-worker-sink.ts';
import { PageMediaSource } from './page-media-source.ts';
import type { Sink, SinkHost } from '../sink.ts';

/**
 * The `default-media-source` sink: our engine in its worker, the MediaSource on the page
 * (page-media-source.ts), for browsers with MediaSource but none in a worker. A chunk of its
 * own, loaded by defaultMediaSourceSinkFactory when the sink is chosen.
 */
export function createDefaultMediaSourceSink(
  host: SinkHost,
  env: SinkEnvironment,
  createWorker: () => EngineWorker,
): Sink {
  return createMseWorkerSink(host, env, createWorker, undefined, (video, answer) => new PageMediaSource(video, answer));
}
