import type { DrmKey } from '../hls/media-playlist.ts';
import { psshOf } from './fmp4.ts';
import type { MediaPlaylist } from '../hls/media-playlist.ts';
import { parseMultivariant, type AudioRendition, type Multivariant } from '../hls/multivariant.ts';
import { freshEarlyPlaylist, type EarlyMediaPlaylist } from './early-playlists.ts';
import { ErrorCode, ErrorType } from '../types/errors.ts';
import { ThroughputEstimator } from './abr.ts';
import { declaredGapEnd, GAP_LANDING_S } from './declared-gap.ts';
import { AudioLoop, type AudioLoopHost } from './audio-loop.ts';
import { BackBuffer } from './back-buffer.ts';
import type { EngineDeps, EngineOptions } from './engine-deps.ts';
import type { RequestIdentity } from '../rules/request-identity.ts';
import { EngineRequests } from './engine-requests.ts';
import { mediaProblem } from './fmp4.ts';
import { InitSegments, splitCodecs } from './init-segments.ts';
import { engineError, MEDIA_RETRY, PLAYLIST_RETRY, type Loaded } from './loader.ts';
import { SegmentKeys } from './segment-keys.ts';
import { MediaLoop, type FetchOptions, type MediaLoopHost } from './media-loop.ts';
import type { TrackStart } from './part-scheduler.ts';
import { ageAtArrivalMs } from './playlist-age.ts';
import { PlaylistRefresher } from './playlist-refresher.ts';
import type { EngineEvent } from './protocol.ts';
import { Renditions, type QualityRef } from './renditions.ts';
import { StartPrefetch } from './start-prefetch.ts';
import type { SubtitleLoopFactory } from './subtitle-loader.ts';
import { TextTrackShow } from './text-track-show.ts';
import type { RemuxedCaption, TsRemuxer } from './ts/ts-remuxer.ts';
import { isTransportStream } from './ts/transport-stream.ts';
import { MediaTimeline } from './timeline-anchor.ts';
import { Wakeups } from './wakeups.ts';

export type { EngineDeps, EngineOptions } from './engine-deps.ts';
export { MAX_FORWARD_BUFFER_S, QUOTA_RETRY_MS } from './media-loop.ts';

/**
 * The live LL-HLS engine: two loops per load. The playlist loop (playlist-refresher.ts) keeps
 * the newest media playlist with blocking reloads (`_HLS_msn`/`_HLS_part`, delta updates when
 * offered); the media loop (media-loop.ts) loads the next part, the preload-hinted part ahead of
 * its publication, or whole segments where parts are gone, and appends them in order. Every
 * decision is a pure function (part-scheduler, start-plan, abr, timeline-anchor); this class
 * holds a load's state and sequences I/O. A new load or a jump to the live edge starts a new
 * generation, and a loop of an old one ends at its next await. The members MediaLoopHost names
 * are what the media loop shares of it.
 */
export class LiveEngine implements MediaLoopHost, AudioLoopHost {
  generation = 0;
  abort = new AbortController();
  readonly renditions = new Renditions();
  variant = -1;
  playlist: MediaPlaylist | null = null;
  readonly prefetch = new StartPrefetch();
  /** When the packager wrote the newest playlist (monotonic ms; playlist-age.ts): its edge has moved on since. */
  playlistWrittenAt = 0;
  readonly init = new InitSegments();
  readonly timeline = new MediaTimeline();
  position = Number.NaN;
  private positionAt = 0;
  private positionRate = 0;
  /** The end of the last declared gap the position was moved past (declared-gap.ts): once each. */
  private passedGapEnd: number | null = null;
  private viewport = { width: 0, height: 0 };
  readonly throughput: ThroughputEstimator;
  readonly wakeups: Wakeups;
  private readonly refresher: PlaylistRefresher;
  private readonly requests: EngineRequests;
  readonly backBuffer: BackBuffer;
  private readonly loop: MediaLoop = new MediaLoop(this);
  /** The alternate audio rendition playing beside the variant, and its playlist's refresher. */
  private audio: { loop: AudioLoop; rendition: AudioRendition & { url: string } } | null = null;
  /** The renditions of the playing variant's audio group that have their own playlists. */
  private audioChoices: (AudioRendition & { url: string })[] = [];
  private readonly audioRefresher: PlaylistRefresher;
  /** The stream's subtitles and captions, and the one the page shows. */
  private readonly text: TextTrackShow;
  /** Whether this generation's loops run (a stream that ended, or failed, loads nothing more). */
  private running = false;
  /** Where this generation's main track starts (the media loop's plan), for the audio to align to. */
  mainStart: TrackStart | null = null;
  /** AES-128 keys, fetched once each with the engine's requests (the playlist's retry schedule). */
  readonly keys = new SegmentKeys(async (url) => {
    const gen = this.generation;
    const loaded = await this.requests.load(
      url,
      { signal: this.abort.signal, current: () => gen === this.generation },
      { policy: PLAYLIST_RETRY, kind: 'key' },
    );
    return loaded?.bytes ?? null;
  });
  /** The MPEG-TS remuxer once loaded (null: not yet, or not to be had). */
  private tsRemuxer: Promise<TsRemuxer | null> | null = null;
  /** The subtitle loop's code (subtitle-loader.ts), loaded once, when a subtitle rendition is first shown. */
  private subtitleCode: Promise<SubtitleLoopFactory | null> | null = null;
  private failed = false;
  private url = '';
  /** What the page was last told of the stream's protection (protectedBy). */
  private protectionSaid = '';

