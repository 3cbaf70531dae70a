import type { DrmKey } from '../hls/media-playlist.ts';
import type { MediaPlaylist, SegmentKey } from '../hls/media-playlist.ts';
import { STARVING_BELOW_S, STARVING_UNTIL_S, TransferGuard, shouldAbandon } from './abandon.ts';
import type { ThroughputEstimator, ThroughputSample } from './abr.ts';
import type { BackBuffer } from './back-buffer.ts';
import { ErrorCode, ErrorType } from '../types/errors.ts';
import { codecsOfInit, fragmentStartTime, mediaProblem } from './fmp4.ts';
import { KeyError, type SegmentKeys } from './segment-keys.ts';
import type { RemuxedCaption, TsRemuxer } from './ts/ts-remuxer.ts';
import { initKey } from './ts/transport-stream.ts';
import { Id3Tags } from './id3-tags.ts';
import type { InitSegments } from './init-segments.ts';
import { engineError, InvalidMediaError, type Loaded, type RetryPolicy, type TransferWatch } from './loader.ts';
import { independentAtOrBefore, nextLoad, type Cursor, type NextLoad, type TrackStart } from './part-scheduler.ts';
import { pieceFailure, startSeekPosition, type PieceAtFailure } from './piece-failure.ts';
import type { EngineEvent } from './protocol.ts';
import type { Renditions } from './renditions.ts';
import type { StartPrefetch } from './start-prefetch.ts';
import { planStart } from './start-plan.ts';
import { SwitchHold } from './switch-hold.ts';
import { upSwitchSegment } from './up-switch.ts';
import type { MediaTimeline } from './timeline-anchor.ts';
import type { Wakeups } from './wakeups.ts';
import { TimestampOffsets } from './timestamp-offsets.ts';
import type { EngineDeps, EngineOptions } from './engine-deps.ts';

/** Forward buffer (s) past which the engine stops loading (a paused live player). */
export const MAX_FORWARD_BUFFER_S = 30;
/** After a full SourceBuffer refused a piece: how long to let the element play before trying again. */
export const QUOTA_RETRY_MS = 500;

export type Piece = Exclude<NextLoad, { kind: 'wait' | 'behind' | 'ended' }>;

/** What one request of a generation is: its retry policy, its signal and watch, the media check. */
export interface FetchOptions {
  policy?: RetryPolicy;
  signal?: AbortSignal;
  watch?: TransferWatch;
  /** Media is judged before it can reach the SourceBuffer (fmp4.ts mediaProblem). */
  kind?: 'init' | 'fragment';
}

/**
 * What the media loop reads and drives of its engine (live-engine.ts): the generation and its
 * signal, the newest playlist, the renditions and the variant playing, and the parts the two
 * share (throughput, prefetch, init segments, timeline, back buffer, wake-ups).
 */
export interface MediaLoopHost {
  readonly deps: EngineDeps;
  readonly options: EngineOptions;
  readonly generation: number;
  readonly abort: AbortController;
  readonly playlist: MediaPlaylist | null;
  /**
   * When the packager wrote the newest playlist (monotonic ms): its arrival, less the age it
   * already had then where its Last-Modified tells (playlist-age.ts).
   */
  readonly playlistWrittenAt: number;
  readonly position: number;
  /** The position moved on at the element's rate since it was reported. */
  projectedPosition(): number;
  readonly variant: number;
  readonly renditions: Renditions;
  readonly throughput: ThroughputEstimator;
  readonly wakeups: Wakeups;
  readonly prefetch: StartPrefetch;
  readonly init: InitSegments;
  readonly timeline: MediaTimeline;
  readonly backBuffer: BackBuffer;
  pickVariant(starting: boolean): number;
  switchVariant(index: number): void;
  bufferedAround(): { start: number; end: number } | null;
  fetchWithRetry(url: string, gen: number, options: FetchOptions): Promise<Loaded | null>;
  /** The start is planned: an alternate audio rendition aligns to it (audio-loop.ts). */
  startPlanned(start: TrackStart): void;
  /** The codecs of the variant's own media (without those an alternate audio rendition carries). */
  mainCodecs(codecs: string): string;
  /** AES-128 keys and decryption (segment-keys.ts). */
  readonly keys: SegmentKeys;
  /** The stream is DRM-protected by these key systems; `init` the init segment going in. */
  protectedBy(systems: readonly DrmKey[], init: Uint8Array): void;
  /** A track loaded to the end of a stream that has one (VOD): once all have, the stream ends. */
  trackEnded(track: 'main' | 'audio'): void;
  /** The MPEG-TS remuxer (loaded on first use), or null where the engine cannot have one. */
  remuxer(): Promise<TsRemuxer | null>;
  /** CEA-608 captions the remuxer found, on the element's timeline (live-engine.ts shows the chosen channel's). */
  inBandCaptions(captions: RemuxedCaption[]): void;
  emitTimeline(): void;
  bandwidthEstimate(): number;
  /** Ends the generation with `event` (an error, a decline): nothing more loads. */
  fail(event: EngineEvent): void;
  destroy(): void;
}

