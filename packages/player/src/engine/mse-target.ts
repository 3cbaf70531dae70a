import { MediaTargetError, type MediaTarget, type Range, type TrackKind } from './media-target.ts';

/** MediaError codes (errors.ts): a refused append is a decode error, a refused type code 4. */
const DECODE = 3;
const SRC_NOT_SUPPORTED = 4;

/**
 * A MediaTarget over a MediaSource: a SourceBuffer per track, operations strictly one at a time
 * across them all (a SourceBuffer refuses a second while `updating`, and the MediaSource's
 * duration may not change while any updates). Works on a MediaSource made in a worker or
 * on the page alike. Duration is +Infinity while the stream is live: it has no end, and the
 * element's seekable range is the live window the engine sets (setSeekable), or else only what
 * is buffered. A stream with an end (VOD, an EVENT that ended) gets its duration instead.
 */
export class MseTarget implements MediaTarget {
  private readonly buffers = new Map<TrackKind, SourceBuffer>();
  private queue: Promise<void> = Promise.resolve();
  private readonly opened: Promise<void>;
  private seekable: { start: number; end: number; final: boolean } | null = null;

  constructor(private readonly source: MediaSource) {
    this.opened =
      source.readyState === 'open'
        ? Promise.resolve()
        : new Promise((resolve) => source.addEventListener('sourceopen', () => resolve(), { once: true }));
    // A window set before the MediaSource opened (the page had not given it an element yet).
    void this.opened.then(() => this.applySeekable());
  }

  setSeekable(start: number, end: number, final = false): void {
    if (!(end >= start) || !(start >= 0)) return;
    const was = this.seekable;
    this.seekable = { start, end, final };
    if (!final) return this.applySeekable();
    // The duration may not change while a SourceBuffer updates: in turn, with the appends.
    if (was?.final && was.end === end) return;
    void this.enqueue(async () => {
      await this.opened;
      this.applyDuration();
    });
  }

  configure(mime: string, track: TrackKind = 'main'): Promise<void> {
    return this.enqueue(async () => {
      await this.opened;
      const existing = this.buffers.get(track);
      if (existing) {
        existing.changeType(mime);
        return;
      }
      let buffer: SourceBuffer;
      try {
        buffer = this.source.addSourceBuffer(mime);
      } catch (error) {
        throw new MediaTargetError(SRC_NOT_SUPPORTED, `addSourceBuffer(${mime}): ${(error as Error).message}`);
      }
      buffer.mode = 'segments';
      this.buffers.set(track, buffer);
      this.applyDuration();
    });
  }

  append(bytes: Uint8Array, track: TrackKind = 'main'): Promise<void> {
    return this.enqueue(() =>
      this.operate(this.buffers.get(track), (buffer) => buffer.appendBuffer(bytes as BufferSource), 'appendBuffer'),
    );
  }

  setTimestampOffset(offset: number, track: TrackKind = 'main'): Promise<void> {
    return this.enqueue(async () => {
      const buffer = this.buffers.get(track);
      if (buffer) buffer.timestampOffset = offset;
    });
  }

  endOfStream(): Promise<void> {
    return this.enqueue(async () => {
      if (this.source.readyState === 'open') this.source.endOfStream();
    });
  }

  remove(start: number, end: number): Promise<void> {
    return this.enqueue(async () => {
      if (!(end > start)) return;
      if (this.buffers.size === 0) await this.operate(undefined, () => undefined, 'remove');
      for (const buffer of this.buffers.values()) await this.operate(buffer, (b) => b.remove(start, end), 'remove');
    });
  }

  buffered(track: TrackKind = 'main'): Range[] {
    const ranges: Range[] = [];
    try {
      const b = this.buffers.get(track)?.buffered;
      if (b) for (let i = 0; i < b.length; i++) ranges.push({ start: b.start(i), end: b.end(i) });
    } catch {
      // A SourceBuffer removed from its MediaSource (the element errored) has no ranges.
    }
    return ranges;
  }

  destroy(): void {
    this.queue = Promise.resolve();
    for (const buffer of this.buffers.values()) {
      try {
        if (this.source.readyState === 'open') buffer.abort();
      } catch {
        // Already detached.
      }
    }
    this.buffers.clear();
  }

  /** +Infinity while live; a stream with an end, its end (the element may then end too). */
  private applyDuration(): void {
    if (this.source.readyState !== 'open') return;
    const duration = this.seekable?.final ? this.seekable.end : Number.POSITIVE_INFINITY;
    if (this.source.duration === duration) return;
    try {
      this.source.duration = duration;
    } catch {
      // Below what is buffered (a playlist that shrank): the buffered end stands.
    }
  }

  private applySeekable(): void {
    // Allowed while a SourceBuffer updates (unlike duration), so no queue; only while open.
    if (!this.seekable || this.seekable.final) return;
    if (this.source.readyState !== 'open' || !this.source.setLiveSeekableRange) return;
    try {
      this.source.setLiveSeekableRange(this.seekable.start, this.seekable.end);
    } catch {
      // Closed meanwhile: the next window is set on the next MediaSource.
    }
  }

  private enqueue(operation: () => Promise<void>): Promise<void> {
    const run = this.queue.then(operation);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private operate(
    buffer: SourceBuffer | undefined,
    start: (buffer: SourceBuffer) => void,
    what: string,
  ): Promise<void> {
    if (!buffer) return Promise.reject(new MediaTargetError(DECODE, `${what} without a SourceBuffer`));
    return new Promise((resolve, reject) => {
      const done = () => {
        buffer.removeEventListener('updateend', done);
        buffer.removeEventListener('error', failed);
        resolve();
      };
      const failed = () => {
        buffer.removeEventListener('updateend', done);
        buffer.removeEventListener('error', failed);
        reject(new MediaTargetError(DECODE, `${what} failed`));
      };
      buffer.addEventListener('updateend', done);
      buffer.addEventListener('error', failed);
      try {
        start(buffer);
      } catch (error) {
        buffer.removeEventListener('updateend', done);
        buffer.removeEventListener('error', failed);
        // A full SourceBuffer throws before it starts: nothing is lost, room can be made.
        const full = (error as { name?: string }).name === 'QuotaExceededError';
        reject(new MediaTargetError(DECODE, `${what}: ${(error as Error).message}`, full));
      }
    });
  }
}
