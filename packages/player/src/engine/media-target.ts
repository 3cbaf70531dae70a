/** A time range of buffered media (s). */
export interface Range {
  start: number;
  end: number;
}

/**
 * Where the engine puts media: one SourceBuffer of muxed fMP4 (audio and video in one
 * stream, as our origin and most LL-HLS origins package it). The worker implements it over a
 * MediaSource of its own (mse-target.ts); unit tests over a recorder.
 */
export interface MediaTarget {
  /** Creates the SourceBuffer for `mime` (`video/mp4; codecs="…"`), or switches its type. */
  configure(mime: string): Promise<void>;
  append(bytes: Uint8Array): Promise<void>;
  remove(start: number, end: number): Promise<void>;
  /**
   * The live window on the element's timeline (MediaSource.setLiveSeekableRange). Without it a
   * live MediaSource (duration +Infinity) is seekable only where it is buffered, so a seek to a
   * start position whose media is still on its way is cut back to the buffered end.
   */
  setSeekable(start: number, end: number): void;
  buffered(): Range[];
  destroy(): void;
}

/** Rejected when the browser refuses the media (decode, quota, a removed buffer). */
export class MediaTargetError extends Error {
  override name = 'MediaTargetError';
  constructor(
    /** MediaError code: 3 decode, 4 type not supported. */
    readonly code: number,
    message: string,
    /**
     * Refused for now, not for good: the SourceBuffer is full (QuotaExceededError), or the
     * MediaSource was replaced. The engine frees room or starts again; nothing is reported.
     */
    readonly recoverable = false,
  ) {
    super(message);
  }

  /** The media element reports this failure itself (a decode error ends the MediaSource). */
  get elementReports(): boolean {
    return this.code === 3 && !this.recoverable;
  }
}
