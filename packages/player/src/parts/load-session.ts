import type { DrmKey } from '../hls/media-playlist.ts';
import type { RequestIdentity } from '../rules/request-identity.ts';
import type { PlayTimeTicker } from '../analytics/analytics.ts';
import {
  DRIFT_DETECTION_MSE,
  DRIFT_DETECTION_NATIVE,
  evaluateDrift,
  INITIAL_DRIFT_STATE,
  type DriftDetectionConfig,
} from '../rules/drift.ts';
import type { PlayerEnvironment } from '../types/environment.ts';
import { classifyMediaError, type PlayerError } from '../types/errors.ts';
import { LatencyAnalyticsCollector } from '../rules/latency.ts';
import {
  partitionQualities,
  SOURCE_GROUP,
  type AudioTrack,
  type CodecPolicy,
  type Quality,
  type TextTrack,
} from '../types/quality.ts';
import { measureServerOffset } from '../rules/server-clock.ts';
import type { Sink, SinkAdjustments, SinkFactory, SinkHost, SourceInfo, TrackConfiguration } from '../sinks/sink.ts';
import type { SinkType } from '../types/sink-type.ts';
import type { ServiceWorkerRequest } from '../sinks/worker-choice.ts';
import type { ServiceWorkerStateChange } from '../sinks/sink.ts';
import type { RemotePlayback } from '../types/payloads.ts';
import { StatisticsSampler } from '../analytics/statistics-sampler.ts';
import { CueScheduler, type TimedCue } from '../metadata/timed-metadata.ts';

/** Why a session asks for its sink to be rebuilt (SPEC §3 sink adjustments, §4 media-source sink). */
export type RebuildReason = 'content-protection' | 'audio-only' | 'source-quality' | 'discontinuity';

/** What a load session may tell the player: a narrow harness, never the player itself. */
export interface LoadSessionHarness {
  readonly video: HTMLVideoElement;
  readonly env: PlayerEnvironment;
  readonly adjustments: SinkAdjustments;
  readonly codecPolicy: CodecPolicy;
  readonly driftOverrides: Partial<DriftDetectionConfig> | undefined;
  /** The live-manifest worker, where the player asks for it (the passthrough sink), else null. */
  readonly serviceWorker: ServiceWorkerRequest | null;
  onServiceWorkerState(change: ServiceWorkerStateChange): void;
  readonly ticker: PlayTimeTicker;
  lowLatency(): boolean;
  audioOnly(): boolean;
  /** Who is watching, as the sink's requests carry it now (rules/request-identity.ts). */
  identity(): RequestIdentity;
  /** The source is ready: its playable qualities, and those removed as unplayable. */
  onLoaded(qualities: Quality[], removed: Quality[]): void;
  onQualityChanged(quality: Quality): void;
  /** SinkHost.onStarving. */
  onStarving(starving: boolean): void;
  onAudioTracks(tracks: AudioTrack[], selected: string | null): void;
  onTextTracks(tracks: TextTrack[], selected: string | null): void;
  onSourceInfo(info: SourceInfo): void;
  onError(error: PlayerError): void;
  /** The sink must be rebuilt once the player is idle. */
  onRebuildNeeded(reason: RebuildReason): void;
  /** The stream is DRM-protected (SinkHost.onProtection). */
  onProtection(systems: DrmKey[], initData: Uint8Array): void;
  /** The sink cannot play this source; another sink may (SinkHost.onDeclined). */
  onDeclined(reason: string): void;
  /** The session reloads its sink at the live edge (decode error, drift, buffering timeout). */
  beforeReload(): void;
  /** A sink that plays elsewhere (Sink.controls) reports the playback there. */
  onRemotePlayback(playback: Partial<RemotePlayback>): void;
}

/**
 * Everything that belongs to one `load()` (or one sink of it): the sink and what it reported,
 * the media-error budget, drift, live-latency analytics, the server clock, timed cues and
 * statistics. A new load is a new session, never a hand reset, and a destroyed session
 * ignores whatever its sink still reports.
 */
