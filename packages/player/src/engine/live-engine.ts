import { ErrorCode, ErrorType } from '../types/errors.ts';
import type { Timers } from '../types/environment.ts';
import { TransferGuard, shouldAbandon } from './abandon.ts';
import { ThroughputEstimator, type ThroughputSample } from './abr.ts';
import { fragmentStartTime, mediaProblem } from './fmp4.ts';
import { BackBuffer } from './back-buffer.ts';
import { EngineRequests } from './engine-requests.ts';
import { Id3Tags } from './id3-tags.ts';
import { InitSegments } from './init-segments.ts';
import { engineError, MEDIA_RETRY, type Loaded, type RetryPolicy, type TransferWatch } from './loader.ts';
import type { MediaPlaylist } from '../hls/media-playlist.ts';
import { PlaylistRefresher } from './playlist-refresher.ts';
import type { MediaTarget } from './media-target.ts';
import { pieceFailure, startSeekPosition, type PieceAtFailure } from './piece-failure.ts';
import { parseMultivariant } from '../hls/multivariant.ts';
import { Renditions, type QualityRef } from './renditions.ts';
import { listedPieces, nextLoad, startCursor, startLatency, type Cursor, type NextLoad } from './part-scheduler.ts';
import type { EngineEvent } from './protocol.ts';
import { START_PREFETCH_MAX, StartPrefetch } from './start-prefetch.ts';
import { SwitchHold } from './switch-hold.ts';
import { MediaTimeline } from './timeline-anchor.ts';
import { Wakeups } from './wakeups.ts';

export interface EngineDeps {
  fetch: typeof fetch;
  monotonic(): number;
  timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  target: MediaTarget;
  emit(event: EngineEvent): void;
  isTypeSupported(mime: string): boolean;
}

export interface EngineOptions {
  lowLatency: boolean;
  bandwidthEstimate: number | null;
  /** SPEC §3 abrTranscodesOnly: automatic quality never picks the source. */
  transcodesOnly: boolean;
}

/** Forward buffer (s) past which the engine stops loading (a paused live player). */
export const MAX_FORWARD_BUFFER_S = 30;
/** After a full SourceBuffer refused a piece: how long to let the element play before trying again. */
export const QUOTA_RETRY_MS = 500;

type Piece = Exclude<NextLoad, { kind: 'wait' | 'behind' | 'ended' }>;

/**
 * The live LL-HLS engine: two loops per load. The playlist loop keeps the newest media
 * playlist with blocking reloads (`_HLS_msn`/`_HLS_part`, delta updates when offered); the
 * media loop loads the next part, the preload-hinted part ahead of its publication, or whole
 * segments where parts are gone, and appends them in order. Every decision is a pure function
 * (part-scheduler, abr, timeline-anchor); this class only sequences I/O. A new load or a jump
 * to the live edge starts a new generation, and a loop of an old one ends at its next await.
 */
export class LiveEngine {
  private generation = 0;
  private abort = new AbortController();
  private readonly renditions = new Renditions();
  private variant = -1;
  private playlist: MediaPlaylist | null = null;
  private cursor: Cursor | null = null;
  private startOffset: number | null = null;
  /** How far behind the edge this start aims: the seek is made from the newest playlist. */
  private startLatencyS = 0;
  private readonly prefetch = new StartPrefetch();
  /** When the newest playlist arrived (monotonic ms): its edge has moved on since. */
  private playlistAt = 0;
  private readonly init = new InitSegments();
  private readonly timeline = new MediaTimeline();
  private playedVariant = -1;
  private position = Number.NaN;
  private viewport = { width: 0, height: 0 };
  private readonly throughput: ThroughputEstimator;
  private readonly wakeups: Wakeups;
  private readonly refresher: PlaylistRefresher;
  private readonly requests: EngineRequests;
  private readonly backBuffer: BackBuffer;
  private readonly tags = new Id3Tags();
  /** The lower rendition's pieces after a step down, held until they reach the buffered end. */
  private readonly hold = new SwitchHold<Piece>();
  private failed = false;
  private url = '';

