/** What each conformance test found, attached to its result for the table (table-reporter.ts). */
export interface ConformanceRecord {
  case: string;
  /** The sink the player was asked for: `auto` lets it choose. */
  asked: string;
  /** The sink that played (the player's state), null when none did. */
  sink: string | null;
  /** From load() to the first frame presented, in the page's clock. */
  firstFrameMs: number | null;
  /** Audio bytes decoded by the end (video.webkitAudioDecodedByteCount). */
  audioBytes: number | null;
  /** Video frames decoded by the end (getVideoPlaybackQuality().totalVideoFrames). */
  frames: number | null;
  /** What happened, in a few words. */
  outcome: string;
}

export const CONFORMANCE_ATTACHMENT = 'conformance-record';

/** The annotation every conformance test carries: `{ case, asked }` as JSON. */
export const CONFORMANCE_CASE = 'conformance-case';