export class LoadSession {
  readonly sink: Sink;
  readonly latency = new LatencyAnalyticsCollector();
  readonly sampler: StatisticsSampler;
  readonly #driftConfig: DriftDetectionConfig;
  #everPlayed = false;
  #decodeReloads = 0;
  #drift = INITIAL_DRIFT_STATE;
  #cues = new CueScheduler();
  /** The sink's text tracks and the one shown: a listed track's cues are delivered only while it is. */
  #text: { listed: Set<string>; selected: string | null } = { listed: new Set(), selected: null };
  #clock: AbortController | null = null;
  #quality: Quality | null = null;
  #tracks: { isProtected: boolean; audioOnly: boolean } | null = null;
  #destroyed = false;

  constructor(
    readonly type: SinkType,
    readonly url: string,
    /** Counts loads: the server-offset generation (SPEC §5: a duplicate is ignored). */
    readonly generation: number,
    factory: SinkFactory,
    private readonly harness: LoadSessionHarness,
  ) {
    this.#driftConfig = {
      ...(type === 'passthrough' ? DRIFT_DETECTION_NATIVE : DRIFT_DETECTION_MSE),
      ...harness.driftOverrides,
    };
    this.sampler = new StatisticsSampler(harness.ticker, () => this.#quality?.bitrate ?? 0);
    this.sink = factory.create(this.#host(), harness.env);
  }

  /** The drift rule's constants: the live-manifest worker's config's while it runs (SPEC §3 driftDetection). */
  get driftConfig(): DriftDetectionConfig {
    const fromWorker = this.sink.driftDetection?.();
    return fromWorker ? { ...fromWorker, ...this.harness.driftOverrides } : this.#driftConfig;
  }

  get everPlayed(): boolean {
    return this.#everPlayed;
  }

  start(): void {
    this.sink.load(this.url);
  }

  onPlaying(): void {
    this.#everPlayed = true;
  }

  /** Captions and metadata due at `position`. */
  dueCues(position: number): TimedCue[] {
    return this.#cues.due(position);
  }

  /** Whether captions or metadata wait for playback to reach them. */
  hasPendingCues(): boolean {
    return this.#cues.size > 0;
  }

  reloadAtLiveEdge(): void {
    if (this.#destroyed) return;
    this.#cues.clear();
    this.harness.beforeReload();
    this.sink.reload();
  }

  /** SPEC §4 live drift: true when the player must correct (pause, reload at the edge, play). */
  driftCorrectionDue(nowMs: number, playlistPosition: number): boolean {
    const result = evaluateDrift(this.#drift, { nowMs, playlistPosition }, this.driftConfig);
    this.#drift = result.state;
    if (result.correct) this.latency.countDriftCorrection();
    return result.correct;
  }

  /** SPEC §8: a decode error reloads once and is reported on recurrence. */
  handleMediaError(code: number, message: string): void {
    if (this.#destroyed) return;
    const decision = classifyMediaError(code, message, {
      everPlayed: this.#everPlayed,
      isHlsPlaylist: true,
      decodeReloads: this.#decodeReloads,
    });
    if (decision.action === 'reload') {
      this.#decodeReloads += 1;
      this.harness.env.logger.warn(`Media error ${code} (${message}): reloading once`);
      this.reloadAtLiveEdge();
      return;
    }
    this.harness.onError(decision.error);
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#clock?.abort();
    this.#cues.clear();
    this.sink.destroy();
  }

  /** The sink's view of the session; whatever a destroyed session's sink still reports is dropped. */
  #host(): SinkHost {
    const live =
      <A extends unknown[]>(fn: (...args: A) => void) =>
      (...args: A) => {
        if (!this.#destroyed) fn(...args);
      };
    const { harness } = this;
    const isDestroyed = () => this.#destroyed;
    const partition = (qualities: Quality[]) =>
      partitionQualities(qualities, harness.env.isTypeSupported, harness.codecPolicy);
    return {
      video: harness.video,
      get lowLatency() {
        return harness.lowLatency();
      },
      get audioOnly() {
        return harness.audioOnly();
      },
      get identity() {
        return harness.identity();
      },
      adjustments: harness.adjustments,
      serviceWorker: this.type === 'passthrough' ? harness.serviceWorker : null,
      onError: live((error) => harness.onError(error)),
      onMediaError: live((code, message) => this.handleMediaError(code, message)),
      onQualities(qualities, droppedBySink = []) {
        if (isDestroyed()) return [];
        const { playable, unplayable } = partition(qualities);
        harness.onLoaded(playable, [...droppedBySink, ...unplayable]);
        return unplayable;
      },
      onQualityChanged: live((quality) => this.#qualityChanged(quality)),
      onStarving: live((starving) => harness.onStarving(starving)),
      onSourceInfo: live((info) => harness.onSourceInfo(info)),
      onAudioTracks: live((tracks, selected) => harness.onAudioTracks(tracks, selected)),
      onTracks: live((tracks) => this.#tracksChanged(tracks)),
      onProtection: live((systems, initData) => harness.onProtection(systems, initData)),
      onDiscontinuity: live(() => {
        if (harness.adjustments.rebuildMediaSinkOnDiscontinuity) harness.onRebuildNeeded('discontinuity');
      }),
      onTextTracks: live((tracks, selected) => {
        this.#text = { listed: new Set(tracks.map((t) => t.id)), selected };
        this.#cues.dropText((track) => this.#hidden(track));
        harness.onTextTracks(tracks, selected);
      }),
      onTimedCues: live((cues) => {
        for (const cue of cues) if (cue.type !== 'TextCue' || !this.#hidden(cue.track)) this.#cues.add(cue);
      }),
      onServerClock: live((url) => this.#measureClock(url)),
      onProgress() {},
      onDeclined: live((reason) => harness.onDeclined(reason)),
      onServiceWorkerState: live((change) => harness.onServiceWorkerState(change)),
      onRemotePlayback: live((playback) => harness.onRemotePlayback(playback)),
    };
  }

  /** A listed text track not shown (the ID3 captions of SPEC §9 are in no list: always shown). */
  #hidden(track: string): boolean {
    return this.#text.listed.has(track) && track !== this.#text.selected;
  }

  #qualityChanged(quality: Quality): void {
    const previous = this.#quality;
    this.#quality = quality;
    const isSource = (q: Quality) => q.group === SOURCE_GROUP;
    if (
      previous &&
      this.harness.adjustments.rebuildMediaSinkOnSourceQualityChange &&
      isSource(previous) !== isSource(quality)
    ) {
      this.harness.onRebuildNeeded('source-quality');
    }
    this.harness.onQualityChanged(quality);
  }

  /** SPEC §4/§5: a change of content protection or audio-only status forces a new sink. */
  #tracksChanged(tracks: TrackConfiguration[]): void {
    const next = {
      isProtected: tracks.some((t) => t.isProtected),
      audioOnly: tracks.length > 0 && !tracks.some((t) => t.trackID !== 'audio'),
    };
    const previous = this.#tracks;
    this.#tracks = next;
    if (!previous) return;
    if (previous.isProtected !== next.isProtected) this.harness.onRebuildNeeded('content-protection');
    else if (previous.audioOnly !== next.audioOnly) this.harness.onRebuildNeeded('audio-only');
  }

  /** Once per session: a reload of the same source (drift, decode error) keeps the offset. */
  #measureClock(url: string): void {
    if (this.#clock) return;
    this.#clock = new AbortController();
    const { env } = this.harness;
    void measureServerOffset(url, env.fetch, env.now, this.#clock.signal).then((offset) => {
      if (offset !== null && !this.#destroyed) this.latency.setServerOffset(offset, this.generation);
    });
  }
}
