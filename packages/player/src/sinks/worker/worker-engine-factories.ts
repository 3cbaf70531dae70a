import { lazySink } from '../lazy-sink.ts';
import { createMseWorkerSink, type AdoptEngine, type EngineWorker } from './mse-worker-sink.ts';
import type { SinkFactory } from '../sink.ts';

/**
 * The `mse-worker` factory for a page that can start the engine's worker. The worker's URL is
 * the bundler's business (the embed uses Vite's worker import), so the page passes the
 * function that starts it, and the registry entry exists only where one was given. `adopt`
 * hands over a worker the page started before the player (the embed's start-up path).
 */
export function mseWorkerSinkFactory(createWorker: () => EngineWorker, adopt?: AdoptEngine): SinkFactory {
  return {
    type: 'mse-worker',
    supported: (capabilities) => capabilities.mediaSourceInWorker,
    create: (host, env) => createMseWorkerSink(host, env, createWorker, adopt),
  };
}

/**
 * The `default-media-source` factory: the same engine worker, the MediaSource on the page.
 * Chosen automatically where MediaSource exists but not in a worker (before hls.js, which our
 * engine beats on latency and start-up), or by name (config.sink, setSinkType).
 */
export function defaultMediaSourceSinkFactory(createWorker: () => EngineWorker): SinkFactory {
  return {
    type: 'default-media-source',
    supported: (capabilities) => capabilities.mediaSource,
    // Its code loads when it is chosen: most browsers run mse-worker and never need it.
    create: (host, env) =>
      lazySink('default-media-source', host, () =>
        import('./default-media-source-sink.ts').then((m) => m.createDefaultMediaSourceSink(host, env, createWorker)),
      ),
  };
}
