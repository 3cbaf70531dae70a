import type { PlayerError } from '../errors.ts';
import type { Quality } from '../quality.ts';
import type { SinkType } from '../state.ts';
import type { TimedCue } from '../timed-metadata.ts';

/**
 * The seam between the Player facade and whatever turns a URL into pictures on the media
 * element. A sink owns the source (loading, qualities, live edge); the player owns the
 * element's play/pause/volume and every policy (errors, drift, analytics).
 * Later sinks (mse-worker, chromecast) implement the same interface.
 */
export interface Sink {
  readonly type: SinkType;
  load(url: string): void;
  /** Tears the source down and loads it again at the live edge. */
  reload(): void;
  /** null: automatic quality selection. */
  setQuality(quality: Quality | null): void;
  setLowLatency(enabled: boolean): void;
  /** Seconds behind live above which the sink jumps back toward the live edge (Infinity: never). */
  setLiveMaxLatency(seconds: number): void;
  seekToLiveEdge(): void;
  /** Bits per second, 0 when unknown. */
  bandwidthEstimate(): number;
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
  destroy(): void;
}

/** What a sink may tell its owner: a narrow callback interface, never the player itself. */
export interface SinkHost {
  readonly video: HTMLVideoElement;
  readonly lowLatency: boolean;
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
  /** Captions and timed metadata found in the stream, ahead of their time; the player releases them on time. */
  onTimedCues(cues: TimedCue[]): void;
  /** The source advertises the server's clock at this URL (server-clock.ts). */
  onServerClock(url: string): void;
  /** Something was played: the sink saw a fragment buffered (resets retry budgets). */
  onProgress(): void;
}
