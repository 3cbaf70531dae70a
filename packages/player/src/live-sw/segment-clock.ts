import type { AvailableSegment } from './sw-messages.ts';

/** How many readings the clock keeps (one per 500 ms sample: 4 s). */
const READINGS = 8;

/**
 * The program-date-time of the native player's position, from what the live-manifest worker
 * saw it fetch (pure; segment-clock.test.ts). Chromium's native HLS exposes no start date
 * (Safari's getStartDate) and counts its timeline from wherever it started, so the clock ties
 * the element's timeline to the stream's dates itself: the end of the newest segment the native
 * player asked for is where its buffer ends, once that segment is appended. Each reading gives
 * offset = date(end of newest requested segment) − buffered end; a reading taken between the
 * request and the append is one segment too far ahead, never behind, so the smallest recent
 * offset is the true one.
 */
export class SegmentClock {
  #segments: AvailableSegment[] = [];
  #offsets: number[] = [];

  /** The worker's newest report of the segments it gave the native player. */
  update(segments: AvailableSegment[]): void {
    this.#segments = segments;
  }

  /** One reading at the element's buffered end (s); ignored until a dated segment was asked for. */
  read(bufferedEnd: number): void {
    if (!(bufferedEnd > 0)) return;
    const newest = this.#segments.filter((s) => s.requested && s.programDateTime !== null).at(-1);
    if (!newest) return;
    const endMs = newest.programDateTime! + newest.duration * 1000;
    this.#offsets.push(endMs - bufferedEnd * 1000);
    if (this.#offsets.length > READINGS) this.#offsets.shift();
  }

  /** The date (epoch ms) of `position` on the element's timeline, null before a reading. */
  dateAt(position: number): number | null {
    if (this.#offsets.length === 0) return null;
    return position * 1000 + Math.min(...this.#offsets);
  }

  /** A new source or a reload starts a new timeline. */
  reset(): void {
    this.#segments = [];
    this.#offsets = [];
  }
}