  constructor(
    private readonly deps: EngineDeps,
    private options: EngineOptions,
  ) {
    this.throughput = new ThroughputEstimator(options.bandwidthEstimate);
    this.wakeups = new Wakeups(deps.timers);
    this.backBuffer = new BackBuffer(deps.target, () => this.position);
    this.requests = new EngineRequests({ ...deps, sleep: (ms) => this.wakeups.sleep(ms) });
    this.refresher = new PlaylistRefresher({
      fetch: (url, signal, parse) => {
        const gen = this.generation;
        return this.requests.playlist(url, { signal, current: () => gen === this.generation }, parse, (event) =>
          this.fail(event),
        );
      },
      sleep: (ms) => this.wakeups.sleep(ms),
      lowLatency: () => this.options.lowLatency,
      onPlaylist: (playlist) => {
        this.playlist = playlist;
        this.playlistAt = deps.monotonic();
        this.emitTimeline();
        this.wakeups.wake();
      },
    });
  }

  /** SPEC §7 setRequestCredentials: the credentials mode of every request. */
  set credentials(mode: RequestCredentials) {
    this.requests.credentials = mode;
  }

  /** `multivariant`: the text of `url`, when the page has fetched it already (load's `extra`). */
  load(url: string, multivariant?: string): void {
    this.url = url;
    this.failed = false;
    const gen = this.restart();
    this.playlist = null;
    void this.loadMultivariant(url, gen, multivariant);
  }

  /** Leaves what is buffered and starts again at the live edge (a long stall, liveMaxLatency). */
  seekToLive(): void {
    // Nothing to resume before a source, or after a fatal error: only a new load starts again.
    if (this.variant < 0 || this.failed) return;
    const gen = this.restart();
    this.refresher.follow(this.renditions.all[this.variant]!.url);
    void this.mediaLoop(gen);
  }

  /**
   * The page replaced the MediaSource (default-media-source's reload): nothing is buffered and
   * no init segment is in force. Playlists and the throughput estimate stay warm, so this
   * starts at the live edge sooner than a new engine would; after a fatal error it loads again.
   */
  resetTarget(): void {
    this.init.forget();
    this.playedVariant = -1;
    if (this.failed || this.variant < 0) {
      if (this.url) this.load(this.url);
      return;
    }
    this.seekToLive();
  }

  /** The element waits for data: whatever the media loop sleeps on (a full buffer), load now. */
  onIdle(): void {
    this.wakeups.wake();
  }

  /**
   * The element played to the end of the stream: nothing more loads until the page moves it
   * (seekToLive, a reset or a new load).
   */
  onEnded(): void {
    this.generation += 1;
    this.abort.abort();
    this.prefetch.clear();
    this.refresher.stop();
    this.wakeups.wake();
  }

  setQuality(quality: QualityRef | null): void {
    this.renditions.manual = quality;
    this.wakeups.wake();
  }

  removeQuality(quality: QualityRef): void {
    this.renditions.remove(quality);
    if (this.variant >= 0 && !this.renditions.isUsable(this.variant)) this.switchVariant(this.pickVariant(true));
  }

  setPosition(position: number): void {
    this.position = position;
  }

  setViewport(width: number, height: number): void {
    this.viewport = { width, height };
  }

  setLowLatency(enabled: boolean): void {
    this.options = { ...this.options, lowLatency: enabled };
  }

  bandwidthEstimate(): number {
    return Math.round(this.throughput.estimate() ?? 0);
  }

  destroy(): void {
    this.generation += 1;
    this.abort.abort();
    this.prefetch.clear();
    this.refresher.stop();
    this.wakeups.wake();
  }

  private restart(): number {
    this.generation += 1;
    this.abort.abort();
    this.prefetch.clear();
    this.refresher.stop();
    this.abort = new AbortController();
    this.cursor = null;
    this.startOffset = null;
    this.hold.clear();
    this.timeline.reset();
    this.wakeups.wake();
    return this.generation;
  }

  /** The variant to play next: the viewer's, the start choice, or the ABR rule's. */
  private pickVariant(starting: boolean): number {
    const range = this.bufferedAround();
    return this.renditions.choose(this.variant, starting, {
      throughputBps: this.throughput.estimate(),
      bufferS: range ? range.end - this.position : 0,
      viewport: this.viewport,
      transcodesOnly: this.options.transcodesOnly,
    });
  }

  /**
   * Moves loading to another variant. The playlist left behind reports where that one is
   * (EXT-X-RENDITION-REPORT): its first request then blocks for that very part, which the
   * server has (a fast switch), rather than a plain request an edge cache may answer with an
   * older playlist.
   */
  private switchVariant(index: number): void {
    if (index < 0 || index === this.variant) return;
    const url = this.renditions.all[index]!.url;
    const report = this.playlist?.renditionReports.find((r) => r.url === url && r.lastMsn >= 0);
    this.variant = index;
    this.playlist = null;
    this.prefetch.clear();
    this.refresher.follow(url, report && { msn: report.lastMsn, part: report.lastPart >= 0 ? report.lastPart : null });
    this.wakeups.wake();
  }

