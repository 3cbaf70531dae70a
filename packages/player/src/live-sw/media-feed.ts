import { lastPart, mergeDelta, parseMediaPlaylist, type MediaPlaylist } from '../hls/media-playlist.ts';
import { canRewrite, discontinuitySequence, newestWholeSegment } from './native-playlist.ts';
import { PartStore } from './part-store.ts';
import type { LowLatencyModeConfig } from './sw-config.ts';
import { readBounded, readBoundedText } from '../base/bounded-body.ts';

/** What a feed uses of the worker: the network, a clock and a way to wait. */
export interface FeedEnvironment {
  /** `credentials`: the page's mode (setRequestCredentials); the browser's default where absent. */
  fetch(url: string, signal: AbortSignal, credentials?: RequestCredentials): Promise<Response>;
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface FeedOptions {
  lowLatency: LowLatencyModeConfig;
  /** Reloads are held until a newer segment exists (low latency, or a transformed target duration). */
  holdReloads: boolean;
}

/** The feed stops following the origin once the native player has not asked for this long (another rendition). */
const IDLE_AFTER_MS = 3_000;

/**
 * One media playlist as the worker follows it for one page: the origin's newest playlist
 * (delta updates merged), the reloads the native player is held on, and the parts fetched ahead
 * of it. I/O only through FeedEnvironment, so media-feed.test.ts runs it against a fake origin.
 */
export class MediaFeed {
  latest: MediaPlaylist | null = null;
  discontinuitySequence = 0;
  /** The origin's playlist cannot be rewritten faithfully (canRewrite): it passes as it is. */
  foreign = false;
  /** Newest whole segment given to the native player; null before its first answer. */
  lastGiven: number | null = null;
  /** Newest segment the native player asked for. */
  newestRequested: number | null = null;
  readonly parts = new PartStore();
  readonly #abort = new AbortController();
  #waiters: (() => void)[] = [];
  #following = false;
  #lastAsked = 0;

  constructor(
    readonly url: string,
    private readonly options: FeedOptions,
    private readonly env: FeedEnvironment,
  ) {}

