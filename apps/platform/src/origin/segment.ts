/**
 * Builds the bytes of a live segment (or a single fragment, a future LL-HLS
 * part) by re-stamping fixture fragments for their place on the wall clock.
 */

import type { Fixture, Rendition } from './fixture.ts';
import { rewriteFragmentInto } from './fragment.ts';
import { fragmentSequenceNumber, locateSegment } from './timeline.ts';

function shiftFor(rendition: Rendition, loop: number): (trackId: number, original: number) => number {
  // Each loop continues the decode timeline where the previous one ended, so
  // nothing jumps at the seam and media time stays equal to epoch time.
  const loopDurations = new Map(rendition.tracks.map((t) => [t.trackId, t.loopDuration]));
  return (trackId, original) => original + loop * (loopDurations.get(trackId) ?? 0);
}

/**
 * Fragment number `globalFragmentIndex` counted from the epoch (fragment i
 * covers [i, i+1) * fragmentDurationMs).
 */
export function buildFragmentAt(rendition: Rendition, globalFragmentIndex: number): Uint8Array {
  if (!Number.isSafeInteger(globalFragmentIndex) || globalFragmentIndex < 0) {
    throw new RangeError(`invalid fragment index ${globalFragmentIndex}`);
  }
  const perLoop = rendition.fragments.length;
  const loop = Math.floor(globalFragmentIndex / perLoop);
  const fragment = rendition.fragments[globalFragmentIndex - loop * perLoop];
  if (!fragment) throw new RangeError(`fixture has no fragment for index ${globalFragmentIndex}`);
  const out = new Uint8Array(fragment.bytes.byteLength);
  rewriteFragmentInto(
    fragment.bytes,
    fragment.layout,
    { sequenceNumber: fragmentSequenceNumber(globalFragmentIndex), baseMediaDecodeTime: shiftFor(rendition, loop) },
    out,
    0,
  );
  return out;
}

/** The media segment with media sequence number `msn`. */
export function buildSegment(fixture: Fixture, rendition: Rendition, msn: number): Uint8Array {
  const where = locateSegment(msn, fixture);
  const fragments = rendition.fragments.slice(
    where.firstLocalFragment,
    where.firstLocalFragment + fixture.fragmentsPerSegment,
  );
  if (fragments.length !== fixture.fragmentsPerSegment) {
    throw new RangeError(`fixture has no segment ${where.localSegment}`);
  }
  const out = new Uint8Array(fragments.reduce((sum, f) => sum + f.bytes.byteLength, 0));
  const baseMediaDecodeTime = shiftFor(rendition, where.loop);
  let offset = 0;
  fragments.forEach((f, i) => {
    const sequenceNumber = fragmentSequenceNumber(where.firstGlobalFragment + i);
    rewriteFragmentInto(f.bytes, f.layout, { sequenceNumber, baseMediaDecodeTime }, out, offset);
    offset += f.bytes.byteLength;
  });
  return out;
}
