/**
 * Live latency: how far the frame on screen is behind real time, from the program-date-time
 * of the current position against the wall clock, corrected by the server offset (server
 * clock minus client clock) when the platform advertises one.
 */
export function liveLatencySeconds(playingDateMs: number | null, nowMs: number, serverOffsetMs = 0): number {
  if (playingDateMs === null || !Number.isFinite(playingDateMs)) return Number.NaN;
  return (nowMs + serverOffsetMs - playingDateMs) / 1000;
}

/** SPEC §3 "Live-latency analytics". */
export interface LiveLatencyAnalytics {
  serverOffset: number;
  playlistPosition: { min: number; avg: number; max: number; last: number };
  liveLatencyTiming: { first: number; last: number };
  driftCorrection: number;
}

/** Accumulates the live-latency analytics of one playback session. */
export class LatencyAnalyticsCollector {
  #serverOffset = 0;
  #serverOffsetGeneration = -1;
  #positions = { min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY, sum: 0, count: 0, last: Number.NaN };
  #latency = { first: Number.NaN, last: Number.NaN, lastAtMs: Number.NEGATIVE_INFINITY };
  #corrections = 0;

  /** SPEC §5: a duplicate server-offset generation is ignored. */
  setServerOffset(offsetMs: number, generation: number): boolean {
    if (generation === this.#serverOffsetGeneration) return false;
    this.#serverOffsetGeneration = generation;
    this.#serverOffset = offsetMs;
    return true;
  }

  get serverOffset(): number {
    return this.#serverOffset;
  }

  addPlaylistPosition(position: number): void {
    if (!Number.isFinite(position)) return;
    const p = this.#positions;
    p.min = Math.min(p.min, position);
    p.max = Math.max(p.max, position);
    p.sum += position;
    p.count += 1;
    p.last = position;
  }

  /** SPEC §5: a latency value older than the previous one is ignored. */
  addLatency(latencySeconds: number, measuredAtMs: number): boolean {
    if (!Number.isFinite(latencySeconds) || measuredAtMs < this.#latency.lastAtMs) return false;
    if (Number.isNaN(this.#latency.first)) this.#latency.first = latencySeconds;
    this.#latency.last = latencySeconds;
    this.#latency.lastAtMs = measuredAtMs;
    return true;
  }

  countDriftCorrection(): void {
    this.#corrections += 1;
  }

  snapshot(): LiveLatencyAnalytics {
    const p = this.#positions;
    const has = p.count > 0;
    return {
      serverOffset: this.#serverOffset,
      playlistPosition: {
        min: has ? p.min : Number.NaN,
        avg: has ? p.sum / p.count : Number.NaN,
        max: has ? p.max : Number.NaN,
        last: p.last,
      },
      liveLatencyTiming: { first: this.#latency.first, last: this.#latency.last },
      driftCorrection: this.#corrections,
    };
  }
}