/**
 * The engine's media loop: from the newest playlist, the next part, the preload-hinted part
 * ahead of its publication, or whole segments where parts are gone, fetched and appended in
 * order; the start's seek, the ABR switch at independent pieces, the abandon rule's step down
 * and the verdict on a piece that failed. One run per generation: it ends at its next await
 * once the engine has moved on.
 */
export class MediaLoop {
  private cursor: Cursor | null = null;
  private startOffset: number | null = null;
  /** How far behind the edge this start aims: the seek is made from the newest playlist. */
  private startLatencyS = 0;
  /** The start plays a VOD or EVENT playlist from its start (StartPlan.fromStart). */
  private startFromStart = false;
  private readonly tags = new Id3Tags();
  /** The lower rendition's pieces after a step down, held until they reach the buffered end. */
  private readonly hold = new SwitchHold<Piece>();
  /**
   * The abandoned part of a step down: the lower rendition resumes at its newest independent
   * part at or before it, found once that rendition's playlist is in (independentAtOrBefore).
   */
  private stepDownFrom: Cursor | null = null;
  /** The page was told the buffer runs dry before the step down's pieces arrive (starving). */
  private starving = false;
  private playedVariant = -1;
  /** The segment the MPEG-TS remuxer expects next: another one is a new timeline for it. */
  private tsCursor: number | null = null;
  /** A seek's segment: the next start is there, not at the edge (seekTo). */
  private seekMsn: number | null = null;
  /** Each discontinuity's timeline continued on the element's (timestamp-offsets.ts). */
  readonly offsets = new TimestampOffsets();

  constructor(private readonly host: MediaLoopHost) {}

  /** A new generation: it starts again at the live edge. */
  reset(): void {
    this.cursor = null;
    this.tsCursor = null;
    this.offsets.restart();
    this.startOffset = null;
    this.hold.clear();
    this.stepDownFrom = null;
    this.starve(false);
  }

  /** The next start is at segment `msn` (a seek the viewer made), with no start seek of its own. */
  startAt(msn: number): void {
    this.seekMsn = msn;
  }

  /** The MediaSource was replaced: the quality is announced again with the next append. */
  forgetQuality(): void {
    this.playedVariant = -1;
  }

