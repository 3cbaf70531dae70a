import type { MediaTarget } from './media-target.ts';

/** Media kept behind the position (s); older media is removed from the SourceBuffer. */
export const BACK_BUFFER_S = 30;
/** Appends between two evictions: removing is a SourceBuffer operation too, so not after each. */
const APPENDS_PER_EVICTION = 10;

/**
 * What the engine keeps behind the playback position: a live stream would otherwise fill the
 * SourceBuffer (and the browser's quota) with media nobody will play again.
 */
export class BackBuffer {
  private appends = 0;

  constructor(
    private readonly target: Pick<MediaTarget, 'buffered' | 'remove'>,
    private readonly position: () => number,
  ) {}

  /** After each append: every few, what is more than BACK_BUFFER_S behind goes. */
  afterAppend(): void {
    if (++this.appends < APPENDS_PER_EVICTION) return;
    this.appends = 0;
    void this.evict(BACK_BUFFER_S);
  }

  /** Removes what is more than `keep` seconds behind the position (0: all that can go). */
  async evict(keep: number): Promise<void> {
    const first = this.target.buffered()[0];
    const position = this.position();
    if (!first || !Number.isFinite(position)) return;
    // Never the second before the position: the element may still be decoding from it.
    const until = position - Math.max(keep, 1);
    if (until > first.start) await this.target.remove(first.start, until).catch(() => undefined);
  }
}
