/** Below this lead, the start's seek lands on its key frame's picture anyway: one seek. */
export const FIRST_PICTURE_MIN_LEAD_S = 0.05;
/**
 * Past this lead, the range is not the one the start's first piece opened (the longest GOP a
 * classic packager writes is a 6 s segment's): one seek.
 */
export const FIRST_PICTURE_MAX_LEAD_S = 6;

/** The element's buffered ranges, as far as this reads them. */
export interface BufferedRanges {
  readonly length: number;
  start(index: number): number;
  end(index: number): number;
}

/**
 * Where the element shows its first picture before it seeks to the start's position (pure).
 * The engine starts up to a GOP past a key frame (its latency target), so the decoder must
 * decode every frame from that key frame before the position has a picture: 116 ms median for
 * 720p on a 2-core machine, against 25 ms for the key frame alone. Seeking to the key frame
 * first puts a picture of the stream on screen while that decode runs; the second seek, to the
 * position, follows at once. The engine asks for its start seek once it has appended the
 * start's independent first piece, so the buffered range holding the position begins at that
 * key frame. Null (seek straight to the position) where nothing is buffered at or before it,
 * or the lead is too short to gain anything or too long to be that range.
 */
export function firstPictureTime(buffered: BufferedRanges | null | undefined, position: number): number | null {
  if (!buffered) return null;
  let start: number | null = null;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= position) start = buffered.start(i);
  }
  if (start === null) return null;
  const lead = position - start;
  return lead >= FIRST_PICTURE_MIN_LEAD_S && lead <= FIRST_PICTURE_MAX_LEAD_S ? start : null;
}

/**
 * What the element should hold ahead of the start's position before it plays from there (s):
 * what it holds at its target latency on our origin (0.4-0.6 s measured: a 0.2 s part arrives
 * as the one before it plays out).
 */
export const START_AHEAD_S = 0.5;
/** How long the second seek waits, after the picture, for the media that holds START_AHEAD_S (ms). */
export const START_MEDIA_PATIENCE_MS = 200;

/**
 * The second seek's position (pure), or null while it should wait. The engine aimed `position`
 * at its latency target from the edge it knew at its first append; the live edge has moved on
 * by `elapsedS` since (the key frame's picture, then this wait). The position moves on by as
 * much, and no more, so a start never comes nearer the edge than the engine's own target (for
 * a stream of whole segments, seconds back); and only as far as leaves START_AHEAD_S buffered
 * ahead in the range holding it. Without this every start played 0.1-0.3 s further behind than
 * its target (the bench's latency p95 is the start's). Null while less than START_AHEAD_S is
 * buffered ahead and the caller is still `patient`; after that, the position as it is.
 */
export function secondSeekPosition(
  buffered: BufferedRanges | null | undefined,
  position: number,
  elapsedS: number,
  patient: boolean,
): number | null {
  let end = position;
  for (let i = 0; buffered && i < buffered.length; i++) {
    if (buffered.start(i) <= position && buffered.end(i) > position) end = buffered.end(i);
  }
  if (end - position < START_AHEAD_S) return patient ? null : position;
  return position + Math.max(0, Math.min(elapsedS, end - START_AHEAD_S - position));
}
