import type { Loaded } from './loader.ts';

/**
 * At most this many pieces are asked for together at a start (0.8 s of 200 ms parts, the most
 * a start can sit before its position on a 1 s segment's independent first part, less one).
 * A browser opens 6 connections to an HTTP/1.1 origin: these, the init segment and the
 * blocking playlist reload take all six, and nothing queues behind them.
 */
export const START_PREFETCH_MAX = 4;

/**
 * The pieces of a start, requested together. A start sits on an independent part up to a
 * segment before the position it seeks to, and the decoder needs every piece from there: one
 * after another that is a round trip each before the first frame (four or five on our origin,
 * 200 ms apiece on a real network's 50 ms round trips); together, one. They are all listed,
 * so published: nothing waits on the origin. The media loop takes each one when its turn
 * comes and appends it in order; what a restart or a switch leaves untaken is aborted.
 *
 * Their transfers overlap, so their times say nothing about the throughput: the media loop
 * counts none of them, and no abandon rule watches them (they are already there).
 */
export class StartPrefetch {
  private readonly pending = new Map<string, { loading: Promise<Loaded | null>; abort: AbortController }>();

  /**
   * Asks for each URL now, with `load` (the engine's request with retries) on a signal of its
   * own, which `parent` (the load's) ends too.
   */
  start(
    urls: readonly string[],
    parent: AbortSignal,
    load: (url: string, signal: AbortSignal) => Promise<Loaded | null>,
  ): void {
    this.clear();
    for (const url of urls) {
      const abort = new AbortController();
      if (parent.aborted) abort.abort();
      else parent.addEventListener('abort', () => abort.abort(), { once: true });
      const loading = load(url, abort.signal);
      // Failures are the media loop's, when it takes the piece (or nobody's, once cleared).
      loading.catch(() => undefined);
      this.pending.set(url, { loading, abort });
    }
  }

  /** The request already made for `url`, once; null when there is none. */
  take(url: string): Promise<Loaded | null> | null {
    const entry = this.pending.get(url);
    this.pending.delete(url);
    return entry?.loading ?? null;
  }

  /**
   * Abandons every request not taken (a restart, a switch to another variant); one taken is
   * the media loop's, which a restart ends by its own signal.
   */
  clear(): void {
    for (const { abort } of this.pending.values()) abort.abort();
    this.pending.clear();
  }
}