  private bufferedAround(): { start: number; end: number } | null {
    if (!Number.isFinite(this.position)) return null;
    return this.deps.target.buffered().find((r) => r.start <= this.position + 0.1 && r.end > this.position) ?? null;
  }

  /** The end of this generation: nothing more loads until the page loads again. */
  private fail(event: EngineEvent): void {
    this.failed = true;
    this.destroy();
    this.deps.emit(event);
  }

  /** A request of this generation with the retry policy of its kind; null once it is over. */
  private fetchWithRetry(
    url: string,
    gen: number,
    policy: RetryPolicy,
    signal = this.abort.signal,
    watch?: TransferWatch,
    kind?: 'init' | 'fragment',
  ): Promise<Loaded | null> {
    // Media is judged before it can reach the SourceBuffer (fmp4.ts mediaProblem).
    const check = kind && ((bytes: Uint8Array) => mediaProblem(bytes, kind));
    return this.requests.load(url, policy, { signal, current: () => gen === this.generation }, watch, check);
  }

  private async loadMultivariant(url: string, gen: number, fetched?: string): Promise<void> {
    const scope = { signal: this.abort.signal, current: () => gen === this.generation };
    const multivariant = await this.requests.playlist(
      url,
      scope,
      (text) => parseMultivariant(text, url),
      (event) => this.fail(event),
      fetched,
    );
    if (!multivariant) return;
    if (multivariant.alternateRenditions > 0) {
      // Audio in its own playlist: hls.js (the mse sink) plays that; we decline.
      this.fail({ type: 'declined', reason: 'alternate renditions' });
      return;
    }
    this.renditions.set(multivariant.variants, this.deps.isTypeSupported);
    this.deps.emit({
      type: 'sourceInfo',
      sessionData: multivariant.sessionData,
      startOffset: multivariant.startOffset,
      qualities: multivariant.variants.map((v) => v.quality),
    });
    this.variant = this.pickVariant(true);
    if (this.variant < 0) {
      this.fail({
        type: 'error',
        error: engineError(
          ErrorType.NotSupported,
          ErrorCode.NoPlayableSink,
          'playlist',
          'no variant this browser can play',
        ),
      });
      return;
    }
    this.refresher.follow(this.renditions.all[this.variant]!.url);
    void this.mediaLoop(gen);
  }

  /**
   * The page's view of the live edge, and the element's seekable window with it: the listed
   * segments up to the edge. Set before the start seek, so that a start position whose media
   * is still loading is not cut back to the end of the first piece.
   */
  private emitTimeline(): void {
    const playlist = this.playlist;
    const timeline = playlist && this.timeline.timeline(playlist);
    if (!timeline) return;
    const span = playlist.segments.reduce((total, segment) => total + segment.duration, 0);
    this.deps.target.setSeekable(Math.max(0, timeline.edgeTime - span), timeline.edgeTime);
    this.deps.emit({ type: 'timeline', timeline });
  }

  private async mediaLoop(gen: number): Promise<void> {
    while (gen === this.generation) {
      const playlist = this.playlist;
      if (!playlist) {
        await this.wakeups.changed();
        continue;
      }
      if (!this.cursor) {
        const latency = startLatency(playlist, this.options.lowLatency);
        const start = startCursor(playlist, latency);
        if (!start) {
          await this.wakeups.changed();
          continue;
        }
        this.cursor = start.cursor;
        this.startOffset = start.offset;
        this.startLatencyS = latency;
        // The init segment first: a browser opens 6 connections to an HTTP/1.1 origin, and
        // behind the parts it waited for one (the blocking playlist reload holds another).
        const pieces = listedPieces(playlist, start.cursor, START_PREFETCH_MAX);
        const mapUrl = playlist.segments.find((s) => s.msn === start.cursor.msn)?.mapUrl ?? null;
        const urls = [...(mapUrl && this.init.needs(mapUrl) ? [mapUrl] : []), ...pieces.map((piece) => piece.url)];
        this.prefetch.start(urls, this.abort.signal, (url, signal) =>
          this.fetchWithRetry(url, gen, MEDIA_RETRY, signal, undefined, url === mapUrl ? 'init' : 'fragment'),
        );
      }
      const range = this.bufferedAround();
      if (range && range.end - this.position > MAX_FORWARD_BUFFER_S) {
        await this.wakeups.sleep(500);
        continue;
      }
      const next = nextLoad(playlist, this.cursor);
      if (next.kind === 'wait') {
        await this.wakeups.changed();
        continue;
      }
      if (next.kind === 'ended') return;
      if (next.kind === 'behind') {
        // Fell out of the window: start again at the edge.
        this.cursor = null;
        continue;
      }
      const independent = next.kind === 'segment' || next.independent;
      if (independent && this.timeline.anchored) {
        const wanted = this.pickVariant(false);
        if (wanted >= 0 && wanted !== this.variant) {
          this.switchVariant(wanted);
          continue;
        }
      }
      if (!(await this.loadPiece(playlist, next, gen))) return;
    }
  }

