import { MediaTargetError, type MediaTarget, type Range, type TrackKind } from './media-target.ts';
import type { ClientSinkEvent, SinkOperation } from './protocol.ts';

type Answer = Extract<
  ClientSinkEvent,
  { cmd: 'onClientSinkUpdate' | 'onClientSinkError' | 'onClientSinkRecoverableError' }
>;

/** Distributes Omit over a union, so each operation keeps its own fields. */
type Request =
  Exclude<SinkOperation, { type: 'sinkSeekable' }> extends infer O
    ? O extends SinkOperation
      ? Omit<O, 'id' | 'epoch'>
      : never
    : never;

/**
 * The `default-media-source` sink's MediaTarget, in the worker: the MediaSource lives on the
 * page, so each operation is posted there (`sink*` events) and settles when the page answers it
 * by id (onClientSinkUpdate / Error / RecoverableError). One at a time, as a SourceBuffer
 * allows. `buffered()` is the page's last report: at most one answer or POSITION_INTERVAL_MS
 * old, which the engine's decisions (forward buffer, eviction) tolerate.
 */
export class ClientTarget implements MediaTarget {
  private nextId = 1;
  private epoch = 0;
  private ranges: Record<TrackKind, Range[]> = { main: [], audio: [] };
  private pending: { id: number; resolve(): void; reject(error: Error): void } | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly post: (operation: SinkOperation) => void) {}

  /** The main track's operations name no track: the messages of a muxed stream are as before. */
  configure(mime: string, track: TrackKind = 'main'): Promise<void> {
    return this.send({ type: 'sinkConfigure', mime, ...(track !== 'main' && { track }) });
  }

  append(bytes: Uint8Array, track: TrackKind = 'main'): Promise<void> {
    return this.send({ type: 'sinkAppend', bytes, ...(track !== 'main' && { track }) });
  }

  setTimestampOffset(offset: number, track: TrackKind = 'main'): Promise<void> {
    return this.send({ type: 'sinkTimestampOffset', offset, ...(track !== 'main' && { track }) });
  }

  endOfStream(): Promise<void> {
    return this.send({ type: 'sinkEndOfStream' });
  }

  remove(start: number, end: number): Promise<void> {
    return end > start ? this.send({ type: 'sinkRemove', start, end }) : Promise.resolve();
  }

  /** Posted without an answer: the page applies it at once, queue or not. */
  setSeekable(start: number, end: number, final = false): void {
    this.post({ type: 'sinkSeekable', epoch: this.epoch, start, end, ...(final && { final }) });
  }

  buffered(track: TrackKind = 'main'): Range[] {
    return this.ranges[track];
  }

  /** An answer from the page; the position reports carry the buffered ranges too. */
  answer(event: Answer): void {
    if (event.cmd === 'onClientSinkUpdate') {
      if (event.buffered) this.ranges.main = event.buffered;
      if (event.audioBuffered) this.ranges.audio = event.audioBuffered;
      if (event.done !== undefined) this.settle(event.done, null);
      return;
    }
    if (event.id === undefined) return;
    const recoverable = event.cmd === 'onClientSinkRecoverableError';
    const code = recoverable ? 3 : event.code;
    this.settle(event.id, new MediaTargetError(code, event.message, recoverable));
  }

  /**
   * The page made a new MediaSource: what was asked of the old one is void. The operation in
   * flight is refused as a removed buffer would refuse it, and nothing buffered remains.
   */
  reset(epoch: number): void {
    this.epoch = epoch;
    this.ranges = { main: [], audio: [] };
    this.fail(new MediaTargetError(3, 'the page replaced its MediaSource', true));
  }

  destroy(): void {
    this.fail(new MediaTargetError(3, 'the target was destroyed'));
    this.queue = Promise.resolve();
  }

  private fail(error: MediaTargetError): void {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }

  private settle(id: number, error: Error | null): void {
    if (this.pending?.id !== id) return;
    const { resolve, reject } = this.pending;
    this.pending = null;
    if (error) reject(error);
    else resolve();
  }

  private send(request: Request): Promise<void> {
    const run = this.queue.then(
      () =>
        new Promise<void>((resolve, reject) => {
          const id = this.nextId++;
          this.pending = { id, resolve, reject };
          this.post({ ...request, id, epoch: this.epoch } as SinkOperation);
        }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }
}
