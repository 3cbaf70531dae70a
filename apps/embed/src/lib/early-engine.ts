import type { AdoptEngine, CreateCommand, EngineWorker } from '@onair/player';

/**
 * The engine worker index.html's early script starts the moment it knows a live channel's
 * playback URL, while the bundle is still downloading: the multivariant playlist, media
 * playlist, init segment and first parts load in parallel with React, and the player's
 * mse-worker sink adopts the running engine instead of starting one (SPEC §4: the player
 * starts once). The script leaves it under `window.__onairEngine`; `null` there means the
 * page has asked already, so a script that finishes later starts none (no second engine).
 */
export interface EarlyEngine {
  /** The absolute playback URL it loads. */
  url: string;
  /** The `create` command it was started with. */
  create: CreateCommand;
  worker: EngineWorker & { onmessage: ((event: MessageEvent) => void) | null };
  /** What the worker posted before the player listened, in order (its MediaSource handle first). */
  backlog: MessageEvent[];
}

export interface EarlyEngineHolder {
  __onairEngine?: EarlyEngine | null;
}

declare global {
  interface Window {
    __onairEngine?: EarlyEngine | null;
  }
}

const sameCreate = (a: CreateCommand, b: CreateCommand) =>
  a.lowLatency === b.lowLatency && a.bandwidthEstimate === b.bandwidthEstimate && a.transcodesOnly === b.transcodesOnly;

/**
 * The sink's adopt function over `holder` (the window): the early engine once, when it loads
 * the same URL with the same settings; otherwise it is deleted and the sink starts its own.
 */
export function adoptEarlyEngine(holder: EarlyEngineHolder): AdoptEngine {
  return (url, create) => {
    const early = holder.__onairEngine;
    holder.__onairEngine = null;
    if (!early) return null;
    // The sink listens from here on; events already queued for this turn still reach it.
    early.worker.onmessage = null;
    if (early.url === url && sameCreate(early.create, create)) return { worker: early.worker, backlog: early.backlog };
    early.worker.postMessage({ cmd: 'delete' });
    early.worker.terminate();
    return null;
  };
}