  async run(gen: number): Promise<void> {
    while (gen === this.host.generation) {
      const playlist = this.host.playlist;
      if (!playlist) {
        await this.host.wakeups.changed();
        continue;
      }
      if (!this.cursor) {
        const seek = this.seekMsn;
        const plan = planStart(playlist, this.host.options.lowLatency, (url) => this.host.init.needs(url), seek);
        if (!plan) {
          await this.host.wakeups.changed();
          continue;
        }
        this.seekMsn = null;
        this.cursor = plan.cursor;
        const dateMs = playlist.segments.find((s) => s.msn === plan.cursor.msn)?.dateMs ?? null;
        this.host.startPlanned({ msn: plan.cursor.msn, dateMs });
        // After a seek the element is where the viewer put it: no start seek.
        this.startOffset = seek !== null && seek === plan.cursor.msn ? null : plan.offset;
        this.startLatencyS = plan.latencyS;
        this.startFromStart = plan.fromStart;
        // Encrypted media is judged once decrypted (loadPiece), not as it arrives.
        const encrypted = playlist.segments.some((s) => s.key);
        this.host.prefetch.start(plan.urls, this.host.abort.signal, (url, signal) =>
          this.host.fetchWithRetry(url, gen, {
            signal,
            kind: url === plan.mapUrl ? 'init' : encrypted ? undefined : 'fragment',
          }),
        );
      }
      if (this.stepDownFrom) {
        this.cursor = independentAtOrBefore(playlist, this.stepDownFrom);
        this.stepDownFrom = null;
      }
      const range = this.host.bufferedAround();
      if (range && range.end - this.host.position > MAX_FORWARD_BUFFER_S) {
        await this.host.wakeups.sleep(500);
        continue;
      }
      const next = nextLoad(playlist, this.cursor);
      if (next.kind === 'wait') {
        await this.host.wakeups.changed();
        continue;
      }
      if (next.kind === 'ended') {
        this.host.trackEnded('main');
        return;
      }
      if (next.kind === 'behind') {
        // Fell out of the window: start again at the edge.
        this.cursor = null;
        continue;
      }
      const independent = next.kind === 'segment' || next.independent;
      if (independent && this.host.timeline.anchored) {
        const wanted = this.host.pickVariant(false);
        if (wanted >= 0 && wanted !== this.host.variant) {
          this.host.switchVariant(wanted);
          continue;
        }
      } else if (this.host.timeline.anchored && this.switchUpInBuffer(playlist)) continue;
      if (!(await this.loadPiece(playlist, next, gen))) return;
    }
  }

  /** The abandon rule's watch over one piece's transfer (abandon.ts). */
  private guard(piece: Piece): TransferGuard {
    // Without a declared length, the size its rendition's bitrate gives it (a part that opens
    // with a key frame is larger: the prediction then errs late, never early). Not for a hinted
    // part: an origin may stream it as it is encoded (chunked, no length), at the pace it
    // plays, which from its bitrate would look slower than it plays: only the late rule then.
    const bitrate = this.host.renditions.all[this.host.variant]?.quality.bitrate ?? 0;
    const typicalBytes = bitrate > 0 && piece.kind !== 'hint' ? (bitrate / 8) * piece.duration : null;
    return new TransferGuard(this.host.deps, this.host.abort.signal, piece.duration, (progress) => {
      const range = this.host.bufferedAround();
      return shouldAbandon({
        elapsedMs: progress.elapsedMs,
        durationS: piece.duration,
        receivedBytes: progress.receivedBytes,
        expectedBytes: progress.declaredBytes ?? typicalBytes,
        bufferAheadS: range ? range.end - this.host.position : 0,
        canStepDown: this.host.renditions.manual === null && this.host.renditions.below(this.host.variant) >= 0,
      });
    });
  }

  /**
   * After an abandoned piece: its bytes so far are a throughput sample, and the same segment
   * loads again in the rendition that rate carries, from that rendition's newest independent
   * part at or before the abandoned one (its segment's first part where no later one is).
   */
  private stepDown(piece: Piece, sample: ThroughputSample): void {
    this.host.throughput.restartFrom(sample);
    const bufferedEnd = this.host.bufferedAround()?.end ?? null;
    this.cursor = piece.kind === 'segment' ? piece.cursor : { msn: piece.cursor.msn, part: 0 };
    // Which of its parts are independent is known once the lower rendition's playlist is in.
    this.stepDownFrom = piece.kind === 'segment' ? null : piece.cursor;
    // The lower rendition's playlist, init segment and first piece still have to cross the
    // collapsed link: on a short buffer the page plays slower until they have (starving).
    if (bufferedEnd !== null && bufferedEnd - this.host.projectedPosition() < STARVING_BELOW_S) this.starve(true);
    const bitrate = (index: number) => this.host.renditions.all[index]?.quality.bitrate ?? Number.POSITIVE_INFINITY;
    const chosen = this.host.pickVariant(false);
    // Never the same piece again in the same rendition: at least one step down.
    this.host.switchVariant(
      bitrate(chosen) < bitrate(this.host.variant) ? chosen : this.host.renditions.below(this.host.variant),
    );
    this.hold.begin(bufferedEnd);
  }

