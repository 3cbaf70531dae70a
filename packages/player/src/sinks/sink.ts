import type { SinkEnvironment } from '../types/environment.ts';
import type { PlayerError } from '../types/errors.ts';
import type { DriftDetectionConfig } from '../rules/drift.ts';
import type { ServiceWorkerOptions } from '../live-sw/sw-config.ts';
import type {
  ManifestLoadSummary,
  RemotePlayback,
  ServiceWorkerStateChange,
  SinkCapabilities,
} from '../types/payloads.ts';
import type { AudioTrack, Quality, TextTrack } from '../types/quality.ts';
import type { TimedCue } from '../metadata/timed-metadata.ts';
import type { SinkType } from '../types/sink-type.ts';
import type { RequestIdentity } from '../rules/request-identity.ts';
import type { DrmKey } from '../hls/media-playlist.ts';

/** SPEC §3 "Sink adjustments": when a sink is rebuilt, and what automatic quality may pick. */
export interface SinkAdjustments {
  /** Rebuild the sink when playback moves onto or off the source quality (group 'chunked'). */
  rebuildMediaSinkOnSourceQualityChange: boolean;
  /** Rebuild the sink when the stream crosses a discontinuity. */
  rebuildMediaSinkOnDiscontinuity: boolean;
  /** Automatic quality chooses among transcodes only, never the source; a viewer still may. */
  abrTranscodesOnly: boolean;
}

export const DEFAULT_SINK_ADJUSTMENTS: SinkAdjustments = {
  rebuildMediaSinkOnSourceQualityChange: false,
  rebuildMediaSinkOnDiscontinuity: false,
  abrTranscodesOnly: false,
};

/**
 * SPEC §3 "Track configuration": what a sink reports for each track it plays.
 * - `mode`: how the track reaches the element (`mse` SourceBuffer, `passthrough` src, `remote`);
 * - `path`: the playlist URL the track comes from;
 * - `group`: the quality group (its `chunked` for the source);
 * - `srcObj`: what the element's source is (the MediaSource's object URL or the stream URL).
 */
export interface TrackConfiguration {
  trackID: string;
  codec: string;
  mode: 'mse' | 'passthrough' | 'remote';
  isProtected: boolean;
  path: string;
  group: string;
  srcObj: string | null;
}

/** What a source says about itself beyond its qualities (SPEC §3 state fields). */
export interface SourceInfo {
  /** Every EXT-X-SESSION-DATA entry: DATA-ID → VALUE (or URI when it has no VALUE). */
  sessionData: Record<string, string>;
  /** EXT-X-START TIME-OFFSET, 0 when the source has none. */
  startOffset: number;
}

/**
 * The seam between the Player facade and whatever turns a URL into pictures on the media
 * element. A sink owns the source (loading, qualities, live edge); the player owns the
 * element's play/pause/volume and every policy (errors, drift, analytics).
 */
export interface Sink {
  readonly type: SinkType;
  load(url: string): void;
  /** Tears the source down and loads it again at the live edge. */
  reload(): void;
  /** null: automatic quality selection. */
  setQuality(quality: Quality | null): void;
  /** Plays another of the audio tracks it reported (SinkHost.onAudioTracks); absent where it has none. */
  setAudioTrack?(id: string): void;
  /**
   * Shows one of the text tracks it reported (SinkHost.onTextTracks), or none: only the shown
   * one's cues reach onTimedCues. An id not listed yet is kept and shown once it is (a reload).
   */
  setTextTrack?(id: string | null): void;
  setLowLatency(enabled: boolean): void;
  /**
   * Who is watching changed (SPEC §7 setAuthToken … setRequestCredentials): the sink's
   * requests carry the new identity from the next one on. A sink that reads SinkHost.identity
   * at each request (hls.js's xhrSetup) needs nothing here; absent where nothing else is needed.
   */
  setIdentity?(identity: RequestIdentity): void;
  /** Seconds behind live above which the sink jumps back toward the live edge (Infinity: never). */
  setLiveMaxLatency(seconds: number): void;
  seekToLiveEdge(): void;
  /**
   * The viewer's seek to `position` (element time): where nothing is buffered there, the sink's
   * engine loads from there (a rewind in a live window, a VOD). Absent: the element alone seeks.
   */
  seekTo?(position: number): void;
  /** Bits per second, 0 when unknown. */
  bandwidthEstimate(): number;
  /** Bits of media downloaded per second of media, over the last few seconds; 0 when unknown. */
  mediaBitrate(): number;
  /** Wall-clock time (ms) of the current position from program-date-time, null when unknown. */
  playingDateMs(): number | null;
  /**
   * The distance from the live edge (s) the catch-up controller aims at, or null where it must
   * not act: not live, low latency off, no parts, or a sink that cannot measure the distance.
   */
  lowLatencyTarget(): number | null;
  /** Distance from the live edge, null before a live playlist is known. */
  liveEdgeDistance(): { seconds: number; targetDuration: number } | null;
  isLive(): boolean;
  /** SPEC §7 debug: the live-manifest worker holds its next media playlist this long (passthrough with the worker). */
  delayNextMediaManifest?(delayInMs: number): void;
  /** The live-manifest worker's playlist answers so far (SPEC §7 manifestLoadAnalytics), null without it. */
  manifestLoads?(): ManifestLoadSummary | null;
  /** The drift rule's constants where the sink's worker has its own (SPEC §3 driftDetection), else null. */
  driftDetection?(): DriftDetectionConfig | null;
  /**
   * A sink that plays somewhere else (the `chromecast` sink: a receiver) owns play, pause,
   * volume and mute there: the player routes those requests here, and the playback state comes
   * from SinkHost.onRemotePlayback, not from the local element (which is paused and idle).
   */
  readonly controls?: SinkControls;
  /** Removes everything the sink added: engine, timers, listeners, the element's source. */
  destroy(): void;
}

