import { MediaTargetError } from '../../engine/media-target.ts';
import { MseTarget } from '../../engine/mse-target.ts';
import type { BufferedRange, ClientSinkEvent, SinkOperation } from '../../engine/protocol.ts';

/** What the page side needs of the element: where it plays from and how it reads time. */
type Element = Pick<HTMLMediaElement, 'src' | 'currentTime' | 'paused' | 'playbackRate' | 'removeAttribute' | 'load'>;

/**
 * The `default-media-source` sink's MediaSource, on the page: the engine in the worker posts
 * each operation (configure, append, remove) and this carries it out on a SourceBuffer here
 * (MseTarget, the same code the worker uses on its own), answering by id with the spec's
 * onClientSink* events. For browsers with MediaSource but none in a worker: parsing and
 * loading still leave the main thread, only the appends stay on it.
 */
export class PageMediaSource {
  /** The MediaSource's number: the first is 0, as the worker's ClientTarget assumes. */
  private epoch = -1;
  private source: MediaSource | null = null;
  private target: MseTarget | null = null;
  private objectUrl = '';

  constructor(
    private readonly video: Element,
    private readonly answer: (event: ClientSinkEvent) => void,
  ) {}

  /**
   * A new MediaSource on the element. Replacing one under a running engine tells it
   * (onClientSinkReset): it sets the new one up and starts at the live edge, playlists and
   * throughput estimate warm. The player's own reload starts a new worker instead (a reload is
   * a new source to it), so only a page that swaps MediaSources itself sends this.
   */
  attach(): void {
    const replacing = this.source !== null;
    this.detach();
    this.epoch += 1;
    this.source = new MediaSource();
    this.target = new MseTarget(this.source);
    this.objectUrl = URL.createObjectURL(this.source);
    this.video.src = this.objectUrl;
    if (replacing) this.answer({ cmd: 'onClientSinkReset', epoch: this.epoch });
  }

  /** The engine's operation; one for a MediaSource since replaced is dropped. */
  run(operation: SinkOperation): void {
    const target = this.target;
    if (!target || operation.epoch !== this.epoch) return;
    if (operation.type === 'sinkSeekable') {
      target.setSeekable(operation.start, operation.end, operation.final);
      return;
    }
    const done = (() => {
      switch (operation.type) {
        case 'sinkConfigure':
          return target.configure(operation.mime, operation.track);
        case 'sinkAppend':
          return target.append(operation.bytes, operation.track);
        case 'sinkRemove':
          return target.remove(operation.start, operation.end);
        case 'sinkTimestampOffset':
          return target.setTimestampOffset(operation.offset, operation.track);
        case 'sinkEndOfStream':
          return target.endOfStream();
      }
    })();
    done.then(
      () => {
        if (target === this.target) this.answer({ ...this.position(), done: operation.id });
      },
      (error: unknown) => {
        if (target !== this.target) return;
        const refused = error instanceof MediaTargetError ? error : new MediaTargetError(3, String(error));
        this.answer(
          refused.recoverable
            ? {
                cmd: 'onClientSinkRecoverableError',
                id: operation.id,
                name: 'QuotaExceededError',
                message: refused.message,
              }
            : { cmd: 'onClientSinkError', id: operation.id, code: refused.code, message: refused.message },
        );
      },
    );
  }

  /** The element's position and the SourceBuffer's ranges, as onClientSinkUpdate carries them. */
  position(): Extract<ClientSinkEvent, { cmd: 'onClientSinkUpdate' }> {
    const audio = this.target?.buffered('audio') ?? [];
    return {
      cmd: 'onClientSinkUpdate',
      currentTime: this.video.currentTime,
      paused: this.video.paused,
      rate: this.video.playbackRate,
      buffered: this.buffered(),
      ...(audio.length > 0 && { audioBuffered: audio }),
    };
  }

  buffered(): BufferedRange[] {
    return this.target?.buffered() ?? [];
  }

  /** Releases the MediaSource; the next attach is a new engine's first (epoch 0 again). */
  destroy(): void {
    this.detach();
    this.source = null;
    this.epoch = -1;
  }

  private detach(): void {
    this.target?.destroy();
    this.target = null;
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = '';
  }
}
