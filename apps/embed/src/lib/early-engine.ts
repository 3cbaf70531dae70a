import type { AdoptEngine, CreateCommand, EngineWorker } from '@onair/player';

/**
 * The engine worker the page's early start (boot/early-start.ts) starts before the bundle runs,
 * while the page asks for the channel's info and playback URL; for a live channel it hands the
 * worker the multivariant playlist's text with `load`, and the worker loads the media playlist,
 * init segment and first parts before the app runs; the player's mse-worker sink adopts the
 * running engine instead of starting one (SPEC §4: the player starts once). The early start
 * leaves it in its handle's `engine`, and deletes it (leaving `null`) when the channel turns out
 * not to be live; `null` there also means the page has asked already (no second engine).
 */
export interface EarlyEngine {
  /** The absolute playback URL it loads; null until the platform's answer arrives. */
  url: string | null;
  /** The `create` command it was started with. */
  create: CreateCommand;
  worker: EngineWorker & { onmessage: ((event: MessageEvent) => void) | null };
  /** The element the script gave the MediaSource handle, for the player to take. */
  video?: HTMLVideoElement;
  /** The early element was paused before the app took over: the viewer's pause stands. */
  pausedByViewer?: boolean;
  /**
   * The early start asked the element to play (muted autoplay, once at the start's position),
   * and the browser has not refused it (false again on NotAllowedError).
   */
  playedEarly?: boolean;
  /**
   * Discarded (not live, not adopted, or adopted by no sink): nothing more is posted to it. An
   * adopted engine is not discarded: the script still posts its `load` when the multivariant
   * playlist arrives after the app took over.
   */
  discarded?: boolean;
  /** What the worker posted before the player listened, in order (its MediaSource handle first). */
  backlog: MessageEvent[];
}

/** Where the early engine is kept: the early start's handle (`window.__onairStart`). */
export interface EarlyEngineHolder {
  engine: EarlyEngine | null;
}

const sameCreate = (a: CreateCommand, b: CreateCommand) =>
  a.lowLatency === b.lowLatency &&
  a.bandwidthEstimate === b.bandwidthEstimate &&
  a.transcodesOnly === b.transcodesOnly &&
  (a.audioOnly === true) === (b.audioOnly === true);

/**
 * The sink's adopt function over `holder` (the early start's handle): the early engine once, when it loads
 * the same URL with the same settings; otherwise it is deleted and the sink starts its own.
 */
export function adoptEarlyEngine(holder: EarlyEngineHolder): AdoptEngine {
  return (url, create) => {
    const early = holder.engine;
    holder.engine = null;
    if (!early) return null;
    // The sink listens from here on; events already queued for this turn still reach it.
    early.worker.onmessage = null;
    if (early.url === url && sameCreate(early.create, create)) return { worker: early.worker, backlog: early.backlog };
    early.discarded = true;
    early.worker.postMessage({ cmd: 'delete' });
    early.worker.terminate();
    return null;
  };
}

/**
 * Whether the viewer paused the early element before the player took it: its `pause` was heard,
 * or the element the early start played is paused now with no error. The second covers a pause
 * whose event is still queued when the player starts: the player's autoplay would otherwise
 * play it again, and its own listeners would hear the old pause only after that play.
 */
export function viewerPausedEarly(
  engine: Pick<EarlyEngine, 'pausedByViewer' | 'playedEarly' | 'video'> | null,
): boolean {
  if (!engine) return false;
  if (engine.pausedByViewer === true) return true;
  const video = engine.video;
  return engine.playedEarly === true && video !== undefined && video.paused && !video.error;
}