  /**
   * A step up the ABR rule wants between independent parts: from the first segment that begins
   * inside the buffer ahead (up-switch.ts), loaded again in the higher rendition and held until
   * it reaches the buffered end. False where there is none: the switch waits for the next
   * independent part, as before. Low-latency live only, and not during a step down's hold.
   */
  private switchUpInBuffer(playlist: MediaPlaylist): boolean {
    if (!this.host.options.lowLatency || playlist.endList || this.hold.holding) return false;
    const wanted = this.host.pickVariant(false);
    const bitrate = (index: number) => this.host.renditions.all[index]?.quality.bitrate ?? 0;
    if (wanted < 0 || wanted === this.host.variant || bitrate(wanted) <= bitrate(this.host.variant)) return false;
    const range = this.host.bufferedAround();
    if (!range) return false;
    const msn = upSwitchSegment(playlist, this.host.timeline.reference(), this.host.projectedPosition(), range.end);
    if (msn === null) return false;
    this.cursor = { msn, part: 0 };
    this.host.switchVariant(wanted);
    this.hold.begin(range.end);
    return true;
  }

  /** Whether the newest playlist lists a segment more than one after the piece's. */
  private passedBy(piece: Piece): boolean {
    const newest = this.host.playlist?.segments.at(-1)?.msn;
    return newest !== undefined && newest > piece.cursor.msn + 1;
  }