  constructor(
    readonly deps: EngineDeps,
    public options: EngineOptions,
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
      onPlaylist: (playlist, modifiedMs, ageMs) => {
        this.playlist = playlist;
        const maxMs = 1000 * (playlist.partTarget || playlist.targetDuration);
        this.playlistWrittenAt = deps.monotonic() - (ageMs ?? ageAtArrivalMs(modifiedMs, deps.now(), maxMs));
        this.emitTimeline();
        this.wakeups.wake();
      },
    });
    this.audioRefresher = new PlaylistRefresher({
      fetch: (url, signal, parse) => {
        const gen = this.generation;
        return this.requests.playlist(url, { signal, current: () => gen === this.generation }, parse, (event) =>
          this.fail(event),
        );
      },
      sleep: (ms) => this.wakeups.sleep(ms),
      lowLatency: () => this.options.lowLatency,
      onPlaylist: (playlist) => {
        if (!this.audio) return;
        this.audio.loop.playlist = playlist;
        this.wakeups.wake();
      },
    });
    this.text = new TextTrackShow({
      generation: () => this.generation,
      running: () => this.running,
      signal: () => this.abort.signal,
      position: () => this.position,
      wakeups: this.wakeups,
      monotonic: () => deps.monotonic(),
      timeReference: () => this.timeline.reference(),
      mediaOffset: () => this.loop.offsets.offset,
      requests: this.requests,
      emit: (event) => deps.emit(event),
      subtitleLoops: () => {
        const load = deps.loadSubtitles;
        this.subtitleCode ??= load ? load().catch(() => null) : Promise.resolve(null);
        return this.subtitleCode;
      },
    });
  }

  /**
   * SPEC §7 setAuthToken … setRequestCredentials: who is watching, on every request from the
   * next one on (a refreshed token reaches the blocking reload already waiting at its retry).
   */
  setIdentity(identity: RequestIdentity): void {
    this.requests.identity.identity = identity;
  }

  /**
   * `multivariant`: the text of `url`, when the page has fetched it already; `media`: the page's
   * copies of its media playlists (both load's `extra`, early-playlists.ts).
   */
  load(url: string, multivariant?: string, media: readonly EarlyMediaPlaylist[] = []): void {
    this.url = url;
    this.requests.identity.restart(url);
    this.failed = false;
    const gen = this.restart();
    this.playlist = null;
    this.audio = null;
    this.text.clear();
    this.loop.offsets.forget();
    void this.loadMultivariant(url, gen, multivariant, media);
  }

  /** Leaves what is buffered and starts again at the live edge (a long stall, liveMaxLatency). */
  seekToLive(): void {
    // Nothing to resume before a source, or after a fatal error: only a new load starts again.
    if (this.variant < 0 || this.failed) return;
    const gen = this.restart();
    this.refresher.follow(this.renditions.all[this.variant]!.url);
    this.startLoops(gen);
  }

  /**
   * The generation's loops. With an audio rendition both SourceBuffers are asked for first, in
   * one go: a MediaSource takes no new SourceBuffer once every one it has holds an init
   * segment (media-target.ts), and the audio's init may well arrive before the video's.
   */
  private startLoops(gen: number): void {
    const audio = this.audio;
    if (audio) {
      const refused = (error: unknown) => {
        if (gen === this.generation) this.fail({ type: 'mediaError', code: 4, message: String(error) });
      };
      audio.loop.prepare().catch(refused);
      const codecs = this.renditions.all[this.variant]!.quality.codecs;
      this.init.prepare(this.deps.target, this.mainCodecs(codecs)).catch(refused);
      this.audioRefresher.follow(audio.rendition.url);
      void audio.loop.run(gen);
    }
    this.running = true;
    this.text.start(gen);
    void this.loop.run(gen);
  }

  /**
   * The page replaced the MediaSource (default-media-source's reload): nothing is buffered and
   * no init segment is in force. Playlists and the throughput estimate stay warm, so this
   * starts at the live edge sooner than a new engine would; after a fatal error it loads again.
   */
  resetTarget(): void {
    this.init.forget();
    this.audio?.loop.init.forget();
    this.loop.forgetQuality();
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
   * SPEC §7 onOnline (the page's `online` event): every retry waiting out its back-off goes at
   * once. (Offline, the retries run on their schedule: a connection lost for longer than they
   * last is an error the page shows, and it reloads once the browser is online again.)
   */
  onOnline(): void {
    this.wakeups.wake();
  }

  /**
   * The element played to the end of the stream: nothing more loads until the page moves it
   * (seekToLive, a reset or a new load).
   */
  onEnded(): void {
    this.endGeneration();
  }

  setQuality(quality: QualityRef | null): void {
    this.renditions.manual = quality;
    this.wakeups.wake();
  }

  removeQuality(quality: QualityRef): void {
    this.renditions.remove(quality);
    if (this.variant >= 0 && !this.renditions.isUsable(this.variant)) this.switchVariant(this.pickVariant(true));
  }

  /** `rate`: the element's, when it plays on from there (0 when paused). */
  setPosition(position: number, rate = 0): void {
    this.position = position;
    this.positionAt = this.deps.monotonic();
    this.positionRate = rate;
    if (rate > 0) this.passDeclaredGap(position);
  }

  /** Playing into an EXT-X-GAP the engine loaded nothing for: the page moves past it. */
  private passDeclaredGap(position: number): void {
    const end = this.playlist && declaredGapEnd(this.playlist, this.timeline.reference(), position);
    if (end === null || end === undefined) {
      this.passedGapEnd = null;
      return;
    }
    // A report sent before the page made the last move still shows the old position.
    if (end === this.passedGapEnd) return;
    this.passedGapEnd = end;
    this.deps.emit({ type: 'seek', position: end + GAP_LANDING_S });
  }

  /** Where the element is now: its last reported position, moved on at its rate since (reports come every 250 ms). */
  projectedPosition(): number {
    return this.position + (this.positionRate * (this.deps.monotonic() - this.positionAt)) / 1000;
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
    this.endGeneration();
  }

  /**
   * The one way a generation ends (the stream ended, destroy, a restart): its requests are
   * aborted, its loops wake up to find it over, and nothing of it loads again.
   */
  private endGeneration(): void {
    this.generation += 1;
    this.running = false;
    this.abort.abort();
    this.prefetch.clear();
    this.refresher.stop();
    this.audioRefresher.stop();
    this.wakeups.wake();
  }

  /**
   * A new generation; returns its number. `keepTimeline`: the element's timeline is the one in
   * force (a seek within the window), so the anchor still places positions on the playlist; a
   * second seek before this generation appends anything is placed by it, not ignored.
   */
  private restart(keepTimeline = false): number {
    this.endGeneration();
    this.abort = new AbortController();
    this.loop.reset();
    this.audio?.loop.reset();
    this.mainStart = null;
    this.ended.clear();
    if (!keepTimeline) this.timeline.reset();
    return this.generation;
  }

  /** Tracks loaded to the end of this generation's stream (a VOD, an ended EVENT). */
  private ended = new Set<'main' | 'audio'>();

  trackEnded(track: 'main' | 'audio'): void {
    this.ended.add(track);
    if (this.ended.has('main') && (!this.audio || this.ended.has('audio'))) {
      void this.deps.target.endOfStream().catch(() => undefined);
    }
  }

  /**
   * The viewer moved the position to `position` (element time) where nothing is buffered: the
   * load starts again at the segment there (a rewind within a live window, a seek in a VOD),
   * the buffer kept. Outside the playlist's window, nothing changes.
   */
  seekTo(position: number): void {
    const playlist = this.playlist;
    if (this.variant < 0 || this.failed || !playlist) return;
    const msn = this.timeline.segmentAt(playlist, position);
    if (msn === null) return;
    const gen = this.restart(true);
    this.loop.startAt(msn);
    this.refresher.follow(this.renditions.all[this.variant]!.url);
    this.startLoops(gen);
  }

  /** The media loop planned its start: the audio aligns to it. */
  /**
   * Tells the page once per init data that the stream is DRM-protected, with the key systems
   * its playlist names and the init segment's `pssh` boxes: the page's MediaKeys session
   * starts from those, whether or not the element's own `encrypted` event was heard (the
   * embed's early engine appends before the player listens).
   */
  protectedBy(systems: readonly DrmKey[], init: Uint8Array): void {
    const initData = psshOf(init);
    const said = `${systems.map((s) => s.keySystem).join()}:${Array.from(initData.subarray(0, 64)).join()}:${initData.byteLength}`;
    if (said === this.protectionSaid) return;
    this.protectionSaid = said;
    this.deps.emit({ type: 'protection', systems: [...systems], initData });
  }

  startPlanned(start: TrackStart): void {
    this.mainStart = start;
    this.wakeups.wake();
  }

  /** The codecs of the main track's media: the variant's, less the audio ones an audio rendition carries. */
  mainCodecs(codecs: string): string {
    return this.audio ? splitCodecs(codecs).video : codecs;
  }

  /**
   * The MPEG-TS remuxer, loaded once (engine-worker.ts: importScripts of its own script); null
   * where the engine cannot have it, and then MPEG-TS streams are another sink's.
   */
  remuxer(): Promise<TsRemuxer | null> {
    const load = this.deps.loadTsRemuxer;
    this.tsRemuxer ??= load ? load().catch(() => null) : Promise.resolve(null);
    return this.tsRemuxer;
  }

  /** Frees what is behind the position, on every track (a full SourceBuffer). */
  makeRoom(): Promise<void> {
    return this.backBuffer.evict(0);
  }

  /** The variant to play next: the viewer's, the start choice, or the ABR rule's. */
  pickVariant(starting: boolean): number {
    const range = this.bufferedAround();
    return this.renditions.choose(this.variant, starting, {
      throughputBps: this.throughput.estimate(),
      bufferS: range ? range.end - this.position : 0,
      viewport: this.viewport,
      transcodesOnly: this.options.transcodesOnly,
      audioOnly: this.options.audioOnly === true,
    });
  }

  /**
   * Moves loading to another variant. The playlist left behind reports where that one is
   * (EXT-X-RENDITION-REPORT): its first request then blocks for that very part, which the
   * server has (a fast switch), rather than a plain request an edge cache may answer with an
   * older playlist.
   */
  switchVariant(index: number): void {
    if (index < 0 || index === this.variant) return;
    const url = this.renditions.all[index]!.url;
    const report = this.playlist?.renditionReports.find((r) => r.url === url && r.lastMsn >= 0);
    this.variant = index;
    this.playlist = null;
    this.prefetch.clear();
    this.refresher.follow(url, report && { msn: report.lastMsn, part: report.lastPart >= 0 ? report.lastPart : null });
    this.wakeups.wake();
  }

  bufferedAround(): { start: number; end: number } | null {
    if (!Number.isFinite(this.position)) return null;
    return this.deps.target.buffered().find((r) => r.start <= this.position + 0.1 && r.end > this.position) ?? null;
  }

  /** The end of this generation: nothing more loads until the page loads again. */
  fail(event: EngineEvent): void {
    this.failed = true;
    this.destroy();
    this.deps.emit(event);
  }

  /** A request of this generation with the retry policy of its kind (media by default); null once it is over. */
  fetchWithRetry(url: string, gen: number, options: FetchOptions = {}): Promise<Loaded | null> {
    const { policy = MEDIA_RETRY, signal = this.abort.signal, watch, kind } = options;
    // Media is judged before it can reach the SourceBuffer (fmp4.ts mediaProblem); MPEG-TS
    // segments by the remuxer, which finds no media in what is not.
    const check = kind && ((bytes: Uint8Array) => (isTransportStream(bytes) ? null : mediaProblem(bytes, kind)));
    // Read within the cap of its kind (base/bounded-body.ts): an init segment is a few boxes.
    const body = kind === 'init' ? 'init' : 'media';
    return this.requests.load(
      url,
      { signal, current: () => gen === this.generation },
      { policy, watch, check, kind: body },
    );
  }

  private async loadMultivariant(
    url: string,
    gen: number,
    fetched?: string,
    media: readonly EarlyMediaPlaylist[] = [],
  ): Promise<void> {
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
      // Other video angles in their own playlists: hls.js (the mse sink) plays those; we
      // decline. Alternate audio (audio-loop.ts) and subtitles (subtitle-loop.ts) are ours.
      this.fail({ type: 'declined', reason: 'alternate video renditions' });
      return;
    }
    this.renditions.set(multivariant.variants, this.deps.isTypeSupported);
    this.deps.emit({
      type: 'sourceInfo',
      sessionData: multivariant.sessionData,
      startOffset: multivariant.startOffset,
      qualities: this.renditions.qualities,
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
    this.audio = this.audioFor(multivariant, this.variant);
    if (this.audioChoices.length > 0) this.emitAudioTracks();
    this.text.setStream(
      multivariant,
      multivariant.variants.find((v) => v.url === this.renditions.all[this.variant]?.url),
    );
    const variantUrl = this.renditions.all[this.variant]!.url;
    this.refresher.follow(variantUrl, undefined, freshEarlyPlaylist(media, variantUrl, this.deps.now()) ?? undefined);
    this.startLoops(gen);
  }

  /**
   * Another audio rendition of the group (AudioTrack id: its NAME, unique in a group). What is
   * buffered goes (the old language must not play on) and the load starts again at the live
   * edge with the new audio: a moment's rebuffering, as a quality chosen by hand.
   */
  setAudioTrack(id: string): void {
    const chosen = this.audioChoices.find((r) => r.name === id);
    const current = this.audio;
    if (!chosen || !current || current.rendition.name === id || this.failed) return;
    this.audio = { loop: new AudioLoop(this, current.loop.codecs), rendition: chosen };
    this.emitAudioTracks();
    void this.deps.target.remove(0, Number.POSITIVE_INFINITY).catch(() => undefined);
    this.seekToLive();
  }

  /** Shows text track `id`, or none (text-track-show.ts). */
  setTextTrack(id: string | null): void {
    this.text.setTextTrack(id);
  }

  /** CEA-608 captions the remuxer found (text-track-show.ts). */
  inBandCaptions(captions: RemuxedCaption[]): void {
    this.text.inBandCaptions(captions);
  }

  private emitAudioTracks(): void {
    const tracks = this.audioChoices.map((r) => ({
      id: r.name,
      name: r.name,
      language: r.language,
      default: r.default,
    }));
    this.deps.emit({ type: 'audioTracks', tracks, selected: this.audio?.rendition.name ?? null });
  }

  /**
   * The audio rendition to play beside variant `index`, where its group has renditions with
   * their own playlists: the DEFAULT=YES one, else the first. Null when its audio is muxed.
   */
  private audioFor(multivariant: Multivariant, index: number): LiveEngine['audio'] {
    const variant = multivariant.variants.find((v) => v.url === this.renditions.all[index]?.url);
    const group = variant?.audioGroup ? (multivariant.audioGroups[variant.audioGroup] ?? []) : [];
    this.audioChoices = group.flatMap((r) => (r.url ? [{ ...r, url: r.url }] : []));
    const chosen = group.find((r) => r.default && r.url) ?? group.find((r) => r.url);
    if (!variant || !chosen?.url) return null;
    const rendition = { ...chosen, url: chosen.url };
    return { loop: new AudioLoop(this, splitCodecs(variant.quality.codecs).audio), rendition };
  }

  /**
   * The page's view of the live edge, and the element's seekable window with it: the listed
   * segments up to the edge. Set before the start seek, so that a start position whose media
   * is still loading is not cut back to the end of the first piece.
   */
  emitTimeline(): void {
    const playlist = this.playlist;
    const timeline = playlist && this.timeline.timeline(playlist);
    if (!timeline) return;
    const span = playlist.segments.reduce((total, segment) => total + segment.duration, 0);
    // A stream with an end (ENDLIST: VOD, an EVENT that ended) is its whole length.
    this.deps.target.setSeekable(Math.max(0, timeline.edgeTime - span), timeline.edgeTime, playlist.endList);
    this.deps.emit({ type: 'timeline', timeline });
  }
}
