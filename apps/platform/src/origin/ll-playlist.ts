/**
 * The live media playlist as LL-HLS (draft-pantos-hls-rfc8216bis) publishes
 * it: the rolling window of whole segments that every player can use, plus
 * the parts near the live edge, a preload hint for the next part and a
 * rendition report per sibling. A pure function of `now`, like the rest of
 * the origin; no tag needs more than version 7 except EXT-X-SKIP.
 */

import type { SkipRequest } from './delivery-directives.ts';
import { liveEdge, partDurationMs, partRef } from './part-timeline.ts';
import type { LiveEdge, PartGrid, PartRef } from './part-timeline.ts';
import { PLAYLIST_VERSION, formatProgramDateTime, quoted, uriLine } from './playlist.ts';
import { publishedWindow, segmentStartMs } from './timeline.ts';

/**
 * Complete segments whose parts stay listed, besides the segment in
 * progress. §6.2.2 says to drop parts more than three target durations from
 * the end of the playlist: with two complete segments the oldest listed part
 * is at most 2 + (partsPerSegment - 1) parts' worth from the end, so under
 * three target durations at every instant, while three segments would
 * overstep it for most of each second (and hls-parser's strict mode, which
 * counts the segment in progress, refuses it).
 */
export const PARTED_SEGMENTS = 2;
/** PART-HOLD-BACK in parts: the draft requires 2, recommends at least 3; 5 gives hls.js a second of slack. */
export const PART_HOLD_BACK_PARTS = 5;
/** HOLD-BACK in target durations: the draft's minimum. */
export const HOLD_BACK_TARGETS = 3;
/** CAN-SKIP-UNTIL in target durations: the draft's minimum. */
export const CAN_SKIP_UNTIL_TARGETS = 6;

// §8: EXT-X-SKIP needs version 9, its RECENTLY-REMOVED-DATERANGES attribute 10.
const SKIP_VERSION = 9;
const SKIP_DATERANGES_VERSION = 10;

export interface LowLatencyPlaylistOptions extends PartGrid {
  /** How many of the newest complete segments to list. */
  windowSize: number;
  /** URIs of the sibling renditions' playlists, relative to this one (`../360p/media.m3u8`). */
  siblings: readonly string[];
  /** A Playlist Delta Update (`_HLS_skip`) replaces old segments with EXT-X-SKIP. */
  skip?: SkipRequest;
  mapUri?: string;
  segmentUri?: (msn: number) => string;
  partUri?: (part: PartRef) => string;
  /** Whether a part starts with a keyframe; by default only each segment's first does. */
  partIndependent?: (part: PartRef) => boolean;
}

/** The EXT-X-SERVER-CONTROL and EXT-X-PART-INF values, in seconds. */
export interface LowLatencyTiming {
  targetDurationS: number;
  partTargetS: number;
  partHoldBackS: number;
  holdBackS: number;
  canSkipUntilS: number;
}

export function lowLatencyTiming(grid: PartGrid): LowLatencyTiming {
  const targetDurationS = Math.ceil(grid.segmentDurationMs / 1000);
  // Every part lasts exactly this long, so it is the target itself.
  const partTargetS = partDurationMs(grid) / 1000;
  return {
    targetDurationS,
    partTargetS,
    partHoldBackS: PART_HOLD_BACK_PARTS * partTargetS,
    holdBackS: HOLD_BACK_TARGETS * targetDurationS,
    canSkipUntilS: CAN_SKIP_UNTIL_TARGETS * targetDurationS,
  };
}

export const defaultSegmentUri = (msn: number): string => `seg-${msn}.m4s`;
export const defaultPartUri = (part: PartRef): string => `part-${part.msn}.${part.index}.m4s`;

/** Decimal seconds without float noise, and always with a fraction (0.2, 1.0). */
function seconds(value: number): string {
  const exact = Number(value.toFixed(6));
  return Number.isInteger(exact) ? exact.toFixed(1) : String(exact);
}

/**
 * How many of the window's oldest segments a delta update leaves out: those
 * that end at least CAN-SKIP-UNTIL before the end of the newest complete
 * segment. Measuring from that segment rather than from the newest part
 * skips a little less than allowed, never more.
 */
export function skippedSegments(first: number, last: number, segmentDurationMs: number, canSkipUntilS: number): number {
  const boundaryMs = (last + 1) * segmentDurationMs - canSkipUntilS * 1000;
  const lastSkipped = Math.floor(boundaryMs / segmentDurationMs) - 1;
  return Math.max(0, Math.min(last - first + 1, lastSkipped - first + 1));
}

