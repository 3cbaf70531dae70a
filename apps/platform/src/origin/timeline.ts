/**
 * Wall-clock publication schedule. Pure functions of `now`, so every platform
 * process (and every restart) agrees on what is live.
 *
 * Media time is time since the Unix epoch, as if an encoder stamped wall-clock
 * time: segment `msn` covers [msn * D, (msn + 1) * D) in both media time and
 * wall-clock time, D being the segment duration. A segment is published once
 * its end is in the past, i.e. no earlier than a real encoder could have
 * produced it.
 */

export interface SegmentGrid {
  segmentDurationMs: number;
  fragmentsPerSegment: number;
  segmentsPerLoop: number;
}

export interface SegmentWindow {
  /** Media sequence number of the first listed segment. */
  first: number;
  /** Media sequence number of the last listed (newest published) segment. */
  last: number;
}

/** Newest published msn at `nowMs` (-1 before the first segment ever ends). */
export function latestPublishedMsn(nowMs: number, segmentDurationMs: number): number {
  return Math.floor(nowMs / segmentDurationMs) - 1;
}

export function isPublished(msn: number, nowMs: number, segmentDurationMs: number): boolean {
  return (msn + 1) * segmentDurationMs <= nowMs;
}

/**
 * Whether `msn` is published and still inside the retention period (its end
 * no more than `retentionMs` ago).
 */
export function isAvailable(msn: number, nowMs: number, segmentDurationMs: number, retentionMs: number): boolean {
  const endMs = (msn + 1) * segmentDurationMs;
  return msn >= 0 && endMs <= nowMs && endMs > nowMs - retentionMs;
}

/** The rolling playlist window: the last `size` published segments. */
export function publishedWindow(nowMs: number, segmentDurationMs: number, size: number): SegmentWindow {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`window size must be a positive integer: ${size}`);
  const last = latestPublishedMsn(nowMs, segmentDurationMs);
  return { first: Math.max(0, last - size + 1), last };
}

export function segmentStartMs(msn: number, segmentDurationMs: number): number {
  return msn * segmentDurationMs;
}

export interface SegmentLocation {
  /** How many whole loops of the fixture precede this segment. */
  loop: number;
  /** Segment index within the loop. */
  localSegment: number;
  /** Index of the segment's first fragment within the fixture. */
  firstLocalFragment: number;
  /** Index of the segment's first fragment counted from the epoch. */
  firstGlobalFragment: number;
}

/** Maps a media sequence number onto the looping fixture. */
export function locateSegment(msn: number, grid: SegmentGrid): SegmentLocation {
  if (!Number.isSafeInteger(msn) || msn < 0) throw new RangeError(`invalid media sequence number ${msn}`);
  const loop = Math.floor(msn / grid.segmentsPerLoop);
  const localSegment = msn - loop * grid.segmentsPerLoop;
  return {
    loop,
    localSegment,
    firstLocalFragment: localSegment * grid.fragmentsPerSegment,
    firstGlobalFragment: msn * grid.fragmentsPerSegment,
  };
}

/**
 * mfhd sequence numbers are 32-bit, but fragments counted from the epoch
 * already exceed 2^32 (about 5 per second for 56 years). So the count wraps
 * into 1..2^32-1 (0 is avoided because numbering starts at 1): it increases
 * by one per fragment and wraps once every ~27 years.
 */
export function fragmentSequenceNumber(globalFragmentIndex: number): number {
  return (globalFragmentIndex % 0xffffffff) + 1;
}
