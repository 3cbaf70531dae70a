/**
 * The timed metadata a live encoder would insert into each segment: ID3 tags
 * carried in version 1 `emsg` boxes in front of the segment's first `moof`.
 * hls.js hands these to the page as metadata cues (and the FRAG_PARSING_METADATA
 * event), which is how the platform delivers its live captions and lets a
 * player tie a segment to its wall-clock time without trusting the playlist.
 *
 * Everything is a pure function of the media sequence number, like the media
 * itself, so every origin process stamps identical bytes.
 */

import { EMSG_UNKNOWN_DURATION, ID3_EMSG_SCHEME, buildEmsgV1 } from './emsg.ts';
import type { EmsgV1 } from './emsg.ts';
import { buildId3Tag, txxxFrame } from './id3.ts';
import { concatBytes } from './mp4-boxes.ts';
import { formatProgramDateTime } from './playlist.ts';
import { segmentStartMs } from './timeline.ts';

/** The MPEG-TS clock, which ID3-aware players and tools assume by habit. */
export const METADATA_TIMESCALE = 90_000;
/** TXXX description of the per-segment event. */
export const SEGMENT_EVENT = 'onair:segment';
/** TXXX description of a live caption. */
export const CAPTION_EVENT = 'caption';
/** A caption starts on every segment whose msn is a multiple of this. */
export const CAPTION_EVERY_SEGMENTS = 2;

const ID_SPACE = 2 ** 32;

export interface SegmentEventPayload {
  msn: number;
  /** Same string as the segment's EXT-X-PROGRAM-DATE-TIME. */
  programDateTime: string;
}

function toTimescale(ms: number): number {
  // Exact: media time is whole milliseconds and the timescale a multiple of 1000.
  return (ms * METADATA_TIMESCALE) / 1000;
}

function id3Event(id: number, startMs: number, durationMs: number, description: string, value: string): EmsgV1 {
  const eventDuration = toTimescale(durationMs);
  return {
    timescale: METADATA_TIMESCALE,
    presentationTime: toTimescale(startMs),
    eventDuration: eventDuration < EMSG_UNKNOWN_DURATION ? eventDuration : EMSG_UNKNOWN_DURATION,
    id,
    schemeIdUri: ID3_EMSG_SCHEME,
    value: '',
    messageData: buildId3Tag([txxxFrame(description, value)]),
  };
}

/** `Live caption 12:34:56 UTC` for the wall-clock instant `ms`. */
export function captionText(ms: number): string {
  return `Live caption ${new Date(ms).toISOString().slice(11, 19)} UTC`;
}

/**
 * The events that start in segment `msn`, in the order they are written.
 *
 * Every event shares the scheme and the (empty) value, and a repeated
 * (scheme, value, id) means "the same event again" to a DASH client, so ids
 * interleave: 2·msn for the segment event, 2·msn + 1 for a caption, wrapping
 * at 2^32 (once every ~68 years of 1 s segments).
 */
export function segmentMetadataEvents(msn: number, segmentDurationMs: number): EmsgV1[] {
  if (!Number.isSafeInteger(msn) || msn < 0) throw new RangeError(`invalid media sequence number ${msn}`);
  const startMs = segmentStartMs(msn, segmentDurationMs);
  const payload: SegmentEventPayload = { msn, programDateTime: formatProgramDateTime(startMs) };
  const events = [id3Event((2 * msn) % ID_SPACE, startMs, segmentDurationMs, SEGMENT_EVENT, JSON.stringify(payload))];
  if (msn % CAPTION_EVERY_SEGMENTS === 0) {
    // A caption stays up until the next one replaces it.
    const durationMs = CAPTION_EVERY_SEGMENTS * segmentDurationMs;
    events.push(id3Event((2 * msn + 1) % ID_SPACE, startMs, durationMs, CAPTION_EVENT, captionText(startMs)));
  }
  return events;
}

/** The `emsg` boxes that go in front of segment `msn`'s first `moof`. */
export function segmentMetadataBoxes(msn: number, segmentDurationMs: number): Uint8Array {
  return concatBytes(segmentMetadataEvents(msn, segmentDurationMs).map(buildEmsgV1));
}