/** LAST-MSN / LAST-PART of a rendition report: the newest part, as every rendition shares the clock. */
export function renditionReportAttributes(edge: LiveEdge, grid: PartGrid): string {
  const last = partRef(edge.lastPart, grid);
  return `LAST-MSN=${last.msn},LAST-PART=${last.index}`;
}

const firstPartIndependent = (part: PartRef): boolean => part.index === 0;

function partLines(
  msn: number,
  count: number,
  grid: PartGrid,
  partUri: (part: PartRef) => string,
  partIndependent: (part: PartRef) => boolean,
): string[] {
  const duration = `DURATION=${(partDurationMs(grid) / 1000).toFixed(3)}`;
  return Array.from({ length: count }, (_, index) => {
    // A segment's first part always starts on a keyframe (the fixture checks it).
    const independent = index === 0 || partIndependent({ msn, index }) ? ',INDEPENDENT=YES' : '';
    return `#EXT-X-PART:${duration},URI=${quoted(partUri({ msn, index }))}${independent}`;
  });
}

/** The media playlist at `nowMs`, in full or as a delta update. */
export function renderLowLatencyPlaylist(nowMs: number, options: LowLatencyPlaylistOptions): string {
  const grid: PartGrid = {
    segmentDurationMs: options.segmentDurationMs,
    fragmentsPerSegment: options.fragmentsPerSegment,
  };
  const segmentUri = options.segmentUri ?? defaultSegmentUri;
  const partUri = options.partUri ?? defaultPartUri;
  const partIndependent = options.partIndependent ?? firstPartIndependent;
  const timing = lowLatencyTiming(grid);
  const window = publishedWindow(nowMs, grid.segmentDurationMs, options.windowSize);
  const edge = liveEdge(nowMs, grid);
  const skip = options.skip ?? 'none';
  const skipped =
    skip === 'none' ? 0 : skippedSegments(window.first, window.last, grid.segmentDurationMs, timing.canSkipUntilS);

  let version = PLAYLIST_VERSION;
  let skipTag: string | undefined;
  if (skipped > 0) {
    // v2 also skips date ranges; there are none, so none was recently removed either.
    const dateranges = skip === 'segments-and-dateranges' ? ',RECENTLY-REMOVED-DATERANGES=""' : '';
    version = dateranges ? SKIP_DATERANGES_VERSION : SKIP_VERSION;
    skipTag = `#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}${dateranges}`;
  }

  const serverControl = [
    'CAN-BLOCK-RELOAD=YES',
    `CAN-SKIP-UNTIL=${seconds(timing.canSkipUntilS)}`,
    `PART-HOLD-BACK=${seconds(timing.partHoldBackS)}`,
    `HOLD-BACK=${seconds(timing.holdBackS)}`,
  ];
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${version}`,
    `#EXT-X-TARGETDURATION:${timing.targetDurationS}`,
    `#EXT-X-SERVER-CONTROL:${serverControl.join(',')}`,
    `#EXT-X-PART-INF:PART-TARGET=${seconds(timing.partTargetS)}`,
    // Unchanged by a delta update: it numbers the first segment, skipped or not.
    `#EXT-X-MEDIA-SEQUENCE:${window.first}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  if (skipTag) lines.push(skipTag);
  // After EXT-X-SKIP: it applies to every listed segment, so it is not one of the skipped tags.
  lines.push(`#EXT-X-MAP:URI=${quoted(options.mapUri ?? 'init.mp4')}`);

  const extinf = `#EXTINF:${(grid.segmentDurationMs / 1000).toFixed(3)},`;
  for (let msn = window.first + skipped; msn <= window.last; msn++) {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${formatProgramDateTime(segmentStartMs(msn, grid.segmentDurationMs))}`);
    if (msn > window.last - PARTED_SEGMENTS)
      lines.push(...partLines(msn, grid.fragmentsPerSegment, grid, partUri, partIndependent));
    lines.push(extinf, uriLine(segmentUri(msn)));
  }
  const inProgress = edge.lastSegment + 1;
  if (edge.partsInProgress > 0) {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${formatProgramDateTime(segmentStartMs(inProgress, grid.segmentDurationMs))}`);
    lines.push(...partLines(inProgress, edge.partsInProgress, grid, partUri, partIndependent));
  }
  // The next part, published one part duration from now at the latest.
  lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI=${quoted(partUri({ msn: inProgress, index: edge.partsInProgress }))}`);
  const report = renditionReportAttributes(edge, grid);
  for (const sibling of options.siblings) lines.push(`#EXT-X-RENDITION-REPORT:URI=${quoted(sibling)},${report}`);
  // No EXT-X-ENDLIST: the stream is live and never ends.
  return `${lines.join('\n')}\n`;
}