  /** Loads and appends one piece; false when this generation is over (error, restart, destroy). */
  private async loadPiece(playlist: MediaPlaylist, piece: Piece, gen: number): Promise<boolean> {
    const segment =
      playlist.segments.find((s) => s.msn === piece.cursor.msn) ?? playlist.segments[playlist.segments.length - 1];
    if (playlist.unsupportedKey) {
      // SAMPLE-AES or a DRM key system: not ours to decrypt (a sink with EME may).
      this.host.fail({ type: 'declined', reason: `encryption ${playlist.unsupportedKey}` });
      return false;
    }
    const key = segment?.msn === piece.cursor.msn ? segment.key : null;
    const mapUrl = segment?.mapUrl ?? null;
    // No EXT-X-MAP: MPEG-TS segments, remuxed to fMP4 here (ts/ts-remuxer.ts) where the
    // remuxer can be had; else hls.js plays them.
    const remuxer = mapUrl ? null : await this.host.remuxer();
    if (gen !== this.host.generation) return false;
    if (!mapUrl && !remuxer) {
      this.host.fail({ type: 'declined', reason: 'MPEG-TS segments' });
      return false;
    }
    // A new timeline (an encoder restart, a new start): the remuxer keeps nothing of the old.
    if (remuxer && (this.tsCursor === null || segment?.discontinuity || piece.cursor.msn !== this.tsCursor)) {
      remuxer.reset();
    }
    this.tsCursor = remuxer ? piece.next.msn : null;
    const guard = this.guard(piece);
    // The init segment and the piece are asked for at once: applying the init may wait (a
    // worker's MediaSource opens only once the page has put it on an element), the piece's
    // request need not. A failure meanwhile is handled where each is awaited.
    const initFetch =
      mapUrl && this.host.init.needs(mapUrl)
        ? (this.host.prefetch.take(mapUrl) ?? this.host.fetchWithRetry(mapUrl, gen, { kind: 'init' }))
        : null;
    initFetch?.catch(() => undefined);
    // A piece of the start was asked for with the others (start-prefetch.ts).
    const prefetched = this.host.prefetch.take(piece.url);
    const fetching =
      prefetched ??
      this.host.fetchWithRetry(piece.url, gen, {
        signal: guard.signal,
        watch: guard.watch,
        kind: key ? undefined : 'fragment',
      });
    fetching.catch(() => undefined);
    // Only the piece's own request has the hint and live-window rules; the init segment's has not.
    let awaiting: 'init' | 'piece' | 'append' = 'init';
    try {
      if (initFetch && mapUrl) {
        const init = await initFetch;
        if (!init || gen !== this.host.generation) return false;
        // Pieces held for a step down go in under their own init segment, before another one.
        if (!(await this.appendInOrder(playlist, this.hold.takeHeld(), gen))) return false;
        const quality = this.host.renditions.all[this.host.variant]!.quality;
        // A variant without CODECS (ffmpeg writes none for AV1): what its init segment holds.
        const codecs = this.host.mainCodecs(quality.codecs) || codecsOfInit(init.bytes);
        // DRM-protected media goes in encrypted: the page's MediaKeys decrypt it (drm/).
        if (playlist.drm.length > 0) this.host.protectedBy(playlist.drm, init.bytes);
        await this.host.init.apply(this.host.deps.target, mapUrl, init.bytes, codecs);
        this.host.deps.emit({ type: 'tracks', codec: quality.codecs, path: playlist.url, group: quality.group });
      }
      awaiting = 'piece';
      const loaded = await fetching;
      awaiting = 'append';
      if (guard.abandoned && gen === this.host.generation) {
        this.stepDown(piece, guard.abandoned);
        return true;
      }
      if (!loaded || gen !== this.host.generation) return false;
      // Overlapping transfers share the link: a prefetched piece's rate is no sample.
      if (!prefetched) this.host.throughput.add({ bytes: loaded.bytes.byteLength, transferMs: loaded.transferMs });
      const clear = key ? await this.decrypted(loaded.bytes, key, piece, remuxer !== null) : loaded.bytes;
      if (clear === null || gen !== this.host.generation) return false;
      const bytes = remuxer ? await this.remuxed(remuxer, playlist, clear, gen) : clear;
      if (bytes === null) return gen === this.host.generation;
      const raw = fragmentStartTime(bytes, this.host.init.timescales);
      const opens = segment?.discontinuity === true && segment.msn === piece.cursor.msn && piece.cursor.part === 0;
      const offset = raw === null ? null : this.offsets.forPiece(raw, opens);
      if (offset !== null) await this.host.deps.target.setTimestampOffset(offset);
      if (gen !== this.host.generation) return false;
      const start = raw === null ? null : raw + this.offsets.offset;
      if (this.hold.keep(piece, bytes, start === null ? null : start + piece.duration)) {
        this.cursor = piece.next;
        return true;
      }
      return await this.appendInOrder(playlist, [...this.hold.release(), { piece, bytes }], gen);
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

  /**
   * An AES-128 piece in the clear (segment-keys.ts), judged as a piece in the clear is when it
   * arrives (fmp4.ts mediaProblem; MPEG-TS by the remuxer); null when the load ended meanwhile.
   */
  private async decrypted(bytes: Uint8Array, key: SegmentKey, piece: Piece, ts: boolean): Promise<Uint8Array | null> {
    const clear = await this.host.keys.decrypt(bytes, key, piece.cursor.msn);
    const problem = clear && !ts ? mediaProblem(clear, 'fragment') : null;
    if (problem) throw new InvalidMediaError(piece.url, problem);
    return clear;
  }

  /**
   * An MPEG-TS piece as fMP4: its init segment put in force where it is new (the held pieces of
   * a step down first, under their own), and its moof+mdat returned; null when the piece held
   * no media (it is passed by) or the generation ended meanwhile.
   */
  private async remuxed(
    remuxer: TsRemuxer,
    playlist: MediaPlaylist,
    bytes: Uint8Array,
    gen: number,
  ): Promise<Uint8Array | null> {
    const remuxed = remuxer.remux(bytes);
    if (!remuxed) {
      this.cursor = this.cursor && { msn: this.cursor.msn + 1, part: 0 };
      return null;
    }
    if (remuxed.captions.length > 0) {
      // Emitted now, due when playback reaches them (the page's cue scheduler holds them).
      const offset = this.offsets.offset;
      this.host.inBandCaptions(
        remuxed.captions.map((c) => ({ ...c, startTime: c.startTime + offset, endTime: c.endTime + offset })),
      );
    }
    const key = initKey(remuxed.init);
    if (this.host.init.needs(key)) {
      if (!(await this.appendInOrder(playlist, this.hold.takeHeld(), gen))) return null;
      const quality = this.host.renditions.all[this.host.variant]!.quality;
      const codecs = this.host.mainCodecs(quality.codecs) || codecsOfInit(remuxed.init);
      await this.host.init.apply(this.host.deps.target, key, remuxed.init, codecs);
      if (gen !== this.host.generation) return null;
      this.host.deps.emit({ type: 'tracks', codec: codecs, path: playlist.url, group: quality.group });
    }
    return remuxed.media;
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
      await this.host.deps.target.append(next.bytes);
      if (gen !== this.host.generation) return false;
      this.afterAppend(playlist, next.piece, next.bytes);
    }
    if (this.starving) {
      const end = this.host.bufferedAround()?.end ?? null;
      if (end !== null && end - this.host.projectedPosition() >= STARVING_UNTIL_S) this.starve(false);
    }
    return true;
  }

  /** Tells the page when the buffer ahead starts and stops running dry (EngineEvent starving). */
  private starve(starving: boolean): void {
    if (starving === this.starving) return;
    this.starving = starving;
    this.host.deps.emit({ type: 'starving', starving });
  }

  /** Carries out the verdict on a piece that failed (piece-failure.ts); false when the load is over. */
  private async afterFailure(error: unknown, piece: PieceAtFailure, gen: number): Promise<boolean> {
    if (error instanceof KeyError) {
      if (gen !== this.host.generation) return false;
      const invalid = engineError(ErrorType.InvalidData, ErrorCode.MediaInvalid, 'segment', error.message);
      this.host.fail({ type: 'error', error: invalid });
      return false;
    }
    const verdict = pieceFailure(error, piece);
    // A restart or a replaced MediaSource ended this generation already: nothing of it is reported.
    if (verdict.kind !== 'rethrow' && gen !== this.host.generation) return false;
    switch (verdict.kind) {
      case 'waitForPlaylist':
        await this.host.wakeups.changed();
        return gen === this.host.generation;
      case 'restartAtEdge':
        this.cursor = null;
        return true;
      case 'makeRoom':
        // The cursor has not moved: the same piece again, once the element has played on and
        // freed what it played (a real pause: a playlist's arrival must not cut it short).
        await this.host.backBuffer.evict(0);
        await new Promise<void>((resolve) => this.host.deps.timers.setTimeout(() => resolve(), QUOTA_RETRY_MS));
        return gen === this.host.generation;
      case 'stopSilently':
        this.host.destroy();
        return false;
      case 'fail':
        this.host.fail(verdict.event);
        return false;
      case 'rethrow':
        if (gen !== this.host.generation) return false;
        throw error;
    }
  }

  private afterAppend(playlist: MediaPlaylist, piece: Piece, bytes: Uint8Array): void {
    const raw = fragmentStartTime(bytes, this.host.init.timescales);
    if (raw !== null) this.offsets.appended(raw, piece.duration);
    const mediaTime = raw === null ? null : raw + this.offsets.offset;
    if (mediaTime !== null) {
      const first = !this.host.timeline.anchored;
      this.host.timeline.record(playlist, piece.cursor, mediaTime, piece.kind === 'hint' ? null : piece.dateMs);
      if (first) this.host.emitTimeline();
      if (this.startOffset !== null) {
        const playlist = this.host.playlist;
        const position = startSeekPosition({
          pieceStart: mediaTime,
          offsetS: this.startOffset,
          edgeTime: (playlist && this.host.timeline.timeline(playlist)?.edgeTime) ?? null,
          latencyS: this.startLatencyS,
          // A recording's start is its first frame however old its playlist: a VOD's age once
          // moved its start up to a target duration in (its whole length being the "latency").
          playlistAgeS: this.startFromStart ? 0 : (this.host.deps.monotonic() - this.host.playlistWrittenAt) / 1000,
          maxAgeS: playlist?.partTarget || playlist?.targetDuration || 0,
        });
        this.host.deps.emit({ type: 'seek', position });
        this.startOffset = null;
      }
    }
    const samples = this.tags.take(bytes, mediaTime);
    if (samples.length > 0) this.host.deps.emit({ type: 'metadata', samples });
    if (this.playedVariant !== this.host.variant) {
      this.playedVariant = this.host.variant;
      this.host.deps.emit({ type: 'qualityChanged', quality: this.host.renditions.all[this.host.variant]!.quality });
    }
    this.host.deps.emit({
      type: 'progress',
      bytes: bytes.byteLength,
      duration: piece.duration,
      bandwidthEstimate: this.host.bandwidthEstimate(),
    });
    this.cursor = piece.next;
    this.host.backBuffer.afterAppend();
  }
}