/** The requests a sink that plays elsewhere takes over from the local element (Sink.controls). */
export interface SinkControls {
  play(): void;
  pause(): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
}

/** What a sink may tell its owner: a narrow callback interface, never the player itself. */
export interface SinkHost {
  readonly video: HTMLVideoElement;
  readonly lowLatency: boolean;
  /** Play the sound alone (PlayerState.audioOnly), read when the sink starts its source. */
  readonly audioOnly?: boolean;
  /** Who is watching, now: the token, ids and credentials mode the sink's requests carry. */
  readonly identity: RequestIdentity;
  readonly adjustments: SinkAdjustments;
  /** The live-manifest worker, where the player asks for it (passthrough only), else null. */
  readonly serviceWorker?: ServiceWorkerRequest | null;
  /** An error the sink already classified (network after retries, manifest 404). */
  onError(error: PlayerError): void;
  /** A media error the player's policy decides on (reload once, or report). */
  onMediaError(code: number, message: string): void;
  /**
   * The source's qualities; returns those to remove (unplayable). `droppedBySink`: advertised
   * qualities the sink's engine already refused (hls.js checks MediaSource support itself, so
   * an experiment's forceOn cannot bring those back on the mse sink).
   */
  onQualities(qualities: Quality[], droppedBySink?: Quality[]): Quality[];
  onQualityChanged(quality: Quality): void;
  /** The source's alternate audio tracks and the one playing (or none). */
  onAudioTracks?(tracks: AudioTrack[], selected: string | null): void;
  /** The source's subtitles and captions and the one shown (or none). */
  onTextTracks?(tracks: TextTrack[], selected: string | null): void;
  onSourceInfo(info: SourceInfo): void;
  /** The tracks now playing; a change of protection or audio-only status rebuilds the sink. */
  onTracks(tracks: TrackConfiguration[]): void;
  /** The stream crossed a discontinuity (EXT-X-DISCONTINUITY). */
  onDiscontinuity(): void;
  /**
   * The buffer ahead runs dry before the piece being loaded arrives, or (false) has refilled:
   * the player plays a little slower meanwhile (RateController.setStarving).
   */
  onStarving?(starving: boolean): void;
  /**
   * The stream is DRM-protected by these key systems; `initData` the init segment's `pssh`
   * boxes. The player gives the element its MediaKeys (parts/drm-host.ts).
   */
  onProtection?(systems: DrmKey[], initData: Uint8Array): void;
  /** Captions and timed metadata found in the stream, ahead of their time; the player releases them on time. */
  onTimedCues(cues: TimedCue[]): void;
  /** The source advertises the server's clock at this URL (server-clock.ts). */
  onServerClock(url: string): void;
  /** Something was played: the sink saw a fragment buffered (resets retry budgets). */
  onProgress(): void;
  /**
   * This sink cannot play this source, though another may (our engine and MPEG-TS or
   * alternate audio): the player moves the load to the next sink of the automatic order.
   */
  onDeclined(reason: string): void;
  /** Playback where a sink with `controls` plays it (the receiver's state, volume, mute). */
  onRemotePlayback?(playback: Partial<RemotePlayback>): void;
  /** The live-manifest worker's host or worker state changed (SPEC §4). */
  onServiceWorkerState?(change: ServiceWorkerStateChange): void;
}

/** How a sink of one type is made; the player config's registry maps types to these. */
export interface SinkFactory {
  readonly type: SinkType;
  /** Whether this browser can run the sink at all. */
  supported(capabilities: SinkCapabilities): boolean;
  create(host: SinkHost, env: SinkEnvironment): Sink;
  /**
   * For a sink that needs a connection before it can play (a cast session): setSinkType asks
   * for one here instead of creating the sink, and the connection, once made, starts it.
   */
  connect?(): void;
}

export type { ServiceWorkerStateChange, SinkCapabilities };

/**
 * What the player hands the passthrough sink about the live-manifest worker: the page's options
 * as given (the sink checks them, in its own lazily loaded chunk, so a browser with MediaSource
 * never loads the worker's code) and what SPEC §9's defaults depend on.
 */
export interface ServiceWorkerRequest {
  options: ServiceWorkerOptions | undefined;
  mediaSourceSupported: boolean;
}
