/** A time range of buffered media (s). */
export interface Range {
  start: number;
  end: number;
}

/**
 * Which SourceBuffer: `main` holds the variant's media (muxed audio and video, as our origin
 * and most LL-HLS origins package it, or video alone); `audio` an alternate audio rendition
 * from its own playlist (EXT-X-MEDIA TYPE=AUDIO with a URI).
 */
export type TrackKind = 'main' | 'audio';

/**
 * Where the engine puts media: a SourceBuffer per track. The worker implements it over a
 * MediaSource of its own (mse-target.ts), the default-media-source sink over the page's
 * (client-target.ts); unit tests over a recorder. Every SourceBuffer must be created before
 * the first append to any of them (a MediaSource takes no new one once it has metadata): the
 * engine configures the audio track before the main track's first init segment.
 */
export interface MediaTarget {
  /** Creates the track's SourceBuffer for `mime` (`video/mp4; codecs="…"`), or switches its type. */
  configure(mime: string, track?: TrackKind): Promise<void>;
  append(bytes: Uint8Array, track?: TrackKind): Promise<void>;
  /** Removes the range from every track. */
  remove(start: number, end: number): Promise<void>;
  /**
   * The live window on the element's timeline (MediaSource.setLiveSeekableRange). Without it a
   * live MediaSource (duration +Infinity) is seekable only where it is buffered, so a seek to a
   * start position whose media is still on its way is cut back to the buffered end. `final`:
   * the stream has an end (VOD, an EVENT that ended): the MediaSource's duration becomes `end`,
   * so the element knows how long it is, seeks anywhere in it, and ends there.
   */
  setSeekable(start: number, end: number, final?: boolean): void;
  /**
   * Where the track's next appends go relative to their own timestamps (SourceBuffer
   * timestampOffset): a discontinuity's new timeline continues where the old one ended.
   */
  setTimestampOffset(offset: number, track?: TrackKind): Promise<void>;
  /** Every track is loaded to the end of a stream that has one (VOD): the element may end. */
  endOfStream(): Promise<void>;
  /** The track's buffered ranges (main by default). */
  buffered(track?: TrackKind): Range[];
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
