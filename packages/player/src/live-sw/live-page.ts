import { parseMultivariant } from '../hls/multivariant.ts';
import { MediaFeed, type FeedEnvironment } from './media-feed.ts';
import { absoluteMultivariant, rewriteForNative } from './native-playlist.ts';
import { resolveServiceWorkerConfig, type ServiceWorkerConfig } from './sw-config.ts';
import type { HostToWorker, ManifestLoadAnalytics, ServiceWorkerState, WorkerToHost } from './sw-messages.ts';
import { readBounded, readBoundedText } from '../base/bounded-body.ts';
import { checkIdentity, IdentityCarrier, isPlaylistUrl } from '../rules/request-identity.ts';

/** What a page's session uses of the worker: the feed's I/O, a way to answer and to speak to the page. */
export interface PageEnvironment extends FeedEnvironment {
  post(message: WorkerToHost): void;
  /** A response the native player accepts for bytes the worker made (live-sw/data-response.ts). */
  respond(bytes: Uint8Array | string, contentType: string): Promise<Response>;
  log(message: string): void;
}

/** What the worker does with one request of this page. */
export type RequestKind = 'multivariant' | 'media' | 'segment' | 'prefetch';

/** The segment in progress, listed whole (convertPrefetchSegment), is asked for at this name. */
const PREFETCH_NAME = /onair-sw-prefetch-(\d+)\.m4s$/;

/** Where the native player starts if it is asked while the segment in progress is past this fraction. */
const START_HOLD_FRACTION = 0.5;

/**
 * Everything the worker knows of one page (one client): its config and state (SPEC §4 worker
 * states), the multivariant it plays and a MediaFeed per media playlist the native player
 * loads. It answers the native player's playlists, its segments from the worker's parts, and
 * reports what it served (SPEC §7).
 */
export class LivePage {
  state: ServiceWorkerState = 'ready';
  config: ServiceWorkerConfig | null = null;
  lastHeardMs: number;
  #source: string | null = null;
  #resume = false;
  #started = false;
  #multivariant: string | null = null;
  readonly #variants = new Set<string>();
  readonly #feeds = new Map<string, MediaFeed>();
  #delayNextMs = 0;
  /** Segments answered from the worker's parts (useLocalSegment), for manifestLoadAnalytics. */
  #fromParts = 0;
  /** Who is watching (the page's setAuthToken …): on every request this page's session sends upstream. */
  readonly #identity = new IdentityCarrier();
  /** The worker's I/O with the page's identity on every request. */
  readonly #upstream: PageEnvironment;

  constructor(private readonly env: PageEnvironment) {
    this.lastHeardMs = env.now();
    this.#upstream = {
      ...env,
      fetch: (url, signal) => env.fetch(this.upstreamUrl(url), signal, this.#identity.identity.credentials),
    };
  }

  /** Where a request of this page's native player goes upstream: with the token and, once, the ids. */
  upstreamUrl(url: string): string {
    return this.#identity.url(url, isPlaylistUrl(url));
  }

  /** The credentials mode of this page's requests upstream. */
  get credentials(): RequestCredentials {
    return this.#identity.identity.credentials;
  }

  handle(message: HostToWorker): void {
    this.lastHeardMs = this.env.now();
    switch (message.type) {
      case 'heartbeat':
        return this.#setState(this.state, true);
      case 'configure':
        this.#setIdentity(message.identity);
        return this.#configure(message.config, message.source, message.resume);
      case 'setIdentity':
        return this.#setIdentity(message.identity);
      case 'setLogConfig':
        if (this.config) this.config = { ...this.config, debug: message.debug };
        return;
      case 'debug':
        this.#delayNextMs = Math.max(0, Number(message.delayNextMediaManifest?.delayInMs) || 0);
        return this.#log(`the next media playlist waits ${this.#delayNextMs} ms`);
      case 'destroy':
        return this.destroy();
    }
  }

