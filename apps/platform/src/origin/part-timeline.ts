/**
 * LL-HLS partial segments on the wall clock. Pure functions of `now`, like
 * timeline.ts: every fixture fragment is one part, and a part is published at
 * its end, never earlier, because that is when a real packager could have
 * finished writing it.
 *
 * Parts are counted from the epoch ("absolute" part numbers): part `i` of
 * segment `msn` is absolute part `msn * partsPerSegment + i` and covers
 * [abs, abs + 1) * partDuration of wall-clock and media time. Absolute
 * numbers make "how far apart are two parts" a subtraction, also across
 * segment and loop boundaries.
 */

import { latestPublishedMsn } from './timeline.ts';

export interface PartGrid {
  segmentDurationMs: number;
  /** Parts per segment (one fixture fragment each). */
  fragmentsPerSegment: number;
}

/** A part as a playlist names it: `part-<msn>.<index>.m4s`. */
export interface PartRef {
  msn: number;
  index: number;
}

/** Where the stream stands at some instant. */
export interface LiveEdge {
  /** Newest complete (published) segment. */
  lastSegment: number;
  /** Parts of the segment in progress (lastSegment + 1) that are published: 0 .. partsPerSegment - 1. */
  partsInProgress: number;
  /** Absolute number of the newest published part. */
  lastPart: number;
}

export function partDurationMs(grid: PartGrid): number {
  return grid.segmentDurationMs / grid.fragmentsPerSegment;
}

export function absolutePart(ref: PartRef, grid: PartGrid): number {
  return ref.msn * grid.fragmentsPerSegment + ref.index;
}

export function partRef(absolute: number, grid: PartGrid): PartRef {
  const msn = Math.floor(absolute / grid.fragmentsPerSegment);
  return { msn, index: absolute - msn * grid.fragmentsPerSegment };
}

/**
 * Wall-clock end of a part, in ms since the epoch. Computed from the segment
 * duration rather than by multiplying a rounded part duration, so a part
 * that closes a segment ends exactly when the segment does.
 */
export function partEndMs(absolute: number, grid: PartGrid): number {
  return ((absolute + 1) * grid.segmentDurationMs) / grid.fragmentsPerSegment;
}

export function partStartMs(absolute: number, grid: PartGrid): number {
  return (absolute * grid.segmentDurationMs) / grid.fragmentsPerSegment;
}

/** Absolute number of the newest part whose end is not after `nowMs` (-1 before the first). */
export function latestPublishedPart(nowMs: number, grid: PartGrid): number {
  return Math.floor((nowMs * grid.fragmentsPerSegment) / grid.segmentDurationMs) - 1;
}

export function isPartPublished(absolute: number, nowMs: number, grid: PartGrid): boolean {
  return partEndMs(absolute, grid) <= nowMs;
}

export function liveEdge(nowMs: number, grid: PartGrid): LiveEdge {
  const lastSegment = latestPublishedMsn(nowMs, grid.segmentDurationMs);
  const lastPart = latestPublishedPart(nowMs, grid);
  // The newest segment ends with its last part, so this is never negative
  // and never reaches a whole segment.
  const partsInProgress = lastPart - (lastSegment + 1) * grid.fragmentsPerSegment + 1;
  return { lastSegment, partsInProgress, lastPart };
}

/**
 * What a blocking playlist request (`_HLS_msn`, `_HLS_part`) waits for, as an
 * absolute part number: with no part, the whole segment, i.e. its last part;
 * a part index past the segment's last means part 0 of the next segment
 * (draft-pantos-hls-rfc8216bis §6.2.5.2).
 */
export function awaitedPart(msn: number, part: number | undefined, grid: PartGrid): number {
  if (part === undefined) return absolutePart({ msn, index: grid.fragmentsPerSegment - 1 }, grid);
  if (part >= grid.fragmentsPerSegment) return absolutePart({ msn: msn + 1, index: 0 }, grid);
  return absolutePart({ msn, index: part }, grid);
}

/**
 * The Advance Part Limit of §6.2.5.2: how many parts past the newest one a
 * client may ask to wait for (three seconds' worth of parts shorter than one
 * second, otherwise three parts).
 */
export function advancePartLimit(grid: PartGrid): number {
  const partMs = partDurationMs(grid);
  return partMs < 1000 ? Math.floor(3000 / partMs) : 3;
}

export type BlockingDecision =
  { kind: 'ready' } | { kind: 'wait'; untilMs: number } | { kind: 'too-far'; message: string };

/**
 * Whether a blocking reload can be answered now, must wait until a given
 * instant, or asks for something so far ahead that the server should refuse
 * it at once (§6.2.5.2: more than two segments past the newest one, or more
 * than the Advance Part Limit past the newest part).
 */
export function decideBlocking(msn: number, part: number | undefined, nowMs: number, grid: PartGrid): BlockingDecision {
  const edge = liveEdge(nowMs, grid);
  if (msn > edge.lastSegment + 2) {
    return { kind: 'too-far', message: `_HLS_msn=${msn} is more than two segments past ${edge.lastSegment}` };
  }
  const awaited = awaitedPart(msn, part, grid);
  if (part !== undefined && awaited - edge.lastPart > advancePartLimit(grid)) {
    const last = partRef(edge.lastPart, grid);
    return {
      kind: 'too-far',
      message: `_HLS_part=${part} of segment ${msn} is more than ${advancePartLimit(grid)} parts past ${last.msn}.${last.index}`,
    };
  }
  if (awaited <= edge.lastPart) return { kind: 'ready' };
  return { kind: 'wait', untilMs: partEndMs(awaited, grid) };
}
