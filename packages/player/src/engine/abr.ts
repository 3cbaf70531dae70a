/**
 * Automatic quality for a live low-latency buffer of a second or less.
 *
 * Throughput is measured on the transfer only: from the response's first byte to its last.
 * A blocking playlist reload or a preload-hinted part waits at the origin until the media
 * exists, and counting that wait as transfer time (hls.js #3563, #7133, #7948) makes every
 * LL-HLS download look slow. A part of a few kilobytes on a fast link transfers in a
 * millisecond or two, so samples are pooled (bytes over time across the window) instead of
 * averaging per-sample rates, and a sample shorter than the timer's resolution counts as that.
 */

export interface ThroughputSample {
  bytes: number;
  /** First byte to last byte (ms). */
  transferMs: number;
}

/** The pooled window: this many of the latest samples. */
export const THROUGHPUT_WINDOW = 12;
/**
 * The fast window: the estimate is the lower of both pools, so a collapse shows within three
 * pieces while a single fast piece never lifts it (hls.js's fast/slow EWMA pair, pooled).
 */
export const FAST_WINDOW = 3;
/** Below this a transfer time is the clock's resolution, not a measurement. */
export const MIN_TRANSFER_MS = 4;
/**
 * A recovery: the latest RECOVERY_WINDOW pieces together arrived at least RECOVERY_FACTOR
 * times as fast as the whole window. The slower pieces before them are then history, as a
 * collapse makes them (`restartFrom`). Without this the pooled window, which weighs each piece
 * by its transfer time, kept a link that came back from 0.6 to 8 Mbit/s looking slow until
 * the slow pieces had left it: 3 s and more before the picture came back up (issue 36).
 */
export const RECOVERY_WINDOW = 2;
export const RECOVERY_FACTOR = 4;

function pooled(samples: readonly ThroughputSample[]): number {
  let bytes = 0;
  let ms = 0;
  for (const s of samples) {
    bytes += s.bytes;
    ms += s.transferMs;
  }
  return (bytes * 8 * 1000) / ms;
}

export class ThroughputEstimator {
  private samples: ThroughputSample[] = [];

  constructor(private readonly initialBps: number | null = null) {}

  add(sample: ThroughputSample): void {
    if (!(sample.bytes > 0)) return;
    this.samples.push({ bytes: sample.bytes, transferMs: Math.max(MIN_TRANSFER_MS, sample.transferMs) });
    if (this.samples.length > THROUGHPUT_WINDOW) this.samples.shift();
    if (this.samples.length > RECOVERY_WINDOW) {
      const latest = this.samples.slice(-RECOVERY_WINDOW);
      if (pooled(latest) >= RECOVERY_FACTOR * pooled(this.samples)) this.samples = latest;
    }
  }

  /**
   * A collapse (a transfer abandoned as too slow): every earlier sample is history, and the
   * estimate starts again from this one. Pooled with the fast pieces before it, the abandoned
   * transfer's rate was hidden (two 55 kB parts in 10 ms each and 18 kB in 250 ms pool to
   * 3.8 Mbit/s on a 0.6 Mbit/s link), so each step down went one rendition at a time, 250 ms
   * of a doomed transfer each, and the bench's 8 → 0.6 Mbit/s drop stalled for over a second.
   */
  restartFrom(sample: ThroughputSample): void {
    this.samples = [];
    this.add(sample);
  }

  /** Bits per second; the initial estimate (or null) until a sample exists. */
  estimate(): number | null {
    if (this.samples.length === 0) return this.initialBps;
    return Math.min(pooled(this.samples), pooled(this.samples.slice(-FAST_WINDOW)));
  }
}

export interface AbrCandidate {
  bitrate: number;
  width: number;
  height: number;
}

export interface AbrInput {
  /** The variants, any order. */
  candidates: readonly AbrCandidate[];
  current: number;
  throughputBps: number | null;
  /** Seconds buffered ahead of the position. */
  bufferS: number;
  /** The element's size in device pixels; 0 when unknown (no cap). */
  maxWidth: number;
  maxHeight: number;
  /** Highest index automatic selection may use (abrTranscodesOnly), or -1 for none. */
  cap?: number;
}

/** Share of the throughput a rendition may use going up. */
export const UP_SHARE = 0.7;
/** Going down, the best rendition within this share: one step of headroom, not a plunge. */
export const DOWN_SHARE = 0.85;
/** With less than this buffered the engine never climbs. */
export const MIN_BUFFER_TO_CLIMB_S = 0.4;

/**
 * The variant index to use from the next independent part. Capped to the smallest rendition
 * that fills the element in device pixels (a 375 × 211 embed never needs 720p); steps down at
 * once when the throughput no longer carries the current one, and up only with headroom and a
 * buffer to spare.
 */
export function chooseVariant(input: AbrInput): number {
  const order = input.candidates.map((c, index) => ({ c, index })).sort((a, b) => a.c.bitrate - b.c.bitrate);
  if (order.length === 0) return -1;
  let allowed = order;
  if (input.cap !== undefined && input.cap >= 0) {
    const capBitrate = input.candidates[input.cap]?.bitrate ?? Number.POSITIVE_INFINITY;
    allowed = order.filter((o) => o.c.bitrate <= capBitrate);
  }
  if (input.maxWidth > 0 && input.maxHeight > 0) {
    const fills = allowed.find((o) => o.c.width >= input.maxWidth && o.c.height >= input.maxHeight);
    if (fills) allowed = allowed.filter((o) => o.c.bitrate <= fills.c.bitrate);
  }
  if (allowed.length === 0) allowed = order.slice(0, 1);
  const throughput = input.throughputBps;
  if (throughput === null) return allowed.some((o) => o.index === input.current) ? input.current : allowed[0]!.index;
  const current = input.candidates[input.current];
  const affordable = (share: number) => allowed.filter((o) => o.c.bitrate <= throughput * share);
  const best = (share: number) => {
    const list = affordable(share);
    return (list[list.length - 1] ?? allowed[0]!).index;
  };
  if (!current || !allowed.some((o) => o.index === input.current)) return best(UP_SHARE);
  if (current.bitrate > throughput) return best(DOWN_SHARE);
  const up = best(UP_SHARE);
  if (input.candidates[up]!.bitrate > current.bitrate && input.bufferS >= MIN_BUFFER_TO_CLIMB_S) return up;
  return input.current;
}
