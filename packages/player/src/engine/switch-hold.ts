/**
 * A step down in the middle of a segment, without emptying the buffer first.
 *
 * After an abandoned piece the engine loads its segment again, in a lower rendition, from the
 * segment's independent first part (abandon.ts). Appending that first part at once would cut
 * the buffer: a SourceBuffer that takes frames overlapping what it holds removes the old ones
 * and, with them, every old frame up to the next keyframe that depended on them (the MSE
 * coded frame processing), so the higher rendition's media ahead of the position is gone the
 * moment the first lower part goes in, and the element stalls until the lower parts have caught
 * up with the position. Held back until they reach the end of what is buffered, the lower
 * parts replace the higher ones in one go, and the element plays what it has meanwhile: the
 * 8 → 0.6 Mbit/s drop of the bench stalled as soon as the first 160p part was appended.
 */
export class SwitchHold<Piece> {
  /** The media time the held pieces must reach (the buffered end at the step down); null when not holding. */
  private until: number | null = null;
  private held: { piece: Piece; bytes: Uint8Array }[] = [];

  /** Whether pieces are being held (a switch is replacing the buffer's end). */
  get holding(): boolean {
    return this.until !== null;
  }

  /**
   * A step down, with `bufferedEnd` the end of what is buffered around the position (null:
   * nothing to keep). A second step down while holding finds the same end: nothing held was
   * appended.
   */
  begin(bufferedEnd: number | null): void {
    this.until = bufferedEnd;
    this.held = [];
  }

  /**
   * Whether `piece`, whose media ends at `end` (null when unknown), waits with the others: it
   * does while it ends before the buffered end; the one that reaches it releases them all.
   */
  keep(piece: Piece, bytes: Uint8Array, end: number | null): boolean {
    if (this.until === null || end === null || end >= this.until - END_TOLERANCE_S) return false;
    this.held.push({ piece, bytes });
    return true;
  }

  /**
   * The pieces held so far, in order, to append before another init segment goes in (they are
   * the previous rendition's); the hold goes on for the pieces after them.
   */
  takeHeld(): { piece: Piece; bytes: Uint8Array }[] {
    const held = this.held;
    this.held = [];
    return held;
  }

  /** The held pieces, in order, to append before the one that reached the buffered end; the hold ends. */
  release(): { piece: Piece; bytes: Uint8Array }[] {
    const held = this.held;
    this.clear();
    return held;
  }

  clear(): void {
    this.until = null;
    this.held = [];
  }
}

/** A piece ending this close to the buffered end reaches it (timestamps are rounded to ticks). */
export const END_TOLERANCE_S = 0.01;