  /** Whether a request is this page's to answer (synchronous: a fetch event decides at once). */
  classify(url: string): RequestKind | null {
    if (this.state !== 'active' || !this.config) return null;
    const plain = url.split('#')[0]!;
    if (plain === this.#source) return 'multivariant';
    if (this.#variants.has(plain)) return 'media';
    const path = plain.split('?')[0]!;
    if (PREFETCH_NAME.test(path) && this.#feedOfPrefetch(path)) return 'prefetch';
    if (this.#feedOfSegment(plain)) return 'segment';
    return null;
  }

  /** The answer to a request `classify` claimed; null: let it go to the network as it is. */
  async answer(url: string, kind: RequestKind): Promise<Response | null> {
    switch (kind) {
      case 'multivariant':
        return this.#answerMultivariant(url);
      case 'media':
        return this.#answerMedia(url.split('#')[0]!);
      case 'segment':
        return this.#answerSegment(url);
      case 'prefetch':
        return this.#answerPrefetch(url);
    }
  }

  destroy(): void {
    for (const feed of this.#feeds.values()) feed.destroy();
    this.#feeds.clear();
    this.config = null;
    this.#setState('ready', false);
  }

  #configure(input: unknown, source: unknown, resume: unknown): void {
    this.#setState('configuring', true);
    // The page checked it too; a worker still takes nothing on trust from a message.
    const result = resolveServiceWorkerConfig(input, true);
    if (!result.ok || typeof source !== 'string') {
      this.#setState('error', true, result.ok ? 'configure needs the source playlist' : result.message);
      return;
    }
    for (const feed of this.#feeds.values()) feed.destroy();
    this.#feeds.clear();
    this.config = result.config;
    this.#source = new URL(source).href;
    this.#identity.restart(this.#source);
    this.#resume = resume === true;
    this.#started = false;
    this.#setState('active', true);
  }

  #setIdentity(input: unknown): void {
    if (input === undefined) return;
    const identity = checkIdentity(input);
    if (identity) this.#identity.identity = identity;
    else this.#log('an identity that does not check out was ignored');
  }

  async #answerMultivariant(url: string): Promise<Response | null> {
    const start = this.env.now();
    const cached = this.config!.cacheMultivariant ? this.#multivariant : null;
    let text = cached;
    if (text === null) {
      const response = await this.#upstream.fetch(url, new AbortController().signal);
      if (!response.ok) return null;
      text = absoluteMultivariant(await readBoundedText(response, 'playlist'), url);
      if (this.config!.cacheMultivariant) this.#multivariant = text;
    }
    for (const variant of parseMultivariant(text, url).variants) this.#variants.add(variant.url);
    const totalMs = this.env.now() - start;
    this.#analytics({ url, kind: 'multivariant', fromCache: cached !== null, totalMs, heldMs: 0, delayedMs: 0 });
    return this.env.respond(text, 'application/vnd.apple.mpegurl');
  }

  async #answerMedia(url: string): Promise<Response | null> {
    const config = this.config!;
    const { lowLatency, holdReloads } = { lowLatency: config.lowLatencyMode, holdReloads: this.#holds() };
    let feed = this.#feeds.get(url);
    if (!feed) {
      feed = new MediaFeed(url, { lowLatency, holdReloads }, this.#upstream);
      this.#feeds.set(url, feed);
    }
    const start = this.env.now();
    const delayedMs = this.#delayNextMs;
    this.#delayNextMs = 0;
    if (delayedMs > 0) await this.env.sleep(delayedMs, new AbortController().signal);
    const heldFrom = this.env.now();
    const choosingStart = lowLatency.enabled && !this.#started && !this.#resume;
    if (feed.lastGiven === null) {
      await feed.refresh();
      if (choosingStart) await this.#holdForStart(feed);
    } else if (holdReloads) {
      await feed.newerThan(feed.lastGiven, this.env.now() + 3 * feed.latest!.targetDuration * 1000);
    } else {
      await feed.refresh();
    }
    feed.asked();
    if (feed.foreign || !feed.latest) return null;
    const heldMs = this.env.now() - heldFrom;
    const native = rewriteForNative(feed.latest, {
      startWindow: choosingStart ? 1 : null,
      transformTargetDuration: config.transformTargetDuration,
      prefetchUrl: lowLatency.enabled && lowLatency.convertPrefetchSegment ? (msn) => prefetchUrl(url, msn) : null,
      discontinuitySequence: feed.discontinuitySequence,
    });
    this.#started = true;
    const newest = native.segments.filter((s) => !PREFETCH_NAME.test(s.url)).at(-1)?.msn ?? null;
    if (newest !== null) feed.lastGiven = Math.max(feed.lastGiven ?? newest, newest);
    this.#reportSegments(feed);
    this.#analytics({
      url,
      kind: 'media',
      fromCache: false,
      totalMs: this.env.now() - start,
      heldMs,
      delayedMs,
      segments: native.segments.length,
    });
    return this.env.respond(native.text, 'application/vnd.apple.mpegurl');
  }

  /**
   * The first answer of a playback sets where the native player starts: one segment from the
   * edge. Asked late in a segment, the answer waits for that segment to complete (at most half a
   * target duration), so playback starts on a segment that just completed, not one that is
   * nearly a segment old.
   */
  async #holdForStart(feed: MediaFeed): Promise<void> {
    const latest = feed.latest!;
    const inProgress = latest.segments.at(-1);
    const newest = feed.newestWhole;
    if (!inProgress || inProgress.url !== null || newest === null) return;
    if (inProgress.duration < latest.targetDuration * START_HOLD_FRACTION) return;
    await feed.newerThan(newest, this.env.now() + latest.targetDuration * 1000);
  }

  async #answerSegment(url: string): Promise<Response | null> {
    const found = this.#feedOfSegment(url);
    if (!found) return null;
    const { feed, msn } = found;
    feed.newestRequested = Math.max(feed.newestRequested ?? msn, msn);
    this.#reportSegments(feed);
    if (!this.config!.lowLatencyMode.enabled || !this.config!.lowLatencyMode.useLocalSegment) return null;
    const bytes = await feed.localSegment(msn);
    if (!bytes) return null;
    this.#fromParts += 1;
    return this.env.respond(bytes, 'video/mp4');
  }

