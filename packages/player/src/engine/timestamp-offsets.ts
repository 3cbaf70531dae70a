/**
 * A discontinuity's new timeline on the element's (pure): an encoder restart (EXT-X-DISCONTINUITY)
 * may start its timestamps anywhere (often at 0 again), and appended as they are, its media would
 * land behind what plays, or far ahead. The first piece after a discontinuity moves the
 * SourceBuffer's timestampOffset so that its media starts where the last piece ended; the pieces
 * after it keep that offset. Element time = a piece's own timestamp + `offset`.
 */
export class TimestampOffsets {
  offset = 0;
  /** Where the last appended piece ended on the element's timeline; null at a generation's start. */
  private expectedEnd: number | null = null;

  /**
   * The offset a piece starting at `rawStart` (its own timestamps) needs, or null when the one
   * in force serves: only a piece that opens a discontinuity, after a piece of this generation.
   */
  forPiece(rawStart: number, opensDiscontinuity: boolean): number | null {
    if (!opensDiscontinuity || this.expectedEnd === null) return null;
    const needed = this.expectedEnd - rawStart;
    if (Math.abs(needed - this.offset) < 0.001) return null;
    this.offset = needed;
    return needed;
  }

  /** A piece starting at `rawStart`, `duration` long, went in. */
  appended(rawStart: number, duration: number): void {
    this.expectedEnd = rawStart + this.offset + duration;
  }

  /** A new generation starts elsewhere: no piece before it to continue from (the offset stays). */
  restart(): void {
    this.expectedEnd = null;
  }

  /** A new load: its own timestamps. */
  forget(): void {
    this.offset = 0;
    this.expectedEnd = null;
  }
}
