import { MediaTargetError, type MediaTarget, type Range } from './media-target.ts';

/** MediaError codes (errors.ts): a refused append is a decode error, a refused type code 4. */
const DECODE = 3;
const SRC_NOT_SUPPORTED = 4;

/**
 * A MediaTarget over a MediaSource: one SourceBuffer, operations strictly one at a time (a
 * SourceBuffer refuses a second while `updating`). Works on a MediaSource made in a worker or
 * on the page alike. Duration is +Infinity: a live stream has no end; the element's seekable
 * range is the live window the engine sets (setSeekable), or else only what is buffered.
 */
export class MseTarget implements MediaTarget {
  private buffer: SourceBuffer | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly opened: Promise<void>;
  private seekable: { start: number; end: number } | null = null;

  constructor(private readonly source: MediaSource) {
    this.opened =
      source.readyState === 'open'
        ? Promise.resolve()
        : new Promise((resolve) => source.addEventListener('sourceopen', () => resolve(), { once: true }));
    // A window set before the MediaSource opened (the page had not given it an element yet).
    void this.opened.then(() => this.applySeekable());
  }

  setSeekable(start: number, end: number): void {
    if (!(end >= start) || !(start >= 0)) return;
    this.seekable = { start, end };
    this.applySeekable();
  }

  configure(mime: string): Promise<void> {
    return this.enqueue(async () => {
      await this.opened;
      if (this.buffer) {
        this.buffer.changeType(mime);
        return;
      }
      try {
        this.buffer = this.source.addSourceBuffer(mime);
      } catch (error) {
        throw new MediaTargetError(SRC_NOT_SUPPORTED, `addSourceBuffer(${mime}): ${(error as Error).message}`);
      }
      this.buffer.mode = 'segments';
      if (this.source.readyState === 'open') this.source.duration = Number.POSITIVE_INFINITY;
    });
  }

  append(bytes: Uint8Array): Promise<void> {
    return this.enqueue(() => this.operate((buffer) => buffer.appendBuffer(bytes as BufferSource), 'appendBuffer'));
  }

  remove(start: number, end: number): Promise<void> {
    return this.enqueue(() =>
      end > start ? this.operate((buffer) => buffer.remove(start, end), 'remove') : Promise.resolve(),
    );
  }

  buffered(): Range[] {
    const ranges: Range[] = [];
    try {
      const b = this.buffer?.buffered;
      if (b) for (let i = 0; i < b.length; i++) ranges.push({ start: b.start(i), end: b.end(i) });
    } catch {
      // A SourceBuffer removed from its MediaSource (the element errored) has no ranges.
    }
    return ranges;
  }

  destroy(): void {
    this.queue = Promise.resolve();
    try {
      if (this.buffer && this.source.readyState === 'open') this.buffer.abort();
    } catch {
      // Already detached.
    }
    this.buffer = null;
  }

  private applySeekable(): void {
    // Allowed while a SourceBuffer updates (unlike duration), so no queue; only while open.
    if (!this.seekable || this.source.readyState !== 'open' || !this.source.setLiveSeekableRange) return;
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

  private operate(start: (buffer: SourceBuffer) => void, what: string): Promise<void> {
    const buffer = this.buffer;
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