  async #answerPrefetch(url: string): Promise<Response | null> {
    const feed = this.#feedOfPrefetch(url.split('?')[0]!);
    const msn = Number(PREFETCH_NAME.exec(url.split('?')[0]!)?.[1]);
    if (!feed || !feed.latest) return null;
    await feed.newerThan(msn - 1, this.env.now() + 3 * feed.latest.targetDuration * 1000);
    feed.newestRequested = Math.max(feed.newestRequested ?? msn, msn);
    const local = this.config!.lowLatencyMode.useLocalSegment ? await feed.localSegment(msn) : null;
    if (local) {
      this.#fromParts += 1;
      return this.env.respond(local, 'video/mp4');
    }
    const whole = feed.latest.segments.find((s) => s.msn === msn && s.url !== null);
    if (!whole?.url) return null;
    const response = await this.#upstream.fetch(whole.url, new AbortController().signal);
    return response.ok ? this.env.respond(await readBounded(response, 'media'), 'video/mp4') : null;
  }

  /** Reloads are paced by the worker when low latency is on, or when the target duration says 0. */
  #holds(): boolean {
    return this.config!.lowLatencyMode.enabled || this.config!.transformTargetDuration;
  }

  #feedOfSegment(url: string): { feed: MediaFeed; msn: number } | null {
    for (const feed of this.#feeds.values()) {
      const segment = feed.latest?.segments.find((s) => s.url === url);
      if (segment) return { feed, msn: segment.msn };
    }
    return null;
  }

  #feedOfPrefetch(path: string): MediaFeed | null {
    for (const feed of this.#feeds.values()) {
      if (path.startsWith(feed.url.slice(0, feed.url.lastIndexOf('/') + 1))) return feed;
    }
    return null;
  }

  #reportSegments(feed: MediaFeed): void {
    const requested = feed.newestRequested ?? Number.NEGATIVE_INFINITY;
    const segments = (feed.latest?.segments ?? [])
      .filter((s) => s.url !== null && s.msn <= (feed.lastGiven ?? -1))
      .map((s) => ({ msn: s.msn, programDateTime: s.dateMs, duration: s.duration, requested: s.msn <= requested }));
    this.env.post({ type: 'availableSegments', segments, targetDuration: feed.latest?.targetDuration ?? 0 });
  }

  #analytics(
    analytics: Omit<ManifestLoadAnalytics, 'segments' | 'segmentsFromParts'> &
      Partial<Pick<ManifestLoadAnalytics, 'segments'>>,
  ): void {
    this.env.post({
      type: 'manifestLoadAnalytics',
      analytics: { segments: 0, ...analytics, segmentsFromParts: this.#fromParts },
    });
    // Without the query, where a playback token travels (never logged).
    this.#log(`${analytics.kind} ${analytics.url.split('?')[0]} in ${Math.round(analytics.totalMs)} ms`);
  }

  #setState(state: ServiceWorkerState, announce: boolean, message?: string): void {
    this.state = state;
    if (announce) this.env.post({ type: 'stateChanged', state, ...(message ? { message } : {}) });
  }

  #log(message: string): void {
    if (this.config?.debug) this.env.log(`[live-manifest worker] ${message}`);
  }
}

export function prefetchUrl(mediaPlaylistUrl: string, msn: number): string {
  return new URL(`onair-sw-prefetch-${msn}.m4s`, mediaPlaylistUrl).href;
}