  /** The origin's playlist, fetched now (with delivery directives when given). */
  async refresh(directives: { msn?: number; part?: number } = {}, signal = this.#abort.signal): Promise<MediaPlaylist> {
    const skip = this.latest !== null && this.latest.serverControl.canSkipUntil > 0;
    const text = await this.#text({ ...directives, skip }, signal);
    let playlist = parseMediaPlaylist(text, this.url);
    const merged = mergeDelta(this.latest, playlist);
    if (merged === null) playlist = parseMediaPlaylist(await this.#text(directives, signal), this.url);
    else playlist = merged;
    this.foreign = !canRewrite(text);
    this.discontinuitySequence = discontinuitySequence(text);
    this.#accept(playlist);
    return playlist;
  }

  /** The native player asked for this playlist: marks the feed in use (and starts following the parts). */
  asked(): void {
    this.#lastAsked = this.env.now();
    if (this.#canFollow()) void this.#follow();
  }

  /**
   * Resolves once the origin lists a whole segment newer than `msn`, or at `deadlineMs` (a stuck
   * origin must not hold the native player for ever). Blocking reloads where the origin offers
   * them; otherwise the origin is polled at half its target duration.
   */
  async newerThan(msn: number, deadlineMs: number): Promise<void> {
    const done = () => (newestWholeSegment(this.latest!)?.msn ?? -1) > msn || this.env.now() >= deadlineMs;
    if (this.latest === null) await this.refresh();
    while (!done() && !this.#abort.signal.aborted) {
      if (this.#following) {
        await this.#waitForUpdate(deadlineMs);
      } else if (this.latest!.serverControl.canBlockReload) {
        await this.#blockingRefresh(msn + 1, deadlineMs);
      } else {
        await this.env.sleep((this.latest!.targetDuration * 1000) / 2, this.#abort.signal);
        await this.refresh();
      }
    }
  }

  /** A blocking reload for segment `msn`, given up at the deadline (the answer then lists what there is). */
  async #blockingRefresh(msn: number, deadlineMs: number): Promise<void> {
    const held = new AbortController();
    const stop = () => held.abort();
    this.#abort.signal.addEventListener('abort', stop, { once: true });
    const timer = new AbortController();
    void this.env.sleep(Math.max(0, deadlineMs - this.env.now()), timer.signal).then(() => {
      if (!timer.signal.aborted) held.abort();
    });
    try {
      await this.refresh({ msn }, held.signal);
    } catch (error) {
      if (!held.signal.aborted || this.#abort.signal.aborted) throw error;
    } finally {
      timer.abort();
      this.#abort.signal.removeEventListener('abort', stop);
    }
  }

  /** The whole segment `msn` from the worker's parts, null where it has not got them all. */
  async localSegment(msn: number): Promise<Uint8Array | null> {
    const segment = this.latest?.segments.find((s) => s.msn === msn && s.url !== null);
    return segment ? this.parts.segment(segment) : null;
  }

  /** The newest whole segment's msn the origin lists, null before any. */
  get newestWhole(): number | null {
    return this.latest ? (newestWholeSegment(this.latest)?.msn ?? null) : null;
  }

  destroy(): void {
    this.#abort.abort();
    this.parts.clear();
    for (const wake of this.#waiters.splice(0)) wake();
  }

  async #text(directives: { msn?: number; part?: number; skip?: boolean }, signal: AbortSignal): Promise<string> {
    const url = new URL(this.url);
    if (directives.msn !== undefined) url.searchParams.set('_HLS_msn', String(directives.msn));
    if (directives.part !== undefined) url.searchParams.set('_HLS_part', String(directives.part));
    if (directives.skip) url.searchParams.set('_HLS_skip', 'YES');
    const response = await this.env.fetch(url.href, signal);
    if (!response.ok) throw new Error(`The origin answered ${response.status} for ${this.url}`);
    return readBoundedText(response, 'playlist');
  }

  #accept(playlist: MediaPlaylist): void {
    this.latest = playlist;
    if (this.options.lowLatency.enabled && this.options.lowLatency.preloadPrefetchSegments) this.#prefetch(playlist);
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /** Fetches the parts of the newest segments (and the hinted one) the store does not hold yet. */
  #prefetch(playlist: MediaPlaylist): void {
    const from = (this.lastGiven ?? newestWholeSegment(playlist)?.msn ?? 0) - 1;
    const keep = new Set<string>();
    for (const segment of playlist.segments) {
      if (segment.msn < from) continue;
      for (const part of segment.parts) keep.add(part.url);
    }
    if (playlist.preloadHint) keep.add(playlist.preloadHint);
    this.parts.retain(keep);
    for (const url of keep) this.parts.fetch(url, (u) => this.#bytes(u));
  }

  async #bytes(url: string): Promise<Uint8Array | null> {
    const response = await this.env.fetch(url, this.#abort.signal);
    return response.ok ? readBounded(response, 'media') : null;
  }

  #canFollow(): boolean {
    const { lowLatency } = this.options;
    return (
      !this.#following &&
      lowLatency.enabled &&
      lowLatency.preloadPrefetchSegments &&
      this.latest !== null &&
      this.latest.partTarget > 0 &&
      this.latest.serverControl.canBlockReload &&
      !this.latest.endList
    );
  }

  /**
   * Follows the origin part by part with blocking reloads (as an LL-HLS client does) while the
   * native player uses this playlist, so every part is in the worker when its segment completes.
   */
  async #follow(): Promise<void> {
    this.#following = true;
    try {
      while (!this.#abort.signal.aborted && this.env.now() - this.#lastAsked < IDLE_AFTER_MS) {
        const newest = lastPart(this.latest!);
        const inProgress = this.latest!.segments.at(-1);
        const next =
          newest && inProgress?.url === null
            ? { msn: newest.msn, part: newest.index + 1 }
            : { msn: (inProgress?.msn ?? this.latest!.mediaSequence) + 1, part: 0 };
        await this.refresh(next);
      }
    } catch {
      // The origin failed a reload: the next native request loads the playlist itself.
    } finally {
      this.#following = false;
      for (const wake of this.#waiters.splice(0)) wake();
    }
  }

  #waitForUpdate(deadlineMs: number): Promise<void> {
    return new Promise((resolve) => {
      const wait = Math.max(0, deadlineMs - this.env.now());
      this.#waiters.push(resolve);
      void this.env.sleep(wait, this.#abort.signal).then(resolve, resolve);
    });
  }
}
