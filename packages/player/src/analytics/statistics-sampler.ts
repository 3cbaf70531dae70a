import type { PlayTimeTicker } from './analytics.ts';
import { computeStatistics, readFrameCounters, type FrameCounters } from './statistics.ts';
import type { PlaybackStatistics } from '../types/state.ts';

export interface StatisticsSample {
  statistics: PlaybackStatistics;
  /** Play-time-weighted advertised bitrate of the qualities played (bit/s). */
  averageBitrate: number;
}

/**
 * Play time and the state's statistics for one load. Play time counts only while the state is
 * Playing (a paused or buffering player accrues nothing) and feeds the analytics cadence and
 * the average bitrate; frame counters give the frame rate between two samples.
 */
export class StatisticsSampler {
  #frames: FrameCounters | null = null;
  /** When play time was last counted; null while not playing. */
  #lastAccrualMs: number | null = null;
  #playedMs = 0;
  #playedBitrateMs = 0;

  constructor(
    private readonly ticker: PlayTimeTicker,
    /** The advertised bitrate of the quality playing now (bit/s). */
    private readonly currentBitrate: () => number,
  ) {}

  /** Opens or closes the play-time interval when playback starts or stops. */
  onPlayingChanged(playing: boolean, nowMs: number): void {
    if (playing) {
      this.#lastAccrualMs ??= nowMs;
      return;
    }
    this.accrue(nowMs);
    this.#lastAccrualMs = null;
  }

  /**
   * Counts play time up to `nowMs`. Called on every sample and whenever playback stops, so a
   * pause right after the first frame still counts.
   */
  accrue(nowMs: number): void {
    if (this.#lastAccrualMs === null) return;
    const delta = nowMs - this.#lastAccrualMs;
    this.#lastAccrualMs = nowMs;
    if (delta <= 0) return;
    this.#playedMs += delta;
    this.#playedBitrateMs += delta * this.currentBitrate();
    this.ticker.addPlayTime(delta);
  }

  /** Reads the element's frame counters; `measuredBitrate` is the sink's bits per second of media. */
  sample(video: HTMLVideoElement, nowMs: number, measuredBitrate: number): StatisticsSample {
    this.accrue(nowMs);
    const counters = readFrameCounters(video, nowMs);
    const statistics = computeStatistics(this.#frames, counters, measuredBitrate);
    this.#frames = counters;
    const averageBitrate =
      this.#playedMs > 0 ? Math.round(this.#playedBitrateMs / this.#playedMs) : this.currentBitrate();
    return { statistics, averageBitrate };
  }
}
