import type { AvailableSegment } from '../../live-sw/sw-messages.ts';

/** How many readings the clock keeps (one per 500 ms sample: 4.5 s). */
const READINGS = 9;

/**
 * The program-date-time of the native player's position, from what the live-manifest worker
 * saw it fetch (pure; segment-clock.test.ts). Chromium's native HLS exposes no start date
 * (Safari's getStartDate) and lays the segments it fetches end to end on a timeline of its own
 * (a segment it skips at a rendition switch leaves no gap), so the clock ties that timeline to
 * the stream's dates itself: once the newest segment the native player asked for is appended,
 * the buffer ends where that segment ends. Each reading gives offset = date(end of newest
 * requested segment) − buffered end. A reading between a request and its append is a segment
 * ahead; one whose report is still on its way is a segment behind; most are neither, so the
 * clock takes the median of its recent readings (and follows a skip within a few of them).
 */
export class SegmentClock {
  /** The end (epoch ms) of the newest segment the native player asked for, null before one. */
  #requestedEndMs: number | null = null;
  #offsets: number[] = [];

  /**
   * A report of the worker's. Reports come per rendition, and one about a rendition the native
   * player just left can arrive after one about its new rendition: the newest end seen is kept,
   * so a late report never moves the clock back (every rendition shares the stream's dates).
   */
  update(segments: AvailableSegment[]): void {
    for (const segment of segments) {
      if (!segment.requested || segment.programDateTime === null) continue;
      const end = segment.programDateTime + segment.duration * 1000;
      if (this.#requestedEndMs === null || end > this.#requestedEndMs) this.#requestedEndMs = end;
    }
  }

  /** One reading at the element's buffered end (s); ignored until a dated segment was asked for. */
  read(bufferedEnd: number): void {
    if (!(bufferedEnd > 0) || this.#requestedEndMs === null) return;
    this.#offsets.push(this.#requestedEndMs - bufferedEnd * 1000);
    if (this.#offsets.length > READINGS) this.#offsets.shift();
  }

  /** The date (epoch ms) of `position` on the element's timeline, null before a reading. */
  dateAt(position: number): number | null {
    if (this.#offsets.length === 0) return null;
    return position * 1000 + median(this.#offsets);
  }

  /** A new source or a reload starts a new timeline. */
  reset(): void {
    this.#requestedEndMs = null;
    this.#offsets = [];
  }
}

/** The middle reading (the lower of the two middle ones for an even count: never half a segment off). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