  /** The abandon rule's watch over one piece's transfer (abandon.ts). */
  private guard(piece: Piece): TransferGuard {
    return new TransferGuard(this.deps, this.abort.signal, piece.duration, (elapsedMs) => {
      const range = this.bufferedAround();
      return shouldAbandon({
        elapsedMs,
        durationS: piece.duration,
        bufferAheadS: range ? range.end - this.position : 0,
        canStepDown: this.renditions.manual === null && this.renditions.below(this.variant) >= 0,
      });
    });
  }

  /**
   * After an abandoned piece: its bytes so far are a throughput sample, and the same segment
   * loads again from its independent part in the rendition that rate carries.
   */
  private stepDown(piece: Piece, sample: ThroughputSample): void {
    this.throughput.restartFrom(sample);
    const bufferedEnd = this.bufferedAround()?.end ?? null;
    this.cursor = piece.kind === 'segment' ? piece.cursor : { msn: piece.cursor.msn, part: 0 };
    const bitrate = (index: number) => this.renditions.all[index]?.quality.bitrate ?? Number.POSITIVE_INFINITY;
    const chosen = this.pickVariant(false);
    // Never the same piece again in the same rendition: at least one step down.
    this.switchVariant(bitrate(chosen) < bitrate(this.variant) ? chosen : this.renditions.below(this.variant));
    this.hold.begin(bufferedEnd);
  }

  /** Whether the newest playlist lists a segment more than one after the piece's. */
  private passedBy(piece: Piece): boolean {
    const newest = this.playlist?.segments.at(-1)?.msn;
    return newest !== undefined && newest > piece.cursor.msn + 1;
  }

  /** Loads and appends one piece; false when this generation is over (error, restart, destroy). */
  private async loadPiece(playlist: MediaPlaylist, piece: Piece, gen: number): Promise<boolean> {
    const segment =
      playlist.segments.find((s) => s.msn === piece.cursor.msn) ?? playlist.segments[playlist.segments.length - 1];
    const mapUrl = segment?.mapUrl ?? null;
    if (!mapUrl) {
      // No EXT-X-MAP: MPEG-TS segments, which this engine does not demux (hls.js does).
      this.fail({ type: 'declined', reason: 'MPEG-TS segments' });
      return false;
    }
    const guard = this.guard(piece);
    // The init segment and the piece are asked for at once: applying the init may wait (a
    // worker's MediaSource opens only once the page has put it on an element), the piece's
    // request need not. A failure meanwhile is handled where each is awaited.
    const initFetch = this.init.needs(mapUrl)
      ? (this.prefetch.take(mapUrl) ?? this.fetchWithRetry(mapUrl, gen, MEDIA_RETRY, undefined, undefined, 'init'))
      : null;
    initFetch?.catch(() => undefined);
    // A piece of the start was asked for with the others (start-prefetch.ts).
    const prefetched = this.prefetch.take(piece.url);
    const fetching =
      prefetched ?? this.fetchWithRetry(piece.url, gen, MEDIA_RETRY, guard.signal, guard.watch, 'fragment');
    fetching.catch(() => undefined);
    // Only the piece's own request has the hint and live-window rules; the init segment's has not.
    let awaiting: 'init' | 'piece' | 'append' = 'init';
    try {
      if (initFetch) {
        const init = await initFetch;
        if (!init || gen !== this.generation) return false;
        // Pieces held for a step down go in under their own init segment, before another one.
        if (!(await this.appendInOrder(playlist, this.hold.takeHeld(), gen))) return false;
        const quality = this.renditions.all[this.variant]!.quality;
        await this.init.apply(this.deps.target, mapUrl, init.bytes, quality);
        this.deps.emit({ type: 'tracks', codec: quality.codecs, path: playlist.url, group: quality.group });
      }
      awaiting = 'piece';
      const loaded = await fetching;
      awaiting = 'append';
      if (guard.abandoned && gen === this.generation) {
        this.stepDown(piece, guard.abandoned);
        return true;
      }
      if (!loaded || gen !== this.generation) return false;
      // Overlapping transfers share the link: a prefetched piece's rate is no sample.
      if (!prefetched) this.throughput.add({ bytes: loaded.bytes.byteLength, transferMs: loaded.transferMs });
      const start = fragmentStartTime(loaded.bytes, this.init.timescales);
      if (this.hold.keep(piece, loaded.bytes, start === null ? null : start + piece.duration)) {
        this.cursor = piece.next;
        return true;
      }
      return await this.appendInOrder(playlist, [...this.hold.release(), { piece, bytes: loaded.bytes }], gen);
    } catch (error) {
      const own = awaiting === 'piece';
      return this.afterFailure(
        error,
        { hint: own && piece.kind === 'hint', passedBy: own && this.passedBy(piece) },
        gen,
      );
    } finally {
      guard.cancel();
    }
  }

