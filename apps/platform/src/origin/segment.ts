/**
 * Builds the bytes of a live segment (or a single fragment, a future LL-HLS
 * part) by re-stamping fixture fragments for their place on the wall clock.
 */

import type { Fixture, Rendition } from './fixture.ts';
import { rewriteFragmentInto } from './fragment.ts';
import { segmentMetadataBoxes } from './timed-metadata.ts';
import { fragmentSequenceNumber, locateSegment } from './timeline.ts';

const NO_PREFIX = new Uint8Array(0);

function shiftFor(rendition: Rendition, loop: number): (trackId: number, original: number) => number {
  // Each loop continues the decode timeline where the previous one ended, so
  // nothing jumps at the seam and media time stays equal to epoch time.
  const loopDurations = new Map(rendition.tracks.map((t) => [t.trackId, t.loopDuration]));
  return (trackId, original) => original + loop * (loopDurations.get(trackId) ?? 0);
}

// `prefix` (top-level boxes such as emsg) is written in front of the first
// moof. package-fixture writes every tfhd as default-base-is-moof, so trun
// data offsets count from their own moof and survive any shift (a test checks
// the committed fixture).
function fragmentAt(rendition: Rendition, globalFragmentIndex: number, prefix: Uint8Array): Uint8Array {
  if (!Number.isSafeInteger(globalFragmentIndex) || globalFragmentIndex < 0) {
    throw new RangeError(`invalid fragment index ${globalFragmentIndex}`);
  }
  const perLoop = rendition.fragments.length;
  const loop = Math.floor(globalFragmentIndex / perLoop);
  const fragment = rendition.fragments[globalFragmentIndex - loop * perLoop];
  if (!fragment) throw new RangeError(`fixture has no fragment for index ${globalFragmentIndex}`);
  const out = new Uint8Array(prefix.byteLength + fragment.bytes.byteLength);
  out.set(prefix, 0);
  rewriteFragmentInto(
    fragment.bytes,
    fragment.layout,
    { sequenceNumber: fragmentSequenceNumber(globalFragmentIndex), baseMediaDecodeTime: shiftFor(rendition, loop) },
    out,
    prefix.byteLength,
  );
  return out;
}

function segmentWith(fixture: Fixture, rendition: Rendition, msn: number, prefix: Uint8Array): Uint8Array {
  const where = locateSegment(msn, fixture);
  const fragments = rendition.fragments.slice(
    where.firstLocalFragment,
    where.firstLocalFragment + fixture.fragmentsPerSegment,
  );
  if (fragments.length !== fixture.fragmentsPerSegment) {
    throw new RangeError(`fixture has no segment ${where.localSegment}`);
  }
  const out = new Uint8Array(fragments.reduce((sum, f) => sum + f.bytes.byteLength, prefix.byteLength));
  out.set(prefix, 0);
  const baseMediaDecodeTime = shiftFor(rendition, where.loop);
  let offset = prefix.byteLength;
  fragments.forEach((f, i) => {
    const sequenceNumber = fragmentSequenceNumber(where.firstGlobalFragment + i);
    rewriteFragmentInto(f.bytes, f.layout, { sequenceNumber, baseMediaDecodeTime }, out, offset);
    offset += f.bytes.byteLength;
  });
  return out;
}

/**
 * Fragment number `globalFragmentIndex` counted from the epoch (fragment i
 * covers [i, i+1) * fragmentDurationMs), media only.
 */
export function buildFragmentAt(rendition: Rendition, globalFragmentIndex: number): Uint8Array {
  return fragmentAt(rendition, globalFragmentIndex, NO_PREFIX);
}

/** The media segment with media sequence number `msn`, media only. */
export function buildSegment(fixture: Fixture, rendition: Rendition, msn: number): Uint8Array {
  return segmentWith(fixture, rendition, msn, NO_PREFIX);
}

/** The segment as the origin serves it: its timed metadata, then its media. */
export function buildSegmentWithMetadata(fixture: Fixture, rendition: Rendition, msn: number): Uint8Array {
  return segmentWith(fixture, rendition, msn, segmentMetadataBoxes(msn, fixture.segmentDurationMs));
}

/**
 * A future LL-HLS part (one fragment) as the origin would serve it. The part
 * that opens a segment carries the segment's emsg boxes, so a client that
 * plays parts sees the same events as one that loads whole segments, and the
 * parts of a segment concatenate to exactly the served segment.
 */
export function buildPartAt(fixture: Fixture, rendition: Rendition, globalFragmentIndex: number): Uint8Array {
  const opensSegment = globalFragmentIndex % fixture.fragmentsPerSegment === 0;
  const msn = Math.floor(globalFragmentIndex / fixture.fragmentsPerSegment);
  const prefix = opensSegment ? segmentMetadataBoxes(msn, fixture.segmentDurationMs) : NO_PREFIX;
  return fragmentAt(rendition, globalFragmentIndex, prefix);
}
