import type { EngineCommand } from '../../engine/protocol.ts';
import type { SinkFactories } from '../registry.ts';
import type { AdoptEngine } from './mse-worker-sink.ts';
import { defaultMediaSourceSinkFactory, mseWorkerSinkFactory } from './worker-engine-factories.ts';

/**
 * Where the engine's scripts are served. The engine runs in a worker of its own script, which
 * loads two more only when a stream needs them; all three must be of the page's origin (the
 * worker refuses another's). A bundler gives their URLs (`import url from
 * '@onair/player/engine-worker.js?url'` in Vite), or a page copies them next to its own.
 */
export interface EngineScripts {
  /** The engine worker (`engine-worker.js`). */
  engine: string | URL;
  /**
   * mux.js's MPEG-TS transmuxer (`ts-remuxer.js`), loaded only for a stream of MPEG-TS segments
   * whose video carries CEA-608/708 captions (the worker remuxes every other one itself):
   * without it such a stream plays without its captions.
   */
  tsRemuxer?: string | URL;
  /** The subtitle loop (`subtitle-script.js`): without it WebVTT renditions are not shown. */
  subtitles?: string | URL;
}

/** Absolute, as the worker resolves a relative URL against its own, not the page's. */
function absolute(url: string | URL, base: string): string {
  return new URL(url, base).href;
}

/** A function that starts the engine's worker and tells it where its on-demand scripts are. */
export function engineWorkerStarter(scripts: EngineScripts, base = globalThis.location?.href): () => Worker {
  return () => {
    const worker = new Worker(absolute(scripts.engine, base));
    const post = (command: EngineCommand) => worker.postMessage(command);
    if (scripts.tsRemuxer) post({ cmd: 'setTsRemuxer', url: absolute(scripts.tsRemuxer, base) });
    if (scripts.subtitles) post({ cmd: 'setSubtitleScript', url: absolute(scripts.subtitles, base) });
    return worker;
  };
}

/**
 * The two sinks of our own engine for `createPlayer({ sinks })`: `mse-worker` (MediaSource in
 * the worker, where the browser allows it) and `default-media-source` (the same engine with
 * the MediaSource on the page). One worker script serves both. `adopt` takes over a worker
 * started before the player (the embed's early start).
 */
export function workerEngineSinks(scripts: EngineScripts, adopt?: AdoptEngine): SinkFactories {
  const start = engineWorkerStarter(scripts);
  return {
    'mse-worker': mseWorkerSinkFactory(start, adopt),
    'default-media-source': defaultMediaSourceSinkFactory(start),
  };
}