  /** Appends `pieces` in order; false when the generation ended meanwhile. */
  private async appendInOrder(
    playlist: MediaPlaylist,
    pieces: readonly { piece: Piece; bytes: Uint8Array }[],
    gen: number,
  ): Promise<boolean> {
    // A failed append leaves the cursor on its piece, which then loads again.
    if (pieces.length > 0) this.cursor = pieces[0]!.piece.cursor;
    for (const next of pieces) {
      await this.deps.target.append(next.bytes);
      if (gen !== this.generation) return false;
      this.afterAppend(playlist, next.piece, next.bytes);
    }
    return true;
  }

  /** Carries out the verdict on a piece that failed (piece-failure.ts); false when the load is over. */
  private async afterFailure(error: unknown, piece: PieceAtFailure, gen: number): Promise<boolean> {
    const verdict = pieceFailure(error, piece);
    // A restart or a replaced MediaSource ended this generation already: nothing of it is reported.
    if (verdict.kind !== 'rethrow' && gen !== this.generation) return false;
    switch (verdict.kind) {
      case 'waitForPlaylist':
        await this.wakeups.changed();
        return gen === this.generation;
      case 'restartAtEdge':
        this.cursor = null;
        return true;
      case 'makeRoom':
        // The cursor has not moved: the same piece again, once the element has played on and
        // freed what it played (a real pause: a playlist's arrival must not cut it short).
        await this.backBuffer.evict(0);
        await new Promise<void>((resolve) => this.deps.timers.setTimeout(() => resolve(), QUOTA_RETRY_MS));
        return gen === this.generation;
      case 'stopSilently':
        this.destroy();
        return false;
      case 'fail':
        this.fail(verdict.event);
        return false;
      case 'rethrow':
        if (gen !== this.generation) return false;
        throw error;
    }
  }

  private afterAppend(playlist: MediaPlaylist, piece: Piece, bytes: Uint8Array): void {
    const mediaTime = fragmentStartTime(bytes, this.init.timescales);
    if (mediaTime !== null) {
      const first = !this.timeline.anchored;
      this.timeline.record(playlist, piece.cursor, mediaTime, piece.kind === 'hint' ? null : piece.dateMs);
      if (first) this.emitTimeline();
      if (this.startOffset !== null) {
        const playlist = this.playlist;
        const position = startSeekPosition({
          pieceStart: mediaTime,
          offsetS: this.startOffset,
          edgeTime: (playlist && this.timeline.timeline(playlist)?.edgeTime) ?? null,
          latencyS: this.startLatencyS,
          playlistAgeS: (this.deps.monotonic() - this.playlistAt) / 1000,
          maxAgeS: playlist?.partTarget || playlist?.targetDuration || 0,
        });
        this.deps.emit({ type: 'seek', position });
        this.startOffset = null;
      }
    }
    const samples = this.tags.take(bytes, mediaTime);
    if (samples.length > 0) this.deps.emit({ type: 'metadata', samples });
    if (this.playedVariant !== this.variant) {
      this.playedVariant = this.variant;
      this.deps.emit({ type: 'qualityChanged', quality: this.renditions.all[this.variant]!.quality });
    }
    this.deps.emit({
      type: 'progress',
      bytes: bytes.byteLength,
      duration: piece.duration,
      bandwidthEstimate: this.bandwidthEstimate(),
    });
    this.cursor = piece.next;
    this.backBuffer.afterAppend();
  }
}
